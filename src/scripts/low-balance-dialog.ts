// Shows the low-balance <dialog> whenever the store says so; focus goes back where it was.
import { $lowBalanceOpen } from '../stores/dialogs';
import { watchLowBalance } from '../stores/low-balance';
import { $user } from '../stores/session';
import { formatMoney } from '../i18n/money-format';
import type { Locale } from '../i18n/locales.mjs';

export function initLowBalanceDialog() {
  const dialog = document.querySelector<HTMLDialogElement>('#low-balance-dialog');
  if (!dialog) return;
  let returnFocus: HTMLElement | null = null;

  $lowBalanceOpen.subscribe((open) => {
    if (open && !dialog.open) {
      const user = $user.get();
      const amount = dialog.querySelector('[data-low-balance-amount]');
      if (user && amount) amount.textContent = formatMoney(user.balance, user.currency, document.documentElement.lang as Locale);
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  });
  // Esc, the close buttons and the deposit link all end in 'close'.
  dialog.addEventListener('close', () => {
    $lowBalanceOpen.set(false);
    returnFocus?.focus();
  });
  for (const button of dialog.querySelectorAll('[data-close-dialog]')) button.addEventListener('click', () => dialog.close());
  watchLowBalance();
}
