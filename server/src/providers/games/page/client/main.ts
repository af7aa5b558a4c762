// The demo provider's game page: loads the session, builds the mechanic's controls, plays rounds,
// and tells the site (exact origin) that the balance changed after each one.
import type { GameSessionState } from '#core/games/protocol.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { LOCALE_INTL } from '#core/i18n/locales.ts';
import { checkAmount, normaliseAmount } from '#core/api/money.ts';
import { payoutKind } from '#core/games/outcome.ts';
import { GameError, providerApi } from './api.ts';
import { diceUi } from './dice.ts';
import { limboUi } from './limbo.ts';
import { kenoUi } from './keno.ts';
import { decimalInput, field, h, moneyFormatter, translator, uid, type Messages } from './dom.ts';
import { fairnessPanels } from './fairness.ts';
import { describe, isRefusal, openingStake, type BetRefusal, type Ctx, type MechanicUi } from './mechanic.ts';
import { rouletteUi } from './roulette.ts';
import { baccaratUi } from './baccarat.ts';
import { slotUi } from './slot.ts';
import { renderSteps } from './steps.ts';
import {
  actionBar,
  celebrate,
  GAME_TITLE_ID,
  gameHeader,
  gameLandmark,
  listenToSite,
  resultRegion,
  winScale,
} from './layout.ts';
import { infoPanel } from './info.ts';
import { quickStakeButtons } from './quick-stake-buttons.ts';
import { sessionPanel } from './session-panel.ts';
import { oddsAtStake } from './odds-at-stake.ts';
import { play } from './sound.ts';
import { quickToggle, setMotionFloor, waitUntil } from './motion.ts';
import { isStepMechanic } from '#core/games/steps.ts';
import { takesQuickStake } from '#core/games/registry.ts';
import { joinSentences } from '#core/i18n/sentences.ts';

interface PageConfig {
  sessionId: string;
  locale: Locale;
  /** Where balance-changed goes: the site's origin, or '' for this page's own origin. */
  siteOrigin: string;
  messages: Messages;
}

const config = JSON.parse(document.getElementById('game-config')!.textContent!) as PageConfig;
const t = translator(config.messages);
const api = providerApi(config.sessionId);
const root = document.getElementById('game')!;
const alert = document.getElementById('game-alert')!;
gameLandmark(root, window.parent !== window, GAME_TITLE_ID);

function showError(error: unknown) {
  if (error instanceof GameError) {
    alert.textContent = error.detail ?? (error.status === 0 ? t('errors.network') : t('errors.ended'));
    // Unknown or expired session: nothing more can be played here.
    if (error.status === 404 || error.status === 410) {
      for (const control of root.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input, select'))
        control.disabled = true;
      if (!error.detail) alert.textContent = t('errors.ended');
    }
    return;
  }
  console.error('[game] unexpected error', error);
  alert.textContent = t('errors.network');
}

/** Each single-round mechanic's controls and board; a slot's where none is listed. */
const MECHANIC_VIEWS: Readonly<Record<string, (ctx: Ctx) => MechanicUi>> = {
  dice: diceUi,
  roulette: rouletteUi,
  baccarat: baccaratUi,
  limbo: limboUi,
  keno: kenoUi,
};

const mechanicUi = (state: GameSessionState, ctx: Ctx): MechanicUi =>
  (MECHANIC_VIEWS[state.game.mechanic] ?? slotUi)(ctx);

function render(state: GameSessionState) {
  const money = moneyFormatter(state.currency, config.locale);
  const ctx: Ctx = {
    t,
    money,
    intl: LOCALE_INTL[config.locale] ?? 'en-US',
    gameId: state.game.id,
    minBet: state.min_bet,
  };
  const ui = mechanicUi(state, ctx);
  const balance = h('strong', { 'data-balance': true }, money(state.balance));
  const result = resultRegion();
  const stake = decimalInput('stake', openingStake(state.min_bet, ui.stakeRule?.()));
  const limits = { min: money(state.min_bet), max: money(state.max_bet) };
  const formId = uid('bet');
  const submit = h('button', { type: 'submit', class: 'primary', form: formId, 'data-action-button': true }, ui.action);
  // The result and the action button share a bar that sticks to the bottom of the frame, so both
  // are in view after a round whatever the board's and the controls' height (layout.ts, style.css).
  // Quick play shortens the animations: offered only where the market allows it (RTS 14, GlüStV §22a).
  const offerQuick = state.game.mechanic !== 'dice' && !state.forbidden_features.includes('quick_play');
  const form = h(
    'form',
    { class: 'bet', id: formId, novalidate: true },
    ui.controls,
    field(t('stake'), stake, t('stake_hint', limits)),
    oddsAtStake(state, t, ctx.intl),
    ui.extra,
    offerQuick ? quickToggle(t('play.quick'), uid('quick')) : null,
  );
  const session = sessionPanel(t, money, state.session_id);
  const bar = actionBar(result, submit, session.bar);
  const board = h('div', { class: 'board' }, ui.board);
  const panels = fairnessPanels(ctx, api, state.fairness, [...state.rounds], showError);
  if (takesQuickStake(state.game.mechanic))
    quickStakeButtons(t, stake, { min: state.min_bet, max: state.max_bet }, () => ui.stakeRule?.());

  const refuse = ({ error, focus }: BetRefusal) => {
    alert.textContent = error;
    focus.setAttribute('aria-invalid', 'true');
    focus.focus();
  };
  /** The stake as the API wants it ("2,5" → "2.50"), or null after showing why not. */
  const readStake = () => {
    const checked = checkAmount(normaliseAmount(stake.value), state.min_bet, state.max_bet);
    if ('amount' in checked) return checked.amount;
    refuse({ error: t('errors.stake', limits), focus: stake });
    return null;
  };
  ui.bind?.(readStake, refuse);

  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // One round at a time; the button keeps focus (aria-disabled, not disabled), so Enter or Space
    // plays again once the round is settled.
    if (busy) return;
    alert.textContent = '';
    for (const invalid of form.querySelectorAll('[aria-invalid]')) invalid.removeAttribute('aria-invalid');
    const amount = readStake();
    if (!amount) return;
    const bet = ui.bet(amount);
    if (isRefusal(bet)) return refuse(bet);
    busy = true;
    // The market's game cycle counts from this click: the result shows no sooner, so the next
    // click can never come too fast for the wallet (403 too_fast).
    const cycleEnds = performance.now() + state.minimum_round_seconds * 1000;
    submit.setAttribute('aria-disabled', 'true');
    form.setAttribute('aria-busy', 'true');
    result.textContent = t('busy');
    delete result.dataset.outcome;
    play(state.game.mechanic === 'baccarat' ? 'card' : 'spin');
    celebrate(board, 0);
    // The site keeps its balance until this round's result is shown, as the page does.
    holdSiteBalance();
    try {
      const response = await api.play(bet);
      setMotionFloor(cycleEnds - performance.now());
      await ui.show(response.round);
      await waitUntil(cycleEnds);
      panels.add(response.round);
      session.add(response.round);
      // A payout at or below the stake is not a win: neither said nor coloured as one (UKGC RTS 7).
      const { stake: staked, win: paid } = response.round;
      const kind = payoutKind(staked, paid);
      result.dataset.outcome = kind;
      const verdict =
        kind === 'win'
          ? t('outcome.win', { win: money(paid) })
          : kind === 'return'
            ? t('outcome.returned', { payout: money(paid), stake: money(staked) })
            : t('outcome.loss');
      // The slot's lines are listed on its board; the bar says the verdict only.
      result.textContent =
        response.round.outcome.type === 'slot'
          ? verdict
          : joinSentences(ctx.intl, describe(response.round.outcome, ctx), verdict);
      // The wallet moved before the animation; the balance says so only now, after the result.
      balance.textContent = money(response.balance);
      play(kind === 'win' ? 'win' : 'stop');
      celebrate(board, kind === 'win' ? winScale(staked, paid) : 0);
    } catch (error) {
      result.textContent = '';
      showError(error);
    } finally {
      // The site refreshes its header from its own API; the message carries no figures.
      notify();
      busy = false;
      submit.removeAttribute('aria-disabled');
      form.removeAttribute('aria-busy');
    }
  });

  root.replaceChildren(
    gameHeader(state, t, balance),
    h('div', { class: 'play' }, board, form, bar),
    infoPanel(state, ctx),
    session.section,
    ...panels.sections,
  );
  root.removeAttribute('aria-busy');
  document.title = state.game.name;
  pageReady();
}

const toSite = (type: 'balance-changed' | 'round-started') => {
  if (window.parent !== window) window.parent.postMessage({ type }, config.siteOrigin || location.origin);
};
/** The result is on screen: the site shows the balance now. */
const notify = () => toSite('balance-changed');
/** A round starts: the site's balance waits for its result (`notify`). */
const holdSiteBalance = () => toSite('round-started');
const pageReady = () => listenToSite(config.siteOrigin || location.origin);
api.state().then(
  (state) =>
    isStepMechanic(state.game.mechanic)
      ? (renderSteps(state, {
          t,
          money: moneyFormatter(state.currency, config.locale),
          root,
          alert,
          showError,
          notify,
          hold: holdSiteBalance,
          api,
          intl: LOCALE_INTL[config.locale] ?? 'en-US',
        }),
        pageReady(),
        // A resumed round's result is still to come (the site forgets any hold when a page is ready).
        state.open_round && holdSiteBalance())
      : render(state),
  (error) => {
    root.removeAttribute('aria-busy');
    root.replaceChildren();
    // No heading to name a framed region by: the alert says it all.
    if (window.parent !== window) for (const name of ['role', 'aria-labelledby']) root.removeAttribute(name);
    showError(error);
  },
);
