import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import type { GameSessionState } from '../../core/games/protocol';
import type { Locale } from '../../core/i18n/locales.ts';

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

/** Presses the round's first offered button of `action` until the round is over. */
async function pressUntilDone(frame: FrameLocator, selector: string) {
  const result = frame.locator('[data-result][data-outcome]');
  for (let i = 0; i < 25 && !(await result.isVisible()); i++) {
    const button = frame.locator(selector).first();
    if (!(await button.isVisible()) || (await button.isDisabled())) {
      await expect(result.or(frame.locator(`${selector}:not([disabled])`).first())).toBeVisible();
      continue;
    }
    await button.focus();
    await button.press('Enter');
    await expect(result.or(frame.locator(`${selector}:not([disabled])`).first())).toBeVisible();
  }
  await expect(result).toBeVisible();
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

    // Blackjack: deal, then stand until the round ends.
    let { frame, sessionId } = await launch(page, locale, 'blackjack');
    sessions.push(sessionId);
    await frame.locator('input[name=stake]').fill('2.00');
    await frame.locator('input[name=stake]').press('Enter');
    await expect(frame.locator('[data-result][data-outcome], [data-action=stand]').first()).toBeVisible();
    await pressUntilDone(frame, '[data-action=stand]');

    // Mines: 3 mines, reveal the first cell, then cash out if it was safe.
    ({ frame, sessionId } = await launch(page, locale, 'mines'));
    sessions.push(sessionId);
    await frame.locator('select[name=mines]').selectOption('3');
    await frame.locator('input[name=stake]').fill('1.00');
    await frame.locator('input[name=stake]').press('Enter');
    const cell = frame.locator('button.cell').first();
    await expect(cell).toBeEnabled();
    await cell.focus();
    await cell.press('Enter');
    await expect(frame.locator('[data-result][data-outcome], [data-action=cashout]').first()).toBeVisible();
    await pressUntilDone(frame, '[data-action=cashout]');

    // Crash: auto cash-out at 1.01×; the server settles it, the page learns it by polling.
    ({ frame, sessionId } = await launch(page, locale, 'crash'));
    sessions.push(sessionId);
    await frame.locator('input[name=auto_cashout]').fill('1.01');
    await frame.locator('input[name=stake]').fill('1.00');
    await frame.locator('input[name=stake]').press('Enter');
    await expect(frame.locator('[data-result][data-outcome]')).toBeVisible({ timeout: 15_000 });

    // Balance = start − stakes + payouts over the rounds the provider recorded.
    let net = 0n;
    for (const id of sessions) {
      const state = (await (await request.get(`/demo-games/api/sessions/${id}`)).json()) as GameSessionState;
      expect(state.open_round).toBeNull();
      expect(state.rounds).toHaveLength(1);
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
      ['mines', { type: 'mines', amount: '1.00', mines: 3 }],
      ['crash', { type: 'crash', amount: '1.00', auto_cashout: '1000.00' }],
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
