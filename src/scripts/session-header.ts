// The header's signed-in state on every page, without React: it subscribes to the same stores
// the profile islands use.
import { $unreadNotifications } from '../stores/notifications';
import { $token, $user } from '../stores/session';
import { formatMoney } from '../../core/i18n/money-format';
import type { Locale } from '../../core/i18n/locales.ts';

export function initSessionHeader() {
  const root = document.documentElement;
  $token.subscribe((token) => root.setAttribute('data-session', token ? 'in' : 'out'));

  $user.subscribe((user) => {
    for (const name of document.querySelectorAll<HTMLElement>('[data-session-username]')) {
      if (user) name.textContent = user.username;
    }
    for (const wrap of document.querySelectorAll<HTMLElement>('[data-session-balance-wrap]')) {
      wrap.hidden = !user;
      const value = wrap.querySelector('[data-session-balance]');
      if (user && value)
        value.textContent = formatMoney(user.balance, user.currency, document.documentElement.lang as Locale);
    }
  });

  $unreadNotifications.subscribe((count) => {
    for (const badge of document.querySelectorAll<HTMLElement>('[data-unread-badge]')) {
      badge.hidden = count === 0;
      badge.querySelector('[data-unread-count]')!.textContent = count > 99 ? '99+' : String(count);
    }
  });

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    button.addEventListener('click', () => {
      button.disabled = true;
      // The API client loads only now: a signed-out visitor never downloads it.
      void import('../stores/sign-out').then(({ signOut }) => signOut(button.dataset.home || '/'));
    });
  }
}
