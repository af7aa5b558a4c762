/** How often and for how long to look for a hash target that an island may render late. */
export const HASH_POLL_INTERVAL_MS = 100;
export const HASH_POLL_TIMEOUT_MS = 3000;

function targetOf(hash: string): Element | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/**
 * Scrolls smoothly to the element named by the hash, polling every 100 ms for up to 3 s for it
 * to appear. Resolves with whether the element was found.
 */
export function scrollToHash(hash: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const attempt = () => {
      const target = targetOf(hash);
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        resolve(true);
      } else if (Date.now() - started >= HASH_POLL_TIMEOUT_MS) {
        resolve(false);
      } else {
        setTimeout(attempt, HASH_POLL_INTERVAL_MS);
      }
    };
    attempt();
  });
}

/** Every page starts at the top, unless its URL names a target to scroll to. */
export function initNavigation(): void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  if (location.hash.length > 1) {
    void scrollToHash(location.hash);
  } else {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }
  window.addEventListener('hashchange', () => void scrollToHash(location.hash));
}
