import { readFileSync } from 'node:fs';
import { expect, test, adminSignIn } from './fixtures';
import type { User } from '../../core/api/contract';
import { formatMoney } from '../../core/i18n/money-format';
import { closeLowBalance, noAxeViolations } from './helpers';

/** The Japanese offer texts, so the player's steps read as a Japanese player reads them. */
const ja = JSON.parse(readFileSync('locales/ja/profile.json', 'utf8')).offers as Record<string, string>;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);

// A marketing admin builds a deposit match in the console at 1,280 px; a Japanese player who
// consented to offers sees its computed expected cost on /ja/profile/bonus, accepts it, and sees
// the same figure, now with its expiry date, while it waits for the deposit.
test('an admin creates a deposit match; a Japanese player accepts it and sees its expected cost', async ({
  browser,
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(120_000); // a staff sign-in and a player's sign-up, each with its password hashing
  const name = `Autumn match ${Date.now()}`;
  const admin = await adminSignIn(browser, { prefix: 'offers' });
  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await admin.page.goto('/operator/offers');
  await admin.page.getByLabel('Name players see', { exact: true }).fill(name);
  await admin.page.getByLabel('Match (% of the deposit)').fill('100');
  await admin.page.getByLabel('Largest bonus (in the player’s currency)').fill('20.00');
  await admin.page.getByLabel('Wagering multiple (× the bonus)').fill('2');
  await admin.page.getByLabel('Largest stake while wagering').fill('5.00');
  await admin.page.getByLabel('Expires after (days from accepting)').fill('7');
  await admin.page.locator('#game_dice').fill('100');
  await admin.page.locator('#game_european-roulette').fill('50');
  await admin.page.getByRole('button', { name: 'Save the offer' }).click();
  await expect(admin.page.getByRole('status')).toContainText('saved: consenting players see it now.');
  const row = admin.page.locator('tr[data-offer]', { hasText: name });
  // 20.00 × 2 = 40.00 to wager; edge (100 × 1.00 % + 50 × 2.70 %) / 150 = 1.5667 %: 0.63.
  await expect(row.locator('[data-expected-cost]')).toHaveText('0.63');
  expect(
    await admin.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  await noAxeViolations(admin.page);
  await admin.context.close();

  const player = await signedInPlayer({ prefix: 'offerja', language: 'ja' });
  const consent = await request.patch('/api/user/update', {
    headers: { authorization: `Token ${player.token}` },
    data: { marketing_consent: true },
  });
  expect(consent.status()).toBe(200);
  const { currency } = (await consent.json()) as User;
  const cost = fill(ja.expected_cost!, { cost: formatMoney('0.63', currency, 'ja') });

  await page.goto('/ja/profile/bonus');
  await closeLowBalance(page);
  const offer = page.locator('[data-offer]', { has: page.getByRole('heading', { name }) });
  await expect(offer.locator('[data-expected-cost]')).toHaveText(cost);
  await expect(offer).toContainText(fill(ja.max_stake!, { max: formatMoney('5.00', currency, 'ja') }));
  await expect(offer).toContainText(ja.withdrawal!);
  await expect(offer).toContainText(fill(ja.expiry!, { days: '7' }));
  await noAxeViolations(page);

  // Keyboard only: the accept button is reached and pressed with the keyboard.
  const accept = offer.getByRole('button', { name: ja.accept! });
  await accept.focus();
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');

  const running = page.locator('[data-card="offer-running"]');
  await expect(running.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(running).toContainText(ja.waiting!);
  await expect(running.locator('[data-expected-cost]')).toHaveText(cost);
  await expect(running.locator('[data-expiry]')).toHaveText(/\d/);
  const status = await request.get('/api/user/bonus', { headers: { authorization: `Token ${player.token}` } });
  expect(((await status.json()) as { offer: { status: string; expected_cost: string } }).offer).toMatchObject({
    status: 'waiting',
    expected_cost: '0.63',
  });
});
