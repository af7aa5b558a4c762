// Loaded when a reality check is due: asks the server (another tab may have acknowledged it
// meanwhile), then shows the modal dialog with the time since sign-in and the session's result.
import { acknowledgeRealityCheck, getResponsibleGaming } from '../api/responsible-gaming';
import type { ResponsibleGaming } from '../../core/api/contract';
import { interpolate } from '../../core/i18n/interpolate';
import type { Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';

type Schedule = (nextAt: string | null) => void;
let wired = false;

function fill(dialog: HTMLDialogElement, data: ResponsibleGaming) {
  const locale = document.documentElement.lang as Locale;
  const minutes = Math.max(0, Math.floor((Date.now() - new Date(data.session_started_at).getTime()) / 60_000));
  const time = interpolate(dialog.dataset.time ?? '', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const money = (amount: string) => formatMoney(amount, data.currency, locale);
  const { deposits, stakes, wins, net } = data.session;
  dialog.querySelector('[data-reality-elapsed]')!.textContent = interpolate(dialog.dataset.elapsed ?? '', { time });
  dialog.querySelector('[data-reality-result]')!.textContent = interpolate(dialog.dataset.result ?? '', {
    deposits: money(deposits),
    stakes: money(stakes),
    wins: money(wins),
    net: money(net),
  });
}

function wire(dialog: HTMLDialogElement, schedule: Schedule) {
  if (wired) return;
  wired = true;
  const acknowledge = async () => {
    const { next_at } = await acknowledgeRealityCheck();
    dialog.close();
    schedule(next_at);
  };
  // Esc would dismiss it unanswered: it must be acknowledged.
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.querySelector('[data-reality-continue]')!.addEventListener('click', () => {
    acknowledge().catch((error) => console.error('[reality-check] acknowledgement failed', error));
  });
  dialog.querySelector('[data-reality-history]')!.addEventListener('click', (event) => {
    event.preventDefault();
    const href = (event.currentTarget as HTMLAnchorElement).href;
    acknowledge().finally(() => location.assign(href));
  });
  dialog.querySelector('[data-reality-sign-out]')!.addEventListener('click', (event) => {
    const home = (event.currentTarget as HTMLElement).dataset.home || '/';
    void import('../stores/sign-out').then(({ signOut }) => signOut(home));
  });
}

export async function openRealityCheck(schedule: Schedule) {
  const dialog = document.querySelector<HTMLDialogElement>('#reality-check-dialog');
  if (!dialog || dialog.open) return;
  try {
    const data = await getResponsibleGaming();
    const next = data.reality_check_next_at;
    if (!next || new Date(next).getTime() > Date.now()) return schedule(next);
    wire(dialog, schedule);
    fill(dialog, data);
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-reality-continue]')!.focus();
  } catch (error) {
    // Signed out meanwhile, or offline: nothing to show.
    console.error('[reality-check] could not load the session', error);
  }
}
