import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import type { GameSessionState } from '../../core/games/protocol';
import { differentStepNonce } from './tampered-nonce';
import { LOCALE_INTL, type Locale } from '../../core/i18n/locales.ts';

/**
 * The game page's rounds table and Verify panel take finished multi-step rounds. After the
 * seed rotation the browser replays the round's recorded actions from the revealed seeds.
 */
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const steps = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/game_steps.json`, import.meta.url), 'utf8'));
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

async function launchDemo(
  page: Page,
  locale: Locale,
  game: string,
): Promise<{ frame: FrameLocator; sessionId: string }> {
  await page.goto(`${prefix(locale)}/play?game=${game}`);
  await page.locator('[data-launch=demo]').press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  await expect(frame.locator('html')).toHaveAttribute('lang', locale);
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}

const providerState = async (request: APIRequestContext, sessionId: string) =>
  (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;

/** Presses the round's first offered `selector` button until the round is over. */
async function pressUntilDone(frame: FrameLocator, selector: string) {
  const result = frame.locator('[data-result][data-outcome]');
  for (let i = 0; i < 25 && !(await result.isVisible()); i++) {
    const button = frame.locator(`${selector}:not([disabled])`).first();
    await expect(result.or(button)).toBeVisible();
    if (await result.isVisible()) break;
    await button.press('Enter');
    await expect(result.or(frame.locator(`${selector}:not([disabled])`).first())).toBeVisible();
  }
  await expect(result).toBeVisible();
}

type Round = GameSessionState['rounds'][number];

/** Rotates the seeds, verifies the round from its row (match), then with another nonce (mismatch). */
async function rotateAndVerify(
  frame: FrameLocator,
  request: APIRequestContext,
  sessionId: string,
  round: Round,
  seed: string,
) {
  await frame.locator('input[name=client_seed]').fill(seed);
  await frame.locator('input[name=client_seed]').press('Enter');
  await expect(frame.locator('[data-revealed]')).toBeVisible();
  await frame.locator(`tr[data-round-id="${round.round_id}"] button`).press('Enter');
  await expect(frame.locator('input[name=server_seed]')).not.toHaveValue('');
  await expect(frame.locator('input[name=nonce]')).toHaveValue(String(round.nonce));
  await frame.locator('input[name=server_seed]').press('Enter');
  await expect(frame.locator('.verdict[data-result=match]')).toBeVisible();
  // Another nonce replays other cards or mines: it does not verify.
  const revealed = (await providerState(request, sessionId)).rounds.find((r) => r.round_id === round.round_id)!;
  await frame.locator('input[name=nonce]').fill(String(await differentStepNonce(revealed, revealed.server_seed!)));
  await frame.locator('input[name=nonce]').press('Enter');
  await expect(frame.locator('.verdict[data-result=mismatch]')).toBeVisible();
}

for (const locale of ['en', 'ja'] as const) {
  test(
    `${locale}: a finished mines and blackjack round is listed and verifies in the browser after the seed ` +
      `rotation`,
    async ({ page, request }) => {
      test.setTimeout(150_000);
      const texts = steps(locale);
      const plural = new Intl.PluralRules(LOCALE_INTL[locale]);

      // Mines: 3 mines, one cell, then cash out if it was safe (two recorded actions).
      let { frame, sessionId } = await launchDemo(page, locale, 'mines');
      await expect(frame.locator('table.rounds')).toBeHidden();
      await frame.locator('select[name=mines]').selectOption('3');
      await frame.locator('input[name=stake]').fill('8.00');
      await frame.locator('input[name=stake]').press('Enter');
      const cell = frame.locator('button.cell').first();
      await expect(cell).toBeEnabled();
      await cell.press('Enter');
      await pressUntilDone(frame, '[data-action=cashout]');
      let [round] = (await providerState(request, sessionId)).rounds;
      expect(round!.actions!.map((action) => action.action)).toEqual(
        round!.win === '0.00' ? ['reveal'] : ['reveal', 'cashout'],
      );
      const mines = round!.outcome as unknown as { mines: number; revealed: number[] };
      await expect(frame.locator(`tr[data-round-id="${round!.round_id}"] td`).nth(2)).toHaveText(
        fill(texts.summary_mines!, {
          mines: fill(texts[`mines_count_${plural.select(3)}`]!, { count: 3 }),
          safe: fill(texts[`safe_revealed_${plural.select(mines.revealed.length)}`]!, { count: mines.revealed.length }),
        }),
      );
      await rotateAndVerify(frame, request, sessionId, round!, 'e2e-mines');

      // Blackjack: deal, then stand until the round ends.
      ({ frame, sessionId } = await launchDemo(page, locale, 'blackjack'));
      await frame.locator('input[name=stake]').fill('2.00');
      await frame.locator('input[name=stake]').press('Enter');
      await expect(frame.locator('[data-result][data-outcome], [data-action=stand]').first()).toBeVisible();
      await pressUntilDone(frame, '[data-action=stand]');
      [round] = (await providerState(request, sessionId)).rounds;
      const hands = round!.outcome as unknown as { dealer: { total: number }; player: { total: number }[] };
      await expect(frame.locator(`tr[data-round-id="${round!.round_id}"] td`).nth(2)).toHaveText(
        fill(texts.summary_blackjack!, {
          dealer: hands.dealer.total,
          player: hands.player.map((hand) => hand.total).join(', '),
        }),
      );
      await rotateAndVerify(frame, request, sessionId, round!, 'e2e-blackjack');
    },
  );
}
