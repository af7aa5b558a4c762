// The reality check (UKGC RTS 13) on every page while signed in. The server keeps when the session
// began and when it was last acknowledged, so every tab and page agrees on when the next one is due.
// The API client is loaded only with a token, keeping public pages inside their budget.
import { interpolate } from '../i18n/interpolate';
import { formatMoney } from '../i18n/money-format';
import type { Locale } from '../i18n/locales.mjs';
import type { ResponsibleGaming } from '../api/contract';
import { $token } from '../stores/session';

const api = () => import('../api/responsible-gaming');

export function initRealityCheck() {
  const dialog = document.querySelector<HTMLDialogElement>('#reality-check-dialog');
  if (!dialog) return;
  const locale = document.documentElement.lang as Locale;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const text = (selector: string, value: string) => {
    const element = dialog.querySelector(selector);
    if (element) element.textContent = value;
  };

  function fill(data: ResponsibleGaming) {
    const minutes = Math.max(0, Math.floor((Date.now() - new Date(data.session_started_at).getTime()) / 60_000));
    const time = interpolate(dialog!.dataset.time ?? '', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    const money = (amount: string) => formatMoney(amount, data.currency, locale);
    text('[data-reality-elapsed]', interpolate(dialog!.dataset.elapsed ?? '', { time }));
    const { deposits, stakes, wins, net } = data.session;
    text('[data-reality-result]', interpolate(dialog!.dataset.result ?? '', { deposits: money(deposits), stakes: money(stakes), wins: money(wins), net: money(net) }));
  }

  /** Asks the server when the next check is due and waits for it; when due, shows it. */
  async function check() {
    clearTimeout(timer);
    if (!$token.get() || dialog!.open) return;
    try {
      const data = await (await api()).getResponsibleGaming();
      const next = data.reality_check_next_at;
      if (!next) return;
      const wait = new Date(next).getTime() - Date.now();
      if (wait > 0) {
        // Re-asked at the due time: another tab may have acknowledged meanwhile.
        timer = setTimeout(check, Math.min(wait, 2_147_000_000));
        return;
      }
      fill(data);
      dialog!.showModal();
      dialog!.querySelector<HTMLElement>('[data-reality-continue]')?.focus();
    } catch (error) {
      console.error('[reality-check] could not load the session', error);
    }
  }

  async function acknowledge() {
    await (await api()).acknowledgeRealityCheck();
    dialog!.close();
  }

  // Esc would dismiss without an answer: the check must be acknowledged.
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.querySelector('[data-reality-continue]')?.addEventListener('click', () => {
    acknowledge().then(check, (error) => console.error('[reality-check] acknowledgement failed', error));
  });
  dialog.querySelector<HTMLAnchorElement>('[data-reality-history]')?.addEventListener('click', (event) => {
    event.preventDefault();
    const href = (event.currentTarget as HTMLAnchorElement).href;
    acknowledge().finally(() => location.assign(href));
  });
  dialog.querySelector<HTMLElement>('[data-reality-sign-out]')?.addEventListener('click', (event) => {
    const home = (event.currentTarget as HTMLElement).dataset.home || '/';
    void import('../stores/sign-out').then(({ signOut }) => signOut(home));
  });
  // A changed interval (profile screen) or a tab coming back: ask again.
  window.addEventListener('rg:changed', () => void check());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  $token.listen((token) => (token ? void check() : clearTimeout(timer)));
  void check();
}
