// The reality check (UKGC RTS 13) on every page while signed in. The server says when it is next
// due (`reality_check_next_at` on the user, kept per sign-in, so every tab and page agrees); this
// waits for that moment and only then loads the dialog's code, keeping public pages in budget.
import { $user } from '../stores/session';

let timer: ReturnType<typeof setTimeout> | undefined;

/** Waits until `nextAt` (null: reality checks are off), then opens the check. */
export function scheduleRealityCheck(nextAt: string | null | undefined) {
  clearTimeout(timer);
  if (!nextAt) return;
  const wait = Math.max(0, new Date(nextAt).getTime() - Date.now());
  timer = setTimeout(
    () => {
      void import('./reality-check-dialog').then(({ openRealityCheck }) => openRealityCheck(scheduleRealityCheck));
    },
    Math.min(wait, 2_147_000_000),
  );
}

export function initRealityCheck() {
  if (!document.querySelector('#reality-check-dialog')) return;
  let seen: string | null | undefined;
  $user.subscribe((user) => {
    // Only GET /api/user/me carries the due time; other answers that update the user leave it be.
    if (user && !('reality_check_next_at' in user)) return;
    const nextAt = user?.reality_check_next_at ?? null;
    if (nextAt === seen) return;
    seen = nextAt;
    scheduleRealityCheck(nextAt);
  });
  // The profile screen changed the interval: it passes the new due time.
  window.addEventListener('rg:changed', (event) => scheduleRealityCheck((event as CustomEvent<string | null>).detail));
}
