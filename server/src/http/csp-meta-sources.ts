/**
 * The site's CSP is a `<meta>` the build writes into every page, and a header could only narrow it,
 * so sources known only while the site runs (the active game providers' origins) join a directive of
 * that meta as the server serves the page.
 */

/** The page with `sources` added to its CSP meta's `directive` (URL origins: no quote, space or `;`). */
export function withCspSources(html: string, directive: 'frame-src' | 'img-src', sources: readonly string[]): string {
  if (!sources.length) return html;
  // The directive starts the content or follows a `;`: `img-src` never matches inside another name.
  const pattern = new RegExp(
    `(<meta http-equiv="content-security-policy" content="(?:[^"]*?;\\s*)?${directive} [^;"]*)`,
    'i',
  );
  return html.replace(pattern, (found) => `${found} ${sources.join(' ')}`);
}
