import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import type { CrashState } from '../../core/games/crash';
import type { GameSessionState } from '../../core/games/protocol';
import { replayOn, verifyStepRound, type StepBet, type StepMechanic } from '../../core/games/steps';
import type { Locale } from '../../core/i18n/locales.ts';
import { openSinglePlayerCrash } from './helpers';
import { pinNextRounds } from './pinned-rounds';

/** A real-money round of blackjack, mines and crash by keyboard; balance and history agree. */
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

async function launch(page: Page, locale: Locale, game: string): Promise<{ frame: FrameLocator; sessionId: string }> {
  await page.goto(`${prefix(locale)}/play?game=${game}`);
  const button = page.locator('[data-launch=real]');
  await expect(button).toBeVisible();
  await button.focus();
  await button.press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  await expect(frame.locator('html')).toHaveAttribute('lang', locale);
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}

/**
 * Pins the session's next round to one where `actions` are all allowed and finish it (by the shared
 * engine, through the page's provider API seed rotation); answers what it pays.
 */
async function pinFinishingRound(
  request: APIRequestContext,
  sessionId: string,
  mechanic: StepMechanic,
  bet: StepBet,
  actions: string[],
) {
  const recorded = actions.map((action, i) => ({
    action_id: `a${i}`,
    action,
    ...(action === 'reveal' ? { cell: 0 } : {}),
  }));
  const finish = async (pair: { serverSeed: string; clientSeed: string }) => {
    // Every action is offered when its turn comes (the round still open), and the last one ends the round.
    for (let i = 0; i < recorded.length; i++) {
      const before = await replayOn({ ...pair, nonce: 1 }, mechanic, bet, recorded.slice(0, i));
      if (before.finished || !before.actions.includes(recorded[i]!.action)) return undefined;
    }
    const round = await verifyStepRound({ ...pair, nonce: 1 }, mechanic, bet, recorded);
    return round.finished ? round : undefined;
  };
  const pair = await pinNextRounds(request, sessionId, async (candidate) => (await finish(candidate)) !== undefined);
  return (await finish(pair))!.win;
}

for (const locale of ['en', 'ja'] as const) {
  test(`${locale}: a real-money round of blackjack, mines and crash by keyboard; balance and history agree`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(180_000);
    const { token } = await signedInPlayer({ prefix: 'multi', deposit: '100.00' });
    const start = (await me(request, token)).balance;
    const sessions: string[] = [];

    const result = (frame: FrameLocator) => frame.locator('[data-result][data-outcome]');
    const press = async (frame: FrameLocator, selector: string) => {
      const button = frame.locator(selector).first();
      await expect(button).toBeEnabled();
      await button.focus();
      await button.press('Enter');
    };

    // Blackjack: a pinned deal that stays open, then stand, which ends it.
    let { frame, sessionId } = await launch(page, locale, 'blackjack');
    sessions.push(sessionId);
    const wins = [
      await pinFinishingRound(request, sessionId, 'blackjack', { type: 'blackjack', amount: '2.00' }, ['stand']),
    ];
    await frame.locator('input[name=stake]').fill('2.00');
    await frame.locator('input[name=stake]').press('Enter');
    await press(frame, '[data-action=stand]');
    await expect(result(frame)).toBeVisible();

    // Mines: 3 mines, the first cell safe on the pinned round, then cash out.
    ({ frame, sessionId } = await launch(page, locale, 'mines'));
    sessions.push(sessionId);
    const minesBet = { type: 'mines', amount: '8.00', mines: 3 } as const;
    wins.push(await pinFinishingRound(request, sessionId, 'mines', minesBet, ['reveal', 'cashout']));
    await frame.locator('select[name=mines]').selectOption('3');
    // Three mines take at least 7.68 (core/games/mines.ts).
    await frame.locator('input[name=stake]').fill('8.00');
    await frame.locator('input[name=stake]').press('Enter');
    await press(frame, 'button.cell');
    await press(frame, '[data-action=cashout]');
    await expect(result(frame)).toBeVisible();

    // Crash: auto cash-out at 1.01× on a pinned round that reaches it; the server settles it, the page
    // learns it by polling.
    // The single-player title's own page: /play?game=crash is the shared room (crash-room.spec.ts).
    ({ sessionId } = await openSinglePlayerCrash(page, { mode: 'real', token, locale }));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    sessions.push(sessionId);
    await pinNextRounds(request, sessionId, async (pair) => {
      const bet = { type: 'crash', amount: '2.00', auto_cashout: '1.01' } as const;
      return ((await replayOn({ ...pair, nonce: 1 }, 'crash', bet, [])).state as CrashState).crash >= 101;
    });
    wins.push('2.02');
    await page.locator('input[name=auto_cashout]').fill('1.01');
    // Crash takes whole euros, on which every cash-out is exact (core/games/crash.ts).
    await page.locator('input[name=stake]').fill('2.00');
    await page.locator('input[name=stake]').press('Enter');
    await expect(page.locator('[data-result][data-outcome]')).toBeVisible({ timeout: 15_000 });

    // Balance = start − stakes + payouts over the rounds the provider recorded.
    let net = 0n;
    for (const id of sessions) {
      const state = (await (await request.get(`/demo-games/api/sessions/${id}`)).json()) as GameSessionState;
      expect(state.open_round).toBeNull();
      expect(state.rounds).toHaveLength(1);
      // Each round paid what the engine said its pinned seeds would.
      expect(state.rounds[0]!.win).toBe(wins[sessions.indexOf(id)]);
      for (const round of state.rounds) {
        net += toCents(round.win)! - toCents(round.stake)!;
        // A payout at or below the stake is never shown as a win.
        if (toCents(round.win)! <= toCents(round.stake)!)
          expect(['push', 'partial', 'loss']).toContain(
            round.win === round.stake ? 'push' : toCents(round.win)! > 0n ? 'partial' : 'loss',
          );
      }
    }
    const after = (await me(request, token)).balance;
    expect(signedToCents(after)).toBe(signedToCents(start)! + net);
    const history = await (
      await request.get('/api/user/history?type=game&page_size=100', { headers: { authorization: `Token ${token}` } })
    ).json();
    expect(history.results).toHaveLength(3);
    const historyNet = history.results.reduce(
      (sum: bigint, item: { amount: string }) => sum + signedToCents(item.amount)!,
      0n,
    );
    expect(historyNet).toBe(net);
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`axe: the blackjack, mines and crash pages with a round open, ${mode} mode`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    for (const [game, bet] of [
      ['blackjack', { type: 'blackjack', amount: '1.00' }],
      ['mines', { type: 'mines', amount: '8.00', mines: 3 }],
      ['crash', { type: 'crash', amount: '10.00', auto_cashout: '1000.00' }],
    ] as const) {
      const launched = await (
        await request.post('/gmnggate/api', { data: { method: 'game_launch', game_id: game, mode: 'demo' } })
      ).json();
      await request.post(`/demo-games/api/sessions/${launched.session_id}/rounds`, { data: { bet } });
      await page.goto(`/demo-games/play/${launched.session_id}?theme=${mode}`);
      await page.locator('form.bet').waitFor();
      const { default: AxeBuilder } = await import('@axe-core/playwright');
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations.map((v) => `${game} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
  });
}
