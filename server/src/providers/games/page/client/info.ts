// The game's info panel: its rules (the /rules page's text), the return to player from the
// catalogue (per bet where bets differ) and how it was obtained, the stake range and, for slots, the paytable with the
// title's own symbol art. The site's slim bar opens it (layout.ts).
import type { GameSessionState } from '#core/games/protocol.ts';
import { GAME_CATALOGUE, RTP_METHODS, SIMULATED_RTP } from '#core/games/catalogue.ts';
import { slotMachine, slotTitle } from '#core/games/slot.ts';
import { takesQuickStake } from '#core/games/registry.ts';
import { h } from './dom.ts';
import type { Ctx } from './mechanic.ts';
import { symbolArt } from './symbols.ts';

/** "97.30" → "97.30 %" in the page's locale (display only: the figure is the catalogue's exact one). */
export function percentText(rtp: string, intl: string): string {
  const [whole = '0', fraction = ''] = rtp.split('.');
  return new Intl.NumberFormat(intl, {
    style: 'percent',
    minimumFractionDigits: fraction.length,
    maximumFractionDigits: fraction.length,
  }).format(Number(`${whole}.${fraction}`) / 100);
}

export function infoPanel(state: GameSessionState, ctx: Ctx): HTMLElement {
  const { t } = ctx;
  const game = GAME_CATALOGUE.find((candidate) => candidate.id === state.game.id);
  const facts = h('dl', { class: 'facts' });
  const fact = (term: string, ...value: (Node | string)[]) => facts.append(h('dt', {}, term), h('dd', {}, ...value));
  if (game) {
    const bets = 'rtp_bets' in game ? Object.entries(game.rtp_bets as Record<string, string>) : [];
    fact(
      t('play.info.rtp'),
      bets.length
        ? h(
            'ul',
            { class: 'lines' },
            ...bets.map(([bet, rtp]) =>
              h('li', { 'data-rtp': rtp }, t(`rules.bets.${bet}`, { rtp: percentText(rtp, ctx.intl) })),
            ),
          )
        : h('span', { 'data-rtp': game.rtp }, percentText(game.rtp, ctx.intl)),
    );
    const method = RTP_METHODS[game.mechanic];
    fact(
      t('rules.columns.method'),
      h(
        'span',
        { 'data-rtp-method': method },
        t(`rules.methods.${method}`, {
          total: percentText(SIMULATED_RTP.total, ctx.intl),
          initial: percentText(SIMULATED_RTP.initial, ctx.intl),
        }),
      ),
    );
  }
  fact(
    t('play.info.stakes'),
    t('play.info.stakes_value', { min: ctx.money(state.min_bet), max: ctx.money(state.max_bet) }),
  );
  if (takesQuickStake(state.game.mechanic))
    fact(
      t('play.info.shortcuts'),
      h(
        'ul',
        { class: 'lines', 'data-shortcuts': true },
        h('li', {}, t('play.info.shortcut_half')),
        h('li', {}, t('play.info.shortcut_double')),
      ),
    );
  if (game && 'volatility' in game) fact(t('play.info.volatility'), t(`rules.volatility.${game.volatility}`));

  const section = h(
    'section',
    { class: 'panel info', 'aria-labelledby': 'info-title', 'data-info-panel': true },
    h('h2', { id: 'info-title', tabindex: '-1' }, t('play.info.title')),
    facts,
    game ? h('p', { 'data-rules': true }, t(`rules.rules.${game.rules}`)) : null,
  );

  if (state.game.mechanic === 'slot') {
    const machine = slotMachine(state.game.id);
    const { symbols } = slotTitle(state.game.id);
    const counts = machine.paytable[0]!.map((_, index) => index + 3);
    section.append(
      h(
        'table',
        { class: 'paytable' },
        h('caption', {}, t('play.info.paytable', { lines: machine.paylines.length })),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('play.info.symbol')),
            ...counts.map((count) => h('th', { scope: 'col' }, t('play.info.of_a_kind', { count }))),
          ),
        ),
        h(
          'tbody',
          {},
          ...symbols
            .map((_, rank) => symbols[symbols.length - 1 - rank]!)
            .map((symbol) => {
              const rank = symbols.indexOf(symbol as never);
              return h(
                'tr',
                {},
                h(
                  'th',
                  { scope: 'row' },
                  h('span', { class: 'pay-symbol' }, symbolArt(symbol), t(`slot.symbols.${symbol}`)),
                ),
                ...machine.paytable[rank]!.map((pays) =>
                  h('td', {}, `×${new Intl.NumberFormat(ctx.intl).format(pays)}`),
                ),
              );
            }),
        ),
      ),
    );
  }
  return section;
}
