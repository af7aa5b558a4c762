// One short line per recorded outcome ("Rolled 42.17.", "The ball landed on 7, red."), with the
// game messages (games.json, and game_steps.json under `steps`): the game page's status and
// rounds table, and the site's "verify from history" page.
import type { GameOutcome } from './protocol.ts';
import { pocketColour } from './roulette.ts';

export interface DescribeCtx {
  t: (key: string, params?: Record<string, string | number>) => string;
  money: (amount: string) => string;
  /** Locale-aware number formatting for rolls (display only). */
  intl: string;
}

export function describeOutcome(outcome: GameOutcome, ctx: DescribeCtx): string {
  const { t } = ctx;
  const step = describeStep(outcome as unknown as Record<string, unknown>, ctx);
  if (step !== undefined) return step;
  if (outcome.type === 'dice')
    return t('dice.result', {
      roll: new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2 }).format(outcome.roll as unknown as number),
    });
  if (outcome.type === 'roulette') {
    return t('roulette.result', {
      pocket: outcome.pocket,
      colour: t(`roulette.colours.${pocketColour(outcome.pocket)}`),
    });
  }
  if (outcome.type === 'limbo')
    return t('limbo.result', {
      result: new Intl.NumberFormat(ctx.intl, { minimumFractionDigits: 2 }).format(Number(outcome.result)),
    });
  if (outcome.type === 'keno') return t('keno.result', { hits: outcome.hits, drawn: outcome.drawn.join(', ') });
  if (outcome.type === 'baccarat') {
    return t('baccarat.result', {
      player: outcome.player_total,
      banker: outcome.banker_total,
      winner: t(`baccarat.winner.${outcome.winner}`),
    });
  }
  return outcome.lines.length
    ? outcome.lines
        .map((line) =>
          t('slot.line', {
            line: line.line + 1,
            count: line.count,
            symbol: t(`slot.symbols.${line.symbol}`),
            win: ctx.money(line.win),
          }),
        )
        .join(' ')
    : t('slot.no_lines');
}

/**
 * A finished multi-step round (its recorded view: blackjack, mines or crash) in one line; undefined for other outcomes.
 */
function describeStep(view: Record<string, unknown>, { t, intl }: DescribeCtx): string | undefined {
  if (view.type === 'blackjack') {
    const player = (view.player as { total: number }[]).map((hand) => hand.total).join(', ');
    return t('steps.summary_blackjack', { dealer: (view.dealer as { total: number }).total, player });
  }
  if (view.type === 'mines') {
    // "1 mine and 1 safe cell revealed": each count takes its language's plural form.
    const counted = (base: string, count: number) =>
      t(`steps.${base}_${new Intl.PluralRules(intl).select(count)}`, {
        count: new Intl.NumberFormat(intl).format(count),
      });
    return t('steps.summary_mines', {
      mines: counted('mines_count', Number(view.mines)),
      safe: counted('safe_revealed', (view.revealed as number[]).length),
    });
  }
  if (view.type === 'crash') return t('steps.summary_crash', { crash: String(view.crash_point) });
  return undefined;
}
