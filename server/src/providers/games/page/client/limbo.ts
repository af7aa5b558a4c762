import type { LimboOutcome } from '#core/games/protocol.ts';
import {
  LIMBO_TARGET_MAX,
  LIMBO_TARGET_MIN,
  limboStakeRule,
  limboTarget,
  limboWinningDraws,
} from '#core/games/limbo.ts';
import { TWO_32 } from '#core/games/crash.ts';
import { payoutKind } from '#core/games/outcome.ts';
import { ANY_STAKE } from '#core/games/fair-stake.ts';
import { field, h } from './dom.ts';
import { betMinStakeText, type Ctx, type MechanicUi } from './mechanic.ts';

/** 2.00× pays a whole number of cents on every stake, so the page opens on a target that takes any stake. */
const OPENING_TARGET = '2.00';
const TARGET_TEXT = /^\d{1,7}(\.\d{1,2})?$/;

/** The field's text as the API wants it ("2.5" → "2.50"), or '' when it is not a number with two decimals at most. */
const asTarget = (text: string) => (TARGET_TEXT.test(text.trim()) ? Number(text.trim()).toFixed(2) : '');

/** Limbo: a target multiplier, its win chance, and the drawn multiplier shown large. */
export function limboUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const two = new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const range = { min: two.format(LIMBO_TARGET_MIN / 100), max: two.format(LIMBO_TARGET_MAX / 100) };
  const number = h('input', {
    type: 'number',
    name: 'target',
    step: '0.01',
    min: '1.01',
    max: '1000000',
    value: OPENING_TARGET,
    inputmode: 'decimal',
    required: true,
  });
  const targetField = field(t('limbo.target'), number, t('limbo.target_hint', range));
  const odds = h('p', { class: 'odds' });
  const minimum = h('p', { class: 'hint', 'data-bet-min': true });
  const result = h('p', { class: 'big-result', 'aria-hidden': 'true', 'data-limbo-result': true }, '—');

  const target = () => limboTarget(asTarget(number.value));
  const betRule = () => {
    const hundredths = target();
    return hundredths === undefined ? ANY_STAKE : limboStakeRule(hundredths);
  };
  const updateOdds = () => {
    const hundredths = target();
    minimum.textContent = hundredths === undefined ? '' : betMinStakeText(t, ctx.money, ctx.minBet, betRule());
    if (hundredths === undefined) return void (odds.textContent = '');
    odds.textContent = t('limbo.odds', {
      chance: new Intl.NumberFormat(ctx.intl, { style: 'percent', maximumSignificantDigits: 4 }).format(
        Number(limboWinningDraws(hundredths)) / TWO_32,
      ),
      multiplier: two.format(hundredths / 100),
    });
  };
  number.addEventListener('input', updateOdds);
  updateOdds();

  return {
    controls: h('div', { class: 'controls' }, targetField, odds, minimum),
    board: result,
    action: t('limbo.play'),
    stakeRule: betRule,
    bet(stake) {
      const text = asTarget(number.value);
      if (limboTarget(text) === undefined) return { error: t('errors.target', range), focus: number };
      return { type: 'limbo', amount: stake, target: text };
    },
    show(round) {
      const outcome = round.outcome as LimboOutcome;
      result.textContent = `${two.format(Number(outcome.result))}×`;
      result.dataset.outcome = payoutKind(round.stake, round.win);
    },
  };
}
