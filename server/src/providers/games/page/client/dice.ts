import type { DiceOutcome } from '#core/games/protocol.ts';
import { diceTarget, diceWinningValues, DICE_VALUES } from '#core/games/dice.ts';
import { field, h, uid } from './dom.ts';
import type { Ctx, MechanicUi } from './mechanic.ts';

const MIN = '0.01';
const MAX = '99.98';

/** Dice: a target (number field and slider kept in step), over or under, and the roll. */
export function diceUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const intl = new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const number = h('input', {
    type: 'number',
    name: 'target',
    min: MIN,
    max: MAX,
    step: '0.01',
    value: '50.00',
    inputmode: 'decimal',
    required: true,
  });
  const targetField = field(
    t('dice.target'),
    number,
    t('dice.target_hint', { min: intl.format(0.01), max: intl.format(99.98) }),
  );
  const slider = h('input', {
    type: 'range',
    min: MIN,
    max: MAX,
    step: '0.01',
    value: '50.00',
    'aria-labelledby': (targetField.querySelector('label')!.id = uid('label')),
  });
  const name = uid('direction');
  const radio = (value: 'over' | 'under', checked: boolean) => {
    const input = h('input', { type: 'radio', name, value, checked, id: uid('dir') });
    return h('div', { class: 'choice' }, input, h('label', { for: input.id }, t(`dice.${value}`)));
  };
  const direction = h('fieldset', {}, h('legend', {}, t('dice.direction')), radio('over', true), radio('under', false));
  const odds = h('p', { class: 'odds' });
  const roll = h('p', { class: 'big-result', 'aria-hidden': 'true' }, '—');

  const chosen = () =>
    direction.querySelector<HTMLInputElement>('input:checked')?.value === 'under' ? 'under' : 'over';
  const updateOdds = () => {
    const target = diceTarget(Number(number.value).toFixed(2));
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
  direction.addEventListener('change', updateOdds);
  updateOdds();

  return {
    controls: h('div', { class: 'controls' }, targetField, slider, direction, odds),
    board: roll,
    action: t('dice.roll'),
    bet(stake) {
      const target = /^\d{1,2}(\.\d{1,2})?$/.test(number.value) ? Number(number.value).toFixed(2) : '';
      if (diceTarget(target) === undefined)
        return { error: t('errors.target', { min: intl.format(0.01), max: intl.format(99.98) }), focus: number };
      return { type: 'dice', amount: stake, target, direction: chosen() };
    },
    show(round) {
      roll.textContent = intl.format((round.outcome as DiceOutcome).roll as unknown as number);
    },
  };
}
