import type { RouletteBetKind, RouletteOutcome, RouletteStake } from '#core/games/protocol.ts';
import { coveredNumbers, pocketColour } from '#core/games/roulette.ts';
import { field, h } from './dom.ts';
import type { Ctx, MechanicUi } from './mechanic.ts';
import { rouletteTable, rouletteWheel } from './roulette-table.ts';

const KINDS: RouletteBetKind[] = ['straight', 'split', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'];

/** Roulette: pick a bet, add several to a slip if you like, and spin. */
export function rouletteUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const kindLabel = (kind: RouletteBetKind) =>
    t(`roulette.kinds.${kind}`, kind === 'low' ? { from: 1, to: 18 } : { from: 19, to: 36 });
  const kind = h('select', { name: 'kind' }, ...KINDS.map((value) => h('option', { value }, kindLabel(value))));
  const first = h('input', {
    type: 'number',
    name: 'number',
    min: '0',
    max: '36',
    step: '1',
    value: '17',
    inputmode: 'numeric',
  });
  const second = h('input', {
    type: 'number',
    name: 'second',
    min: '0',
    max: '36',
    step: '1',
    value: '20',
    inputmode: 'numeric',
  });
  const which = h('select', { name: 'which' });
  const firstField = field(t('roulette.number'), first);
  const secondField = field(t('roulette.second_number'), second);
  const whichField = field(t('roulette.which'), which);
  const slipList = h('ul', { class: 'slip' });
  const slipEmpty = h('p', { class: 'hint' }, t('roulette.slip_empty'));
  const add = h('button', { type: 'button', class: 'secondary' }, t('roulette.add'));
  const pocket = h('p', { class: 'big-result', 'aria-hidden': 'true' }, '—');
  const slip: { stake: RouletteStake; item: HTMLLIElement }[] = [];
  let readStake: () => string | null = () => null;
  let refuse: (refusal: { error: string; focus: HTMLElement }) => void = () => {};

  const sync = () => {
    const value = kind.value as RouletteBetKind;
    firstField.hidden = value !== 'straight' && value !== 'split';
    secondField.hidden = value !== 'split';
    whichField.hidden = value !== 'dozen' && value !== 'column';
    if (!whichField.hidden) {
      const selected = which.value || '1';
      which.replaceChildren(
        ...[1, 2, 3].map((n) =>
          h(
            'option',
            { value: String(n) },
            value === 'dozen' ? t('roulette.range', { from: n * 12 - 11, to: n * 12 }) : t('roulette.column_n', { n }),
          ),
        ),
      );
      which.value = selected;
    }
  };
  kind.addEventListener('change', sync);
  sync();

  /** The stake the controls describe, or the field to fix. */
  const current = (amount: string): RouletteStake | { error: string; focus: HTMLElement } => {
    const value = kind.value as RouletteBetKind;
    const whole = (input: HTMLInputElement) =>
      /^\d{1,2}$/.test(input.value) && Number(input.value) <= 36 ? Number(input.value) : -1;
    const numbers =
      value === 'straight'
        ? [whole(first)]
        : value === 'split'
          ? [whole(first), whole(second)]
          : value === 'dozen' || value === 'column'
            ? [Number(which.value)]
            : undefined;
    const stake: RouletteStake = numbers ? { kind: value, amount, numbers } : { kind: value, amount };
    if (coveredNumbers(stake)) return stake;
    const badFirst = whole(first) < 0;
    return {
      error:
        value === 'split' && !badFirst && whole(second) >= 0
          ? t('errors.split')
          : t('errors.number', { min: 0, max: 36 }),
      focus: badFirst || value !== 'split' ? first : second,
    };
  };

  const label = (stake: RouletteStake) => {
    const name = kindLabel(stake.kind);
    if (stake.kind === 'straight' || stake.kind === 'split') return `${name} ${stake.numbers!.join('/')}`;
    if (stake.kind === 'dozen')
      return `${name} ${t('roulette.range', { from: stake.numbers![0]! * 12 - 11, to: stake.numbers![0]! * 12 })}`;
    if (stake.kind === 'column') return t('roulette.column_n', { n: stake.numbers![0]! });
    return name;
  };

  const renderSlip = () => {
    slipList.replaceChildren(...slip.map(({ item }) => item));
    slipEmpty.hidden = slip.length > 0;
    table.chips(
      slip.map(({ stake }) => stake),
      (cents) => ctx.money(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`),
    );
    undo.disabled = clear.disabled = slip.length === 0;
    repeat.disabled = lastStakes.length === 0;
  };

  /** Puts a stake on the slip (and its chip on the layout). */
  function addToSlip(stake: RouletteStake, focusAfterRemove: () => HTMLElement) {
    const text = `${label(stake)}: ${ctx.money(stake.amount)}`;
    const remove = h(
      'button',
      { type: 'button', class: 'link', 'aria-label': t('roulette.remove', { bet: text }) },
      '×',
    );
    const item = h('li', {}, h('span', {}, text), remove);
    const entry = { stake, item };
    remove.addEventListener('click', () => {
      slip.splice(slip.indexOf(entry), 1);
      renderSlip();
      focusAfterRemove().focus();
    });
    slip.push(entry);
  }

  // The layout: a click or Enter on a spot places the stake field's amount there.
  const table = rouletteTable(ctx, kindLabel, (spot, button) => {
    const amount = readStake();
    if (!amount) return;
    addToSlip({ ...spot, amount } as RouletteStake, () => button);
    renderSlip();
    button.focus();
  });
  const wheel = rouletteWheel();
  let lastStakes: RouletteStake[] = [];
  const undo = h('button', { type: 'button', class: 'secondary', 'data-roulette': 'undo' }, t('play.roulette.undo'));
  const clear = h('button', { type: 'button', class: 'secondary', 'data-roulette': 'clear' }, t('play.roulette.clear'));
  const repeat = h(
    'button',
    { type: 'button', class: 'secondary', 'data-roulette': 'repeat' },
    t('play.roulette.repeat'),
  );
  undo.addEventListener('click', () => {
    slip.pop();
    renderSlip();
    if (undo.disabled) table.layout.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });
  clear.addEventListener('click', () => {
    slip.splice(0, slip.length);
    renderSlip();
    table.layout.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });
  repeat.addEventListener('click', () => {
    slip.splice(0, slip.length);
    for (const stake of lastStakes) addToSlip(stake, () => repeat);
    renderSlip();
  });

  const ui: MechanicUi = {
    controls: h('div', { class: 'controls' }, field(t('roulette.bet'), kind), firstField, secondField, whichField),
    board: h(
      'div',
      { class: 'roulette-board' },
      h('div', { class: 'wheel-row' }, wheel.svg, pocket),
      table.layout,
      h('div', { class: 'step-actions roulette-tools' }, undo, clear, repeat),
      h('h2', { class: 'small' }, t('roulette.slip')),
      slipEmpty,
      slipList,
    ),
    action: t('roulette.spin'),
    extra: add,
    bind(read, alert) {
      readStake = read;
      refuse = alert;
    },
    bet(amount) {
      if (slip.length) return { type: 'roulette', stakes: slip.map(({ stake }) => stake) };
      const stake = current(amount);
      return 'error' in stake ? stake : { type: 'roulette', stakes: [stake] };
    },
    async show(round) {
      const value = (round.outcome as RouletteOutcome).pocket;
      if ('stakes' in round.bet) lastStakes = round.bet.stakes.map((stake) => ({ ...stake }));
      pocket.textContent = '';
      delete pocket.dataset.colour;
      table.markWinner(null);
      await wheel.land(value);
      table.markWinner(value);
      pocket.textContent = String(value);
      pocket.dataset.colour = pocketColour(value);
      renderSlip();
    },
  };

  add.addEventListener('click', () => {
    const amount = readStake();
    if (!amount) return;
    const stake = current(amount);
    if ('error' in stake) return refuse(stake);
    addToSlip(stake, () => add);
    renderSlip();
  });
  renderSlip();
  return ui;
}
