import type { Context } from 'hono';

/**
 * A file a player uploaded (an identity or source-of-funds document), answered to staff. The file
 * is untrusted: a PDF is downloaded (opened by the staff member's own viewer, never rendered with
 * the console's origin), an image shown; both under a sandboxing CSP, never cached.
 */
export function playerFileResponse(c: Context, doc: { mime: string; content: Uint8Array }, name: string) {
  const extension = doc.mime === 'application/pdf' ? 'pdf' : doc.mime === 'image/png' ? 'png' : 'jpg';
  return c.body(new Uint8Array(doc.content), 200, {
    'Content-Type': doc.mime,
    'Content-Disposition': `${extension === 'pdf' ? 'attachment' : 'inline'}; filename="${name}.${extension}"`,
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
  });
}
