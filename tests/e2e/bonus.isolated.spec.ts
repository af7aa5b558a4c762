import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { User } from '../../core/api/contract';
import { DEMO, apiToken } from './helpers';

// Cancelling forfeits the seeded demo player's bonus (the one account with a bonus), so this spec
// runs on the isolated server's own database: parallel specs keep reading the untouched demo player.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

test('bonus: wagering progress, and cancelling forfeits the bonus after a confirmation', async ({
  page,
  request,
  signInWithToken,
}) => {
  const token = await apiToken(request, DEMO);
  await signInWithToken(token);
  await page.goto('/profile/bonus');
  const wagering = page.locator('[data-wagering]');
  await expect(wagering).toContainText('€0.00 of €200.00 wagered');
  await expect(wagering.locator('progress')).toHaveAttribute('value', '0');
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await wagering.getByRole('button', { name: 'Cancel my bonus' }).click();
  await expect(wagering).toContainText('Cancelling forfeits your bonus balance of €20.00.');
  await wagering.getByRole('button', { name: 'Yes, cancel and forfeit it' }).click();
  await expect(page.getByText('Your bonus has been cancelled.')).toBeVisible();
  await expect(page.locator('[data-figure="bonus"]')).toHaveText('€0.00');
  await expect(page.locator('[data-wagering]')).toHaveCount(0);
  expect((await me(request, token)).bonus_balance).toBe('0.00');
});
