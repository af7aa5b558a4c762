// The browser half of the editor's key. `npm run cms` prints the editor's address with a key made
// for this run in its fragment (`/admin/#key=…`): browsers never send a fragment to a server, so it
// stays out of requests and logs. This script keeps the key in sessionStorage (this tab and origin
// only), takes it out of the address bar, and adds it as a header to Decap's calls to /api/v1,
// which refuses every call without it.
(() => {
  // Decap starts from config.js, after this script.
  /** @type {Window & { CMS_MANUAL_INIT?: boolean }} */ (window).CMS_MANUAL_INIT = true;
  const STORE = 'amberplay-cms-key';
  const handed = /^#key=([\w-]{43})$/.exec(location.hash);
  if (handed?.[1]) {
    sessionStorage.setItem(STORE, handed[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const key = sessionStorage.getItem(STORE);
  if (!key) return;
  const api = new URL('/api/v1', location.href).href;
  const send = window.fetch.bind(window);
  /** @type {typeof fetch} */
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, location.href).href !== api) return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('x-cms-key', key);
    return send(input, { ...init, headers });
  };
})();
