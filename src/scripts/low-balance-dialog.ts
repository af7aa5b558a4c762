// Shows the deposit invitations (low balance, welcome) when the store says so; focus goes back
// where it was, or to the main heading when that is gone.
import { $balanceDialog } from '../stores/dialogs';
import { watchLowBalance } from '../stores/low-balance';
import { $user } from '../stores/session';
import { formatMoney } from '../../core/i18n/money-format';
import type { Locale } from '../../core/i18n/locales.ts';
import { restoreFocus } from './focus-fallback';

function sessionStore(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

export function initLowBalanceDialog() {
  const dialogs = [...document.querySelectorAll<HTMLDialogElement>('dialog[data-balance-dialog]')];
  if (!dialogs.length) return;
  let returnFocus: HTMLElement | null = null;

  $balanceDialog.subscribe((which) => {
    for (const dialog of dialogs) {
      const open = dialog.dataset.balanceDialog === which;
      if (open && !dialog.open) {
        const user = $user.get();
        const amount = dialog.querySelector('[data-low-balance-amount]');
        if (user && amount)
          amount.textContent = formatMoney(user.balance, user.currency, document.documentElement.lang as Locale);
        returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      } else if (!open && dialog.open) {
        dialog.close();
      }
    }
  });
  for (const dialog of dialogs) {
    // Esc, the close buttons and the deposit link all end in 'close'.
    dialog.addEventListener('close', () => {
      if ($balanceDialog.get() === dialog.dataset.balanceDialog) $balanceDialog.set(null);
      restoreFocus(returnFocus);
    });
    for (const button of dialog.querySelectorAll('[data-close-dialog]'))
      button.addEventListener('click', () => dialog.close());
  }
  watchLowBalance({ quiet: dialogs.some((dialog) => dialog.hasAttribute('data-quiet')), storage: sessionStore() });
}
