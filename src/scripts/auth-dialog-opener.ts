// Opens the sign-in and registration dialogs from header links, `#sign-in` / `#sign-up` URLs and
// 401 answers. React and the dialogs are fetched only when one opens.
import { $authDialog, openAuthDialog, type AuthDialog } from '../stores/dialogs';

const HASHES: Record<string, AuthDialog> = {
  '#sign-in': 'sign-in',
  '#sign-up': 'sign-up',
  '#forgot-password': 'forgot-password',
};
let mounted: Promise<unknown> | undefined;

function openFromHash() {
  const dialog = HASHES[location.hash];
  if (dialog) openAuthDialog(dialog);
}

export function initAuthDialogOpener() {
  $authDialog.subscribe((dialog) => {
    if (dialog) mounted ??= import('../islands/mount-auth-dialogs').then((module) => module.mountAuthDialogs());
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>('[data-open-auth]');
    if (!link) return;
    event.preventDefault();
    openAuthDialog(link.dataset.openAuth as AuthDialog);
  });
  window.addEventListener('hashchange', openFromHash);
  openFromHash();
}
