// A reload must never loop: a broken deploy could otherwise reload a page forever.
// Each path may be reloaded at most once per 10 seconds; the guard lives in sessionStorage
// so it survives the reload itself.

export const RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = 'reload-guard:';

/** Reloads the page unless this path was reloaded in the last 10 s. Returns whether it did. */
export function guardedReload(reason: string, now = Date.now()): boolean {
  const key = KEY_PREFIX + location.pathname;
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(key)) || 0;
  } catch {
    // No storage means no guard; reloading then could loop, so refuse.
    return false;
  }
  if (now - last < RELOAD_GUARD_MS) {
    console.warn(`[reload] skipped (${reason}): this page reloaded less than 10 s ago`);
    return false;
  }
  sessionStorage.setItem(key, String(now));
  console.info(`[reload] ${reason}`);
  location.reload();
  return true;
}
