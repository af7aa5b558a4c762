import { readFileSync } from 'node:fs';
import { expect, test, adminSignIn } from './fixtures';
import type { User } from '../../core/api/contract';
import { formatMoney } from '../../core/i18n/money-format';
import { noAxeViolations } from './helpers';

/** The Japanese race texts, so the player's checks read as a Japanese player reads them. */
const ja = JSON.parse(readFileSync('locales/ja/profile.json', 'utf8')).races as Record<string, string>;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
/** "2026-11-29T18:40" in UTC, as the console's datetime field takes it. */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16);

// An admin creates a roulette race in the console; a rival stakes 3.00 on it, a Japanese player
// 1.00; on /ja/profile/bonus the Japanese player sees the leaderboard (the rival's name masked), their
// own place, and that 2.01 more reaches place 1.
test('a signed-in Japanese player sees the race leaderboard and how much more reaches the next place', async ({
  browser,
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(150_000); // a staff sign-in and two sign-ups, each with its password hashing
  const name = `Roulette race ${Date.now()}`;
  const admin = await adminSignIn(browser, { prefix: 'races' });
  await admin.page.goto('/operator/races');
  await admin.page.getByLabel('Name', { exact: true }).fill(name);
  await admin.page.getByLabel('Starts (UTC)').fill(minute(Date.now() - 120_000));
  await admin.page.getByLabel('Ends (UTC)').fill(minute(Date.now() + 86_400_000));
  await admin.page.getByLabel('Prize table').fill('50.00 cash\n10.00 bonus');
  await admin.page.getByLabel('European Roulette').check();
  await admin.page.getByRole('button', { name: 'Create the race' }).click();
  await expect(admin.page.getByRole('status')).toContainText('created.');
  await expect(admin.page.locator('tr[data-race]', { hasText: name })).toContainText('1. 50.00 cash · 2. 10.00 bonus');
  await admin.context.close();

  const stake = async (token: string, rounds: number) => {
    const launched = await request.post('/gmnggate/api', {
      headers: { authorization: `Token ${token}` },
      data: { method: 'game_launch', game_id: 'european-roulette', mode: 'real' },
    });
    expect(launched.status()).toBe(200);
    const session = (await launched.json()).session_id as string;
    for (let round = 0; round < rounds; round += 1) {
      const res = await request.post(`/demo-games/api/sessions/${session}/rounds`, {
        data: { bet: { type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] } },
      });
      expect(res.status()).toBe(200);
    }
  };
  const rival = await signedInPlayer({ prefix: 'racerival', deposit: '20.00' });
  await stake(rival.token, 3);
  const player = await signedInPlayer({ prefix: 'raceja', language: 'ja', deposit: '20.00' });
  await stake(player.token, 1);
  const me = await request.get('/api/user/me', { headers: { authorization: `Token ${player.token}` } });
  const { currency } = (await me.json()) as User;
  const money = (amount: string) => formatMoney(amount, currency, 'ja');

  await page.goto('/ja/profile/bonus');
  const race = page.locator('[data-race]', { has: page.getByRole('heading', { name }) });
  await expect(race.locator('[data-race-need]')).toHaveText(
    fill(ja.need_more!, { amount: money('2.01'), position: '1' }),
  );
  await expect(race.locator('[data-race-you]')).toContainText(
    fill(ja.your_place!, { position: '2', amount: money('1.00') }),
  );
  const rows = race.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const masked = `${rival.username.slice(0, 2)}***${rival.username.at(-1)}`;
  await expect(rows.nth(0)).toContainText(masked);
  await expect(rows.nth(0)).toContainText(fill(ja.prize_cash!, { amount: money('50.00') }));
  await expect(rows.nth(1)).toContainText(fill(ja.prize_bonus!, { amount: money('10.00') }));
  await expect(race).not.toContainText(rival.username);
  await noAxeViolations(page);
});
