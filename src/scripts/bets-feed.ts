// The bets feed (home page and /play) without React: rows arrive from the page's one live stream
// as rounds settle on any node, at most FEED_RATE a second (sampled beyond). Server data is set as
// text only, never as HTML.
import type { BetEvent } from '../../core/api/contract';
import type { Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { createBetsFeed, FEED_TABS, feedTabAfterKey, type FeedTab } from '../stores/bets-feed';
import { $liveState, onLiveEvent } from '../stores/live-events';
import { $token } from '../stores/session';
import { followPublicStream } from './public-stream';

interface Texts {
  hidden: string;
  empty: string;
  signed_out: string;
}

export function initBetsFeed() {
  const root = document.querySelector<HTMLElement>('[data-bets-feed]');
  if (!root) return;
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const locale = document.documentElement.lang as Locale;
  const time = new Intl.DateTimeFormat(root.dataset.intl ?? 'en-US', { timeStyle: 'medium' });
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panel = root.querySelector<HTMLElement>('[role="tabpanel"]')!;
  const table = panel.querySelector<HTMLElement>('[data-feed-table]')!;
  const body = panel.querySelector<HTMLElement>('[data-feed-rows]')!;
  const empty = panel.querySelector<HTMLElement>('[data-feed-empty]')!;
  const state = root.querySelector<HTMLElement>('[data-feed-state]')!;
  const feed = createBetsFeed();
  let current: FeedTab = 'all';

  const cell = (text: string, className?: string) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };
  const row = (bet: BetEvent) => {
    const tr = document.createElement('tr');
    tr.dataset.round = bet.round;
    if (bet.mine) tr.dataset.mine = '';
    const when = document.createElement('time');
    when.dateTime = bet.at;
    when.textContent = time.format(new Date(bet.at));
    const at = cell('');
    at.append(when);
    // Only a payout above the stake is a win (UKGC RTS 7): a lower or equal return is plain text.
    tr.append(
      cell(bet.game),
      cell(bet.player ?? texts.hidden, bet.player === null ? 'bets-feed__hidden' : undefined),
      at,
      cell(formatMoney(bet.stake, bet.currency, locale)),
      cell(bet.multiplier === null ? '—' : `${bet.multiplier}×`),
      cell(formatMoney(bet.payout, bet.currency, locale), bet.win ? 'bets-feed__win' : undefined),
    );
    return tr;
  };

  const render = () => {
    const bets = feed.lists[current];
    const signedOutMine = current === 'mine' && !$token.get();
    body.replaceChildren(...(signedOutMine ? [] : bets.map(row)));
    table.hidden = signedOutMine || bets.length === 0;
    empty.hidden = !table.hidden;
    empty.textContent = signedOutMine ? texts.signed_out : texts.empty;
    root.dataset.tab = current;
  };

  const select = (tab: FeedTab, focus: boolean) => {
    current = tab;
    for (const button of tabs) {
      const selected = button.dataset.tab === tab;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      if (selected) {
        panel.setAttribute('aria-labelledby', button.id);
        if (focus) button.focus();
      }
    }
    render();
  };
  for (const button of tabs) button.addEventListener('click', () => select(button.dataset.tab as FeedTab, false));
  root.querySelector('[role="tablist"]')!.addEventListener('keydown', (event) => {
    const next = feedTabAfterKey(current, (event as KeyboardEvent).key);
    if (!next) return;
    event.preventDefault();
    select(next, true);
  });

  onLiveEvent((name, data) => {
    if (name === 'bet' && feed.add(data as BetEvent).includes(current)) render();
  });
  $liveState.subscribe((live) => {
    state.hidden = live !== 'reconnecting';
    root.dataset.live = live;
  });
  $token.listen(render);
  select(FEED_TABS[0], false);
  followPublicStream();
}
