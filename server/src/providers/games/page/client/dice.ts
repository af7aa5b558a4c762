import type { DiceOutcome } from '#core/games/protocol.ts';
import {
  diceStakeRule,
  diceTarget,
  diceTargetFor,
  diceTargetRange,
  diceWinningValues,
  DICE_VALUES,
} from '#core/games/dice.ts';
import { ANY_STAKE } from '#core/games/fair-stake.ts';
import { field, h, uid } from './dom.ts';
import { betMinStakeText, type Ctx, type MechanicUi } from './mechanic.ts';

/** A target in hundredths as the fields write it: 198 → "1.98". */
const asTarget = (hundredths: number) => (hundredths / 100).toFixed(2);

/** Over 50.49 pays exactly 2× (4 950 winning rolls), so it takes any stake: the page opens on it. */
const OPENING_TARGET = '50.49';

/** Dice: a target (number field and slider kept in step), over or under, and the roll. */
export function diceUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const intl = new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const number = h('input', {
    type: 'number',
    name: 'target',
    step: '0.01',
    value: OPENING_TARGET,
    inputmode: 'decimal',
    required: true,
  });
  const rangeText = (dir: 'over' | 'under') => {
    const { min, max } = diceTargetRange(dir);
    return { min: intl.format(min / 100), max: intl.format(max / 100) };
  };
  // Over is checked first; updateRange keeps the hint true when the direction changes.
  const targetField = field(t('dice.target'), number, t('dice.target_hint', rangeText('over')));
  const hint = targetField.querySelector('.hint')!;
  const slider = h('input', {
    type: 'range',
    step: '0.01',
    value: OPENING_TARGET,
    'aria-labelledby': (targetField.querySelector('label')!.id = uid('label')),
  });
  const name = uid('direction');
  const radio = (value: 'over' | 'under', checked: boolean) => {
    const input = h('input', { type: 'radio', name, value, checked, id: uid('dir') });
    return h('div', { class: 'choice' }, input, h('label', { for: input.id }, t(`dice.${value}`)));
  };
  const direction = h('fieldset', {}, h('legend', {}, t('dice.direction')), radio('over', true), radio('under', false));
  const odds = h('p', { class: 'odds' });
  const minimum = h('p', { class: 'hint', 'data-bet-min': true });
  const roll = h('p', { class: 'big-result', 'aria-hidden': 'true' }, '—');

  const chosen = () =>
    direction.querySelector<HTMLInputElement>('input:checked')?.value === 'under' ? 'under' : 'over';
  // The range follows the direction (a win chance of at most 98 % either way), in the fields and the hint.
  const updateRange = () => {
    const { min, max } = diceTargetRange(chosen());
    for (const input of [number, slider]) Object.assign(input, { min: asTarget(min), max: asTarget(max) });
    hint.textContent = t('dice.target_hint', rangeText(chosen()));
  };
  /** The stakes the current target takes (any while the target is not valid). */
  const betRule = () => {
    const target = diceTargetFor(Number(number.value).toFixed(2), chosen());
    return target === undefined ? ANY_STAKE : diceStakeRule(target, chosen());
  };
  const updateOdds = () => {
    const target = diceTargetFor(Number(number.value).toFixed(2), chosen());
    minimum.textContent = target === undefined ? '' : betMinStakeText(t, ctx.money, ctx.minBet, betRule());
    if (target === undefined) return void (odds.textContent = '');
    const values = diceWinningValues(target, chosen());
    odds.textContent = t('dice.odds', {
      chance: new Intl.NumberFormat(ctx.intl, { style: 'percent', minimumFractionDigits: 2 }).format(
        values / DICE_VALUES,
      ),
      multiplier: new Intl.NumberFormat(ctx.intl, { maximumFractionDigits: 4 }).format(9900 / values),
    });
  };
  number.addEventListener('input', () => {
    if (diceTarget(Number(number.value).toFixed(2)) !== undefined) slider.value = number.value;
    updateOdds();
  });
  slider.addEventListener('input', () => {
    number.value = Number(slider.value).toFixed(2);
    updateOdds();
  });
  direction.addEventListener('change', () => {
    updateRange();
    updateOdds();
  });
  updateRange();
  updateOdds();

  return {
    controls: h('div', { class: 'controls' }, targetField, slider, direction, odds, minimum),
    board: roll,
    action: t('dice.roll'),
    stakeRule: betRule,
    bet(stake) {
      const target = /^\d{1,2}(\.\d{1,2})?$/.test(number.value) ? Number(number.value).toFixed(2) : '';
      if (diceTargetFor(target, chosen()) === undefined)
        return { error: t('errors.target', rangeText(chosen())), focus: number };
      return { type: 'dice', amount: stake, target, direction: chosen() };
    },
    show(round) {
      roll.textContent = intl.format((round.outcome as DiceOutcome).roll as unknown as number);
    },
  };
}
