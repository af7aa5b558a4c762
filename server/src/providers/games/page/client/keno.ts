import type { KenoOutcome, KenoRisk } from '#core/games/protocol.ts';
import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_PAYTABLES,
  KENO_RISKS,
  KENO_RTP,
  kenoPicks,
  kenoStakeRule,
} from '#core/games/keno.ts';
import { ANY_STAKE } from '#core/games/fair-stake.ts';
import { h, uid } from './dom.ts';
import { betMinStakeText, type Ctx, type MechanicUi } from './mechanic.ts';
import { percentText } from './info.ts';

/** Five numbers spread over the board at medium risk: a bet the page can play as it opens. */
const OPENING_PICKS = new Set([3, 11, 19, 27, 35]);
const OPENING_RISK: KenoRisk = 'medium';

/** Keno: 40 numbered checkboxes, a risk level, the table's pays and RTP, and the draw marked on the board. */
export function kenoUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const boxes = Array.from({ length: KENO_NUMBERS }, (_, i) =>
    h('input', { type: 'checkbox', name: 'pick', value: String(i + 1), checked: OPENING_PICKS.has(i + 1) }),
  );
  const grid = h(
    'fieldset',
    { class: 'keno-grid', 'data-keno-grid': true },
    h('legend', {}, t('keno.picks', { max: KENO_MAX_PICKS })),
    ...boxes.map((box) => h('label', { class: 'keno-cell' }, box, h('span', {}, box.value))),
  );
  const riskName = uid('risk');
  const riskChoice = (risk: KenoRisk) => {
    const input = h('input', {
      type: 'radio',
      name: riskName,
      value: risk,
      checked: risk === OPENING_RISK,
      id: uid('risk'),
    });
    return h('div', { class: 'choice' }, input, h('label', { for: input.id }, t(`keno.risks.${risk}`)));
  };
  const risks = h('fieldset', {}, h('legend', {}, t('keno.risk')), ...KENO_RISKS.map(riskChoice));
  const table = h('p', { class: 'odds', 'data-keno-table': true });
  const minimum = h('p', { class: 'hint', 'data-bet-min': true });
  const drawn = h('p', { class: 'hint', 'data-keno-drawn': true });

  const picked = () => boxes.filter((box) => box.checked).map((box) => Number(box.value));
  const risk = (): KenoRisk =>
    (risks.querySelector<HTMLInputElement>('input:checked')?.value as KenoRisk) ?? OPENING_RISK;
  const betRule = () => {
    const picks = kenoPicks(picked());
    return picks ? kenoStakeRule(risk(), picks.length) : ANY_STAKE;
  };
  const multiplier = new Intl.NumberFormat(ctx.intl, { maximumFractionDigits: 2 });
  const update = () => {
    const picks = kenoPicks(picked());
    if (!picks) {
      table.textContent = t('errors.keno_picks', { max: KENO_MAX_PICKS });
      minimum.textContent = '';
      return;
    }
    const pays = KENO_PAYTABLES[risk()][picks.length - 1]!.flatMap((hundredths, hits) =>
      hundredths ? [t('keno.pay', { hits, multiplier: multiplier.format(hundredths / 100) })] : [],
    );
    table.textContent = t('keno.table', {
      pays: pays.join(' · '),
      rtp: percentText(KENO_RTP[risk()][picks.length - 1]!, ctx.intl),
    });
    minimum.textContent = betMinStakeText(t, ctx.money, ctx.minBet, betRule());
  };
  grid.addEventListener('change', update);
  risks.addEventListener('change', update);
  update();

  return {
    controls: h('div', { class: 'controls' }, risks, table, minimum),
    board: h('div', { class: 'keno-board' }, grid, drawn),
    action: t('keno.play'),
    stakeRule: betRule,
    bet(stake) {
      const picks = kenoPicks(picked());
      if (!picks) return { error: t('errors.keno_picks', { max: KENO_MAX_PICKS }), focus: boxes[0]! };
      return { type: 'keno', amount: stake, risk: risk(), picks };
    },
    show(round) {
      const outcome = round.outcome as KenoOutcome;
      const hit = new Set(outcome.drawn);
      for (const box of boxes) {
        const cell = box.parentElement!;
        cell.toggleAttribute('data-drawn', hit.has(Number(box.value)));
        cell.toggleAttribute('data-hit', hit.has(Number(box.value)) && box.checked);
      }
      drawn.textContent = t('keno.drawn', { drawn: outcome.drawn.join(', ') });
    },
  };
}
