import { expect } from './fixtures';
import { marketTest } from './market-server';
import { openRealSlot, pinLosingSpins, timeRounds } from './market-slot';

/**
 * MARKET=GB in the browser (issue 39, docs/markets.md): a slot round takes at least 2.5 s from click to
 * result (RTS 14) and the next one is never refused as too fast, no turbo or quick-play control exists
 * (RTS 14C–14G), and the session bar shows the net position and the time played (RTS 2E, 13C).
 */
const test = marketTest('GB');
test.describe.configure({ mode: 'default' });

test('GB: two slot spins take at least 2.5 s each, no quick play, the bar shows net and time', async ({
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(90_000);
  const { token } = await signedInPlayer({ prefix: 'gbslot', deposit: '50.00', verified: true });
  const { frame, handle, sessionId } = await openRealSlot(page);
  await expect(frame.locator('input[name=quick], .choice.quick')).toHaveCount(0);
  await expect(frame.locator('form.bet input[type=checkbox]')).toHaveCount(0);
  await expect(frame.getByText(/turbo|quick|autoplay|auto play/i)).toHaveCount(0);
  // GB does not ask for the odds beside the stake (DE does).
  await expect(frame.locator('[data-odds-at-stake]')).toHaveCount(0);

  await pinLosingSpins(page, sessionId, '1.00', 2);
  const clock = await timeRounds(handle);
  const result = frame.locator('[data-result]');
  const spin = frame.locator('[data-action-button]');
  await frame.locator('input[name=stake]').fill('1.00');
  await spin.click();
  await expect(result).toHaveAttribute('data-outcome', 'loss', { timeout: 10_000 });
  // The next spin right away: the page paced the first, so the wallet accepts it.
  await spin.click();
  await expect.poll(async () => (await clock.rounds()).length, { timeout: 10_000 }).toBe(2);
  await expect(result).toHaveAttribute('data-outcome', 'loss');
  await expect(frame.locator('#game-alert')).toHaveText('');
  const times = await clock.rounds();
  test.info().annotations.push({ type: 'click to result (ms)', description: times.map(Math.round).join(', ') });
  for (const ms of times) {
    expect(ms).toBeGreaterThanOrEqual(2500);
    expect(ms).toBeLessThan(6000);
  }

  const me = await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } });
  expect(((await me.json()) as { balance: string }).balance).toBe('48.00');
  const bar = frame.locator('[data-session-bar]');
  await expect(bar).toBeVisible();
  await expect(bar.locator('[data-session-net]')).toHaveText('−£2.00');
  await expect(bar.locator('[data-session-net]')).toHaveAttribute('data-net', '-2.00');
  await expect(bar).toContainText('Net');
  await expect(bar).toContainText('Time played');
  // Two rounds of at least 2.5 s each have passed since the session opened.
  const time = (await bar.locator('[data-session-time]').textContent())!;
  expect(time).toMatch(/^\d+:\d\d$/);
  const [minutes, seconds] = time.split(':').map(Number) as [number, number];
  expect(minutes * 60 + seconds).toBeGreaterThanOrEqual(5);
  // The bar stays in view with the spin button (it is in the sticky action bar).
  await expect(frame.locator('[data-action-bar] [data-session-bar]')).toBeInViewport();
});

test('GB: blackjack, whose page offers quick play elsewhere, has no quick-play control', async ({
  page,
  signedInPlayer,
}) => {
  await signedInPlayer({ prefix: 'gbbj', deposit: '20.00', verified: true });
  await page.goto('/play?game=blackjack');
  await expect(page.locator('[data-play-modes]')).toHaveAttribute('data-ready', '');
  await page.locator('[data-launch=real]').click();
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  await expect(frame.locator('[data-session-bar]')).toBeVisible();
  await expect(frame.locator('input[name=quick], .choice.quick')).toHaveCount(0);
});

test('GB: the first deposit offers a deposit limit again, set on the page through the limits API', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'gbfirst' });
  const limits = async () => {
    const res = await request.get('/api/user/responsible-gaming', { headers: { authorization: `Token ${token}` } });
    return ((await res.json()) as { deposit_limits: { month: { amount: string } | null } }).deposit_limits;
  };
  expect((await limits()).month).toBeNull();
  await page.goto('/profile/deposit');
  const offer = page.locator('[data-rg-invite]');
  await expect(offer.getByRole('heading', { name: 'Set a deposit limit?' })).toBeVisible();
  const field = offer.getByLabel('Limit for 1 month (GBP)');
  // Bad input is refused on its field, and nothing is set.
  await field.fill('-5');
  await offer.getByRole('button', { name: 'Set a limit' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect((await limits()).month).toBeNull();

  await field.fill('100');
  await offer.getByRole('button', { name: 'Set a limit' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.locator('[data-deposit-room]')).toContainText('£100.00');
  expect((await limits()).month).toMatchObject({ amount: '100.00', pending: null });
});
