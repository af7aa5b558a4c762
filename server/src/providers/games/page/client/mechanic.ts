import type { GameBet, GameOutcome, RoundView } from '../../../../../../src/games/protocol.ts';
import { pocketColour } from '../../../../../../src/games/roulette.ts';
import type { T } from './dom.ts';

/** What the page shares with each mechanic's controls. */
export interface Ctx {
  t: T;
  money: (amount: string) => string;
  /** Locale-aware number formatting, for rolls, pockets and odds (display only). */
  intl: string;
  /** The game being played (a slot's title fixes its machine and symbols). */
  gameId: string;
}

/** A refusal the page shows in its alert, with the field to focus. */
export interface BetRefusal { error: string; focus: HTMLElement }

export interface MechanicUi {
  /** The controls that go in the bet form, before the stake. */
  controls: HTMLElement;
  /** What the last round looks like (slot reels, roulette pocket); may be empty. */
  board: HTMLElement;
  /** The bet from the controls with this stake, or why it cannot be placed. */
  bet(stake: string): GameBet | BetRefusal;
  /** Shows a finished round on the board; resolves once its animation (if any) has shown the outcome. */
  show(round: RoundView): void | Promise<void>;
  /** The label of the submit button. */
  action: string;
  /** Controls placed after the stake, before the submit button (roulette's "add"). */
  extra?: HTMLElement;
  /** Gives the controls the checked stake (null when it is refused) and the page's alert. */
  bind?(readStake: () => string | null, refuse: (refusal: BetRefusal) => void): void;
}

export const isRefusal = (value: GameBet | BetRefusal): value is BetRefusal => 'error' in value;

/** One short line per outcome, for the status message and the rounds table. */
export function describe(outcome: GameOutcome, ctx: Ctx): string {
  const { t } = ctx;
  const step = describeStep(outcome as unknown as Record<string, unknown>, ctx);
  if (step !== undefined) return step;
  if (outcome.type === 'dice') return t('dice.result', { roll: new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2 }).format(outcome.roll as unknown as number) });
  if (outcome.type === 'roulette') {
    return t('roulette.result', { pocket: outcome.pocket, colour: t(`roulette.colours.${pocketColour(outcome.pocket)}`) });
  }
  if (outcome.type === 'baccarat') {
    return t('baccarat.result', { player: outcome.player_total, banker: outcome.banker_total, winner: t(`baccarat.winner.${outcome.winner}`) });
  }
  return outcome.lines.length
    ? outcome.lines.map((line) => t('slot.line', { line: line.line + 1, count: line.count, symbol: t(`slot.symbols.${line.symbol}`), win: ctx.money(line.win) })).join(' ')
    : t('slot.no_lines');
}

/** A finished multi-step round (its recorded view: blackjack, mines or crash) in one line; undefined for other outcomes. */
function describeStep(view: Record<string, unknown>, { t }: Ctx): string | undefined {
  if (view.type === 'blackjack') {
    const player = (view.player as { total: number }[]).map((hand) => hand.total).join(', ');
    return t('steps.summary_blackjack', { dealer: (view.dealer as { total: number }).total, player });
  }
  if (view.type === 'mines') return t('steps.summary_mines', { mines: Number(view.mines), safe: (view.revealed as number[]).length });
  if (view.type === 'crash') return t('steps.summary_crash', { crash: String(view.crash_point) });
  return undefined;
}
