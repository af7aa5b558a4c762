/** Runs the staff email-change page's own script as a browser would, on a stand-in of the page. */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';

export interface OpenedLink {
  /** Whether the page's Content-Security-Policy allows exactly this inline script. */
  allowed: boolean;
  /** Where the page's form posts, and the token it carries when the script submits it (else undefined). */
  action: string;
  posted: string | undefined;
  /** The address bar once the script ran (path, query and fragment). */
  address: string;
}

/** The page's inline `<script>` on a page opened at `address` (path and fragment of the mailed link). */
export function runOpenLinkScript(page: { body: string; headers: Headers }, address: string): OpenedLink {
  const script = /<script>([\s\S]*)<\/script>/.exec(page.body)?.[1] ?? '';
  const hash = createHash('sha256').update(script).digest('base64');
  const allowed = (page.headers.get('content-security-policy') ?? '').includes(`script-src 'sha256-${hash}'`);
  const form = /<form id="([^"]+)" method="post" action="([^"]+)">/.exec(page.body);
  const url = new URL(address, 'http://api.test');
  const location = { pathname: url.pathname, search: url.search, hash: url.hash };
  const history = {
    state: null,
    replaceState(_state: unknown, _title: string, next: string) {
      const moved = new URL(next, url);
      Object.assign(location, { pathname: moved.pathname, search: moved.search, hash: moved.hash });
    },
  };
  const fields = { token: { value: '' } };
  let posted: string | undefined;
  const element = { elements: fields, submit: () => (posted = fields.token.value) };
  const document = { getElementById: (id: string) => (id === form?.[1] ? element : null) };
  runInNewContext(script, { location, history, document, URLSearchParams });
  return {
    allowed,
    action: form?.[2] ?? '',
    posted,
    address: `${location.pathname}${location.search}${location.hash}`,
  };
}
