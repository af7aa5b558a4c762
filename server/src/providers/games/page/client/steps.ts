// The multi-step games' page (blackjack, mines, crash): a bet form that opens a round, then the
// round's own buttons (hit/stand/double/split, the 5×5 grid and cash out, cash out while the
// multiplier rises), every step sent with its own action_id. An open round is resumed on load.
import type { GameSessionState, RoundView, StepRoundView } from '#core/games/protocol.ts';
import { checkAmount, fromCents, toCents, normaliseAmount } from '#core/api/money.ts';
import { crashMultiplierAt, crashTarget, crashTimeOf, hundredthsText } from '#core/games/crash.ts';
import { betStakeRule } from '#core/games/registry.ts';
import { betMinStakeText, openingStake } from './mechanic.ts';
import type { ProviderApi } from './api.ts';
import { decimalInput, field, h, uid, type T } from './dom.ts';
import { fairnessPanels } from './fairness.ts';
import { rovingGrid } from './grid-keys.ts';
import { actionBar, celebrate, gameHeader, resultRegion, winScale } from './layout.ts';
import { play } from './sound.ts';
import { quickToggle, waitUntil } from './motion.ts';
import { infoPanel } from './info.ts';
import { quickStakeButtons } from './quick-stake-buttons.ts';
import { sessionPanel } from './session-panel.ts';
import { crashCurve } from './crash-curve.ts';
import { cardBack, cardNode, cardText, dealTime } from './cards.ts';
import { handMark, type ViewedHand } from './blackjack-hand.ts';

interface Deps {
  t: T;
  money: (amount: string) => string;
  root: HTMLElement;
  alert: HTMLElement;
  showError: (error: unknown) => void;
  /** Tells the site the balance changed (no figures). */
  notify: () => void;
  /** Tells the site a round started: its balance waits for `notify`. */
  hold: () => void;
  api: ProviderApi;
  /** Locale-aware number formatting (display only). */
  intl: string;
}

type StepResponse = { round: StepRoundView; balance: string };
interface Hand extends ViewedHand {
  cards: string[];
  soft: boolean;
  stake: string;
  doubled: boolean;
}

/**
 * A mines multiplier with two decimals, rounded down (1.0312 → 1.03), for display only: the round's
 * view keeps four, so Verify of rounds stored before still compares the same text, and the payout is
 * worked out from the exact fraction.
 */
const twoDecimals = (text: unknown) => String(text).replace(/(\.\d{2})\d+$/, '$1');

/** The mine count the page opens on. */
const MINES_OPENING = 3;
/** The choices the page opens on, for each multi-step game (each reads its own). */
const OPENING_BET = { mines: MINES_OPENING, auto_cashout: '2.00' };
/** How many of the player's last crash points the strip above the curve shows. */
const LAST_CRASH_POINTS = 20;

export function renderSteps(state: GameSessionState, deps: Deps) {
  const { t, money, root, alert } = deps;
  const mechanic = state.game.mechanic as 'blackjack' | 'mines' | 'crash';
  const call = (path: string, body?: unknown) => deps.api.request<StepResponse>(path, body);

  const balance = h('strong', { 'data-balance': true }, money(state.balance));
  const result = resultRegion();
  const mines = h(
    'select',
    { name: 'mines' },
    ...Array.from({ length: 24 }, (_, i) =>
      h('option', { value: String(i + 1), selected: i + 1 === MINES_OPENING }, String(i + 1)),
    ),
  );
  /** The stakes the chosen bet takes (a mine count's; crash's whole euros or from 9.50). */
  const betRule = () => betStakeRule(mechanic, { ...OPENING_BET, type: mechanic, mines: Number(mines.value) });
  const stake = decimalInput('stake', openingStake(state.min_bet, betRule()));
  const limits = { min: money(state.min_bet), max: money(state.max_bet) };
  const target = decimalInput('auto_cashout', OPENING_BET.auto_cashout);
  const stakeRuleHint = h('p', { class: 'hint', 'data-bet-min': true });
  const showStakeRule = () => (stakeRuleHint.textContent = betMinStakeText(t, money, state.min_bet, betRule()));
  mines.addEventListener('change', showStakeRule);
  showStakeRule();
  const controls = h(
    'div',
    {},
    mechanic === 'mines'
      ? field(t('steps.mines_count'), mines, t('steps.mines_hint'))
      : mechanic === 'crash'
        ? field(t('steps.target'), target, t('steps.target_hint'))
        : null,
    stakeRuleHint,
  );
  const formId = uid('bet');
  const submit = h(
    'button',
    { type: 'submit', class: 'primary', form: formId, 'data-action-button': true },
    t(mechanic === 'blackjack' ? 'steps.deal' : 'steps.start'),
  );
  // The round's own buttons (hit, stand, cash out) sit with the result and the deal/start button in
  // the bar that sticks to the bottom of the frame.
  const actions = h('div', { class: 'step-actions' });
  const stakeField = field(t('stake'), stake, t('stake_hint', limits));
  const form = h(
    'form',
    { class: 'bet', id: formId, novalidate: true },
    // Crash's stake comes first: under its curve, the target and its hints would push the stake
    // below the bar that sticks to the bottom of a 360 px frame.
    mechanic === 'crash' ? stakeField : controls,
    mechanic === 'crash' ? controls : stakeField,
    // Quick play only where the market allows it (RTS 14, GlüStV §22a), as on the other games.
    mechanic === 'blackjack' && !state.forbidden_features.includes('quick_play')
      ? quickToggle(t('play.quick'), uid('quick'))
      : null,
  );
  const session = sessionPanel(t, money, state.session_id);
  const bar = actionBar(result, actions, submit, session.bar);
  quickStakeButtons(t, stake, { min: state.min_bet, max: state.max_bet }, betRule);

  // The board.
  const dealer = h('p', { 'data-dealer': true });
  const hands = h('ul', { class: 'slip', 'data-hands': true });
  const cells = Array.from({ length: 25 }, (_, cell) =>
    h(
      'button',
      {
        type: 'button',
        class: 'cell',
        'data-cell': cell,
        'aria-label': t('steps.cell', { n: cell + 1 }),
        disabled: true,
      },
      '',
    ),
  );
  // One tab stop: the arrow keys, Home and End move over the 5×5 grid, Enter or Space reveals. A
  // revealed cell stays focusable (aria-disabled), so the moves keep their shape in an open round.
  const grid = h('div', { class: 'mines-grid', role: 'group', 'aria-label': t('steps.grid') }, ...cells);
  const cellKeys = rovingGrid(Array.from({ length: 5 }, (_, row) => cells.slice(row * 5, row * 5 + 5)));
  /** A cell that can be revealed now. */
  const revealable = (cell: HTMLButtonElement) => !cell.disabled && cell.getAttribute('aria-disabled') !== 'true';
  const multiplier = h('p', { class: 'big-result', 'data-multiplier': true }, '—');
  const curve = crashCurve({ time: t('steps.axis_time'), multiplier: t('steps.axis_multiplier') });
  // Crash: the crash points of the player's last rounds here, newest first.
  const strip = h('ol', { class: 'crash-strip', 'aria-label': t('steps.last_points') });
  const crashPoints = state.rounds.map((round) => (round.outcome as { crash_point?: string }).crash_point);
  const showStrip = () =>
    strip.replaceChildren(
      ...crashPoints
        .slice(0, LAST_CRASH_POINTS)
        .map((point) => h('li', { 'data-high': Number(point) >= 2 || undefined }, `${point}×`)),
    );
  showStrip();
  const info = h('p', { class: 'hint', 'data-info': true });
  const board =
    mechanic === 'blackjack'
      ? h('div', { class: 'blackjack-board' }, h('h2', { class: 'small hand-label' }, t('steps.dealer')), dealer, hands)
      : mechanic === 'mines'
        ? h('div', {}, grid, multiplier, info)
        : h('div', { class: 'crash-board' }, strip, curve.chart, multiplier, info);

  // The rounds table, the seeds and Verify, which replays a finished round's recorded actions.
  const panels = fairnessPanels(
    { t, money, intl: deps.intl, gameId: state.game.id, minBet: state.min_bet },
    deps.api,
    state.fairness,
    [...state.rounds],
    deps.showError,
  );
  const listed = new Set(state.rounds.map((round) => round.round_id));
  /** A round that has just finished goes first in the rounds table, once. */
  const record = (round: StepRoundView) => {
    if (round.state === 'open' || listed.has(round.round_id)) return;
    listed.add(round.round_id);
    panels.add({
      round_id: round.round_id,
      nonce: round.nonce,
      client_seed: round.client_seed,
      server_seed_hash: round.server_seed_hash,
      bet: round.bet as unknown as RoundView['bet'],
      outcome: round.view as unknown as RoundView['outcome'],
      stake: round.stake,
      win: round.win ?? '0.00',
      created_at: round.created_at,
      ...(round.history.length ? { actions: round.history } : {}),
    });
    session.add({ stake: round.stake, win: round.win ?? '0.00' });
    if (mechanic === 'crash') {
      crashPoints.unshift(String((round.view as { crash_point?: string }).crash_point));
      showStrip();
    }
  };

  let current: StepRoundView | null = null;
  /** Blackjack: the round on the table and how many cards of each hand are already shown. */
  let shownRound = '';
  const shownCards = new Map<string, number>();
  /** How long the last view's deal takes to show (the result waits for it). */
  let dealing = 0;
  /** When the result of the settled round may be shown (after its cards are dealt). */
  let announceAt = 0;
  /** Blackjack: when the cards being dealt in are down, so their totals and badges may show. */
  let countedAt = 0;
  let busy = false;
  /** The wallet's balance as last answered, shown with the next result; the round it was shown with. */
  let answeredBalance = state.balance;
  let revealedRound = '';
  /** When the market's game cycle lets the next round start (performance.now()). */
  let nextStartAt = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let ids = 0;
  const actionId = () => `${Date.now().toString(36)}-${(++ids).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

  const setBusy = (value: boolean) => {
    busy = value;
    form.toggleAttribute('aria-busy', value);
    for (const button of [...board.querySelectorAll('button'), ...actions.querySelectorAll('button')])
      if (value) button.disabled = true;
  };

  function outcomeText(round: StepRoundView) {
    const win = toCents(round.win ?? '0')!;
    const staked = toCents(round.stake)!;
    // A payout at or below the stake is never called a win.
    if (win > staked)
      return { kind: 'win', text: t('steps.result_win', { win: money(round.win!), stake: money(round.stake) }) };
    if (win === staked) return { kind: 'push', text: t('steps.result_push', { win: money(round.win!) }) };
    if (win > 0n)
      return {
        kind: 'partial',
        text: t('steps.result_partial', { win: money(round.win!), stake: money(round.stake) }),
      };
    return { kind: 'loss', text: t('steps.result_loss') };
  }

  function actionButton(action: string, label: string) {
    const button = h('button', { type: 'button', class: 'secondary', 'data-action': action }, label);
    button.addEventListener('click', () => void step({ action }));
    return button;
  }

  function show(round: StepRoundView) {
    current = round;
    const open = round.state === 'open';
    const view = round.view as Record<string, unknown>;
    actions.replaceChildren();
    if (mechanic === 'blackjack') {
      const d = view.dealer as { cards: string[]; total: number };
      // Only the cards new since the last view are dealt in (one after another); the hole card
      // stays face down while the round is open.
      const sameRound = shownRound === round.id;
      shownRound = round.id;
      let order = 0;
      const fresh = (key: string, index: number) => (sameRound && (shownCards.get(key) ?? 0) > index ? -1 : order++);
      const row = (key: string, cards: string[]) => {
        const nodes = cards.flatMap((card, index) => [...(index ? [' '] : []), cardNode(card, fresh(key, index))]);
        shownCards.set(key, cards.length);
        return nodes;
      };
      const dealerCards = row('dealer', d.cards);
      /** "Blackjack", "Bust" or "Push" beside a hand's total (once the dealer's hand is known, for the dealer). */
      const mark = (hand: ViewedHand) => {
        const which = handMark(hand);
        return which ? h('strong', { class: 'hand-mark', 'data-mark': which }, t(`steps.mark_${which}`)) : '';
      };
      dealer.replaceChildren(
        h('span', { class: 'visually-hidden' }, d.cards.map(cardText).join(' ')),
        h('span', { class: 'cards-row', 'aria-hidden': 'true' }, ...dealerCards, ...(open ? [' ', cardBack()] : [])),
        ...(open ? [] : [h('span', { class: 'hand-total' }, t('steps.total', { total: d.total })), ' ', mark(d)]),
      );
      const players = view.player as Hand[];
      hands.replaceChildren(
        ...players.map((hand, index) =>
          h(
            'li',
            { 'data-hand': index, 'aria-current': open && view.active === index ? 'true' : undefined },
            h(
              'strong',
              { class: 'hand-label' },
              players.length > 1 ? t('steps.hand', { n: index + 1 }) : t('steps.you'),
            ),
            h('span', { class: 'visually-hidden' }, hand.cards.map(cardText).join(' ')),
            h('span', { class: 'cards-row', 'aria-hidden': 'true' }, ...row(`hand${index}`, hand.cards)),
            h('span', { class: 'hand-total' }, t('steps.total', { total: hand.total })),
            ' ',
            mark(hand),
            ' ',
            h(
              'span',
              { class: 'hand-stake', 'data-doubled': hand.doubled || undefined },
              t(hand.doubled ? 'steps.stake_doubled' : 'steps.hand_stake', { amount: money(hand.stake) }),
            ),
          ),
        ),
      );
      dealing = dealTime(order);
      // Totals and badges wait for the cards they count, so "Bust" never comes before the card.
      // (A redraw of the same view keeps waiting for the same deal.)
      if (dealing > 0) countedAt = performance.now() + dealing;
      const counted = [...board.querySelectorAll<HTMLElement>('.hand-total, .hand-mark')];
      const wait = countedAt - performance.now();
      if (wait > 0) {
        for (const node of counted) node.hidden = true;
        setTimeout(() => counted.forEach((node) => (node.hidden = false)), wait);
      }
      if (open) for (const action of round.actions) actions.append(actionButton(action, t(`steps.${action}`)));
    } else if (mechanic === 'mines') {
      const revealed = new Set(view.revealed as number[]);
      const positions = new Set((view.positions as number[] | undefined) ?? []);
      cells.forEach((cell, index) => {
        const safe = revealed.has(index);
        const mine = positions.has(index);
        cell.textContent = safe ? '◆' : mine ? '✸' : '';
        cell.dataset.state = safe ? 'safe' : mine ? 'mine' : '';
        cell.setAttribute(
          'aria-label',
          t(safe ? 'steps.cell_safe' : mine ? 'steps.cell_mine' : 'steps.cell', { n: index + 1 }),
        );
        cell.disabled = !open;
        if (open && safe) cell.setAttribute('aria-disabled', 'true');
        else cell.removeAttribute('aria-disabled');
      });
      multiplier.textContent = `${twoDecimals(view.multiplier)}×`;
      info.textContent =
        open && view.next_multiplier ? t('steps.next', { value: twoDecimals(view.next_multiplier) }) : '';
      if (open && round.actions.includes('cashout'))
        actions.append(actionButton('cashout', t('steps.cashout', { amount: money(String(view.cashout)) })));
    } else {
      clearInterval(ticker);
      info.textContent = t('steps.auto', { value: String(view.auto_cashout) });
      if (open) {
        const received = performance.now();
        const elapsed = Number(view.elapsed_ms);
        const targetHundredths = crashTarget(String(view.auto_cashout)) ?? 100;
        let polled = received;
        const cashout = actionButton('cashout', t('steps.cashout_now'));
        const tick = () => {
          const now = elapsed + (performance.now() - received);
          const reached = Math.min(crashMultiplierAt(now), targetHundredths);
          multiplier.textContent = `${hundredthsText(reached)}×`;
          // What a cash-out would pay now, rounded down to the cent as the server pays it.
          cashout.textContent = t('steps.cashout', {
            amount: money(fromCents((toCents(round.stake)! * BigInt(reached)) / 100n)),
          });
          curve.draw(Math.min(now, crashTimeOf(targetHundredths)));
          // The server decides when the round ends; ask it now and then.
          if (!busy && performance.now() - polled > 1000) {
            polled = performance.now();
            void call(`/rounds/${round.id}`).then(
              (res) => res.round.state !== 'open' && finish(res),
              () => undefined,
            );
          }
        };
        tick();
        ticker = setInterval(tick, 100);
        actions.append(cashout);
      } else {
        multiplier.textContent = `${view.multiplier}×`;
        // The curve up to where the round ended: the cash-out, else the crash point.
        const cashed = Number(view.paid) > 0;
        const ended = crashTarget(String(cashed ? view.paid : view.crash_point));
        if (ended !== undefined || !cashed) curve.draw(crashTimeOf(ended ?? 100), cashed ? 'cashed' : 'crashed');
        info.textContent = t(Number(view.paid) > 0 ? 'steps.cashed' : 'steps.crashed', {
          value: String(view.paid ?? view.multiplier),
          crash: String(view.crash_point),
        });
      }
    }
    submit.disabled = open;
    // While a round is open its own buttons stand in the bar; a greyed deal or start button beside them is not.
    submit.hidden = open;
    form.toggleAttribute('aria-disabled', open);
    if (!open) {
      const outcome = outcomeText(round);
      const announce = () => {
        // The newest view decides (a later round may have started meanwhile).
        if (current !== round) return;
        result.dataset.outcome = outcome.kind;
        result.textContent = outcome.text;
        if (revealedRound === round.id) return;
        // The balance, the sound and the effect come with the result, never before the cards say it.
        revealedRound = round.id;
        balance.textContent = money(answeredBalance);
        deps.notify();
        settled(round);
      };
      if (dealing > 0) announceAt = performance.now() + dealing;
      dealing = 0;
      const wait = announceAt - performance.now();
      if (wait > 0) setTimeout(announce, wait);
      else announce();
    }
  }

  function finish(response: StepResponse) {
    answeredBalance = response.balance;
    show(response.round);
    record(response.round);
    if (response.round.state !== 'open') {
      // A round the server ended (crash, expiry) took its buttons away: focus returns to the action button.
      const focused = document.activeElement;
      if (!focused || focused === document.body || !focused.isConnected) submit.focus();
    } else if (mechanic === 'blackjack') play('card');
  }

  /** The end of a round: the win sound and effect only for a payout above the stake (UKGC RTS 7). */
  function settled(round: StepRoundView) {
    const kind = outcomeText(round).kind;
    play(kind === 'win' ? 'win' : 'stop');
    celebrate(board, kind === 'win' ? winScale(round.stake, round.win ?? '0') : 0);
  }

  /**
   * Focus stays in the round: on the same action when it is still offered, else the first one, else the deal/start
   * button.
   */
  function refocus(previous: string | undefined, cell: number | undefined) {
    const open = current?.state === 'open';
    const same = previous ? actions.querySelector<HTMLButtonElement>(`[data-action="${previous}"]`) : null;
    const target = !open
      ? submit
      : (same ??
        (cell !== undefined ? cells.slice(cell).concat(cells).find(revealable) : undefined) ??
        actions.querySelector('button') ??
        submit);
    target.focus();
  }

  async function step(body: Record<string, unknown>) {
    if (!current || busy) return;
    alert.textContent = '';
    const had =
      document.activeElement instanceof HTMLElement && actions.contains(document.activeElement)
        ? document.activeElement.dataset.action
        : undefined;
    const cell = typeof body.cell === 'number' ? body.cell : undefined;
    play('click');
    setBusy(true);
    try {
      finish(await call(`/rounds/${current.id}/actions`, { ...body, action_id: actionId() }));
    } catch (error) {
      deps.showError(error);
      // The round as the server has it.
      await call(`/rounds/${current.id}`).then(finish, () => undefined);
    } finally {
      setBusy(false);
      if (current) show(current);
      refocus(had, cell);
    }
  }

  cells.forEach((cell, index) => {
    cell.addEventListener('click', () => revealable(cell) && void step({ action: 'reveal', cell: index }));
    // The tab stop follows focus, so Tab out and back returns to the same cell.
    cell.addEventListener('focus', () => cellKeys.rove(cell));
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    for (const invalid of form.querySelectorAll('[aria-invalid]')) invalid.removeAttribute('aria-invalid');
    if (current?.state === 'open' || busy) return;
    const checked = checkAmount(normaliseAmount(stake.value), state.min_bet, state.max_bet);
    if (!('amount' in checked)) {
      alert.textContent = t('errors.stake', limits);
      stake.setAttribute('aria-invalid', 'true');
      return stake.focus();
    }
    const bet: Record<string, unknown> = { type: mechanic, amount: checked.amount };
    if (mechanic === 'mines') bet.mines = Number(mines.value);
    if (mechanic === 'crash') {
      const value = normaliseAmount(target.value);
      const normalized = /^\d{1,4}(\.\d{1,2})?$/.test(value) ? Number(value).toFixed(2) : '';
      if (crashTarget(normalized) === undefined) {
        alert.textContent = t('steps.target_error');
        target.setAttribute('aria-invalid', 'true');
        return target.focus();
      }
      bet.auto_cashout = normalized;
    }
    result.textContent = t('busy');
    delete result.dataset.outcome;
    setBusy(true);
    submit.disabled = true;
    // The market's game cycle runs between the starts of two rounds: a new one waits out what is left.
    await waitUntil(nextStartAt);
    nextStartAt = performance.now() + state.minimum_round_seconds * 1000;
    deps.hold();
    try {
      const response = await call('/rounds', { bet });
      answeredBalance = response.balance;
      result.textContent = '';
      setBusy(false);
      show(response.round);
      record(response.round);
      if (response.round.state !== 'open') {
        submit.focus();
      } else {
        play(mechanic === 'blackjack' ? 'card' : 'spin');
        (actions.querySelector('button') ?? cells.find(revealable))?.focus();
      }
    } catch (error) {
      result.textContent = '';
      deps.showError(error);
      deps.notify();
      setBusy(false);
      submit.disabled = false;
    }
  });

  root.replaceChildren(
    gameHeader(state, t, balance),
    h('div', { class: 'play' }, h('div', { class: 'board' }, board), form, bar),
    infoPanel(state, { t, money, intl: deps.intl, gameId: state.game.id, minBet: state.min_bet }),
    session.section,
    ...panels.sections,
  );
  root.removeAttribute('aria-busy');
  document.title = state.game.name;
  if (state.open_round) {
    show(state.open_round);
    result.textContent = t('steps.resumed');
  }
}
