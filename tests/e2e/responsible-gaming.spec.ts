import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { formatMoney } from '../../core/i18n/money-format';
import type { Locale } from '../../core/i18n/locales.ts';
import { closeLowBalance } from './helpers';

// Safer gambling against the real server, in German and Hindi. The reality check, which needs the
// server's clock moved, is in reality-check.isolated.spec.ts.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LOCALES = ['de', 'hi'] as const;

const messages = (locale: Locale, set: string) => JSON.parse(readFileSync(`locales/${locale}/${set}.json`, 'utf8'));
/** A message template as a pattern: every `{placeholder}` matches anything. */
const pattern = (template: string) =>
  new RegExp(
    template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );
const money = (amount: string, locale: Locale) => formatMoney(amount, 'EUR', locale);

for (const locale of LOCALES) {
  const profile = messages(locale, 'profile');
  const api = messages(locale, 'api');

  test(`${locale}: a deposit limit refuses more; raising it is pending; axe clean in light and dark`, async ({
    page,
    signedInPlayer,
  }) => {
    // Three pages and two axe runs: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    await signedInPlayer({ prefix: 'rg' });
    await page.goto(`/${locale}/profile/responsible_gaming`);
    await closeLowBalance(page);
    const deposits = page.locator('[data-rg="deposit_limits"]');
    await deposits.locator('#deposit_limits-day').fill('50');
    await deposits.getByRole('button', { name: profile.rg.save_limits }).click();
    const day = page.locator('[data-rg="deposit_limits"] [data-period="day"]');
    await expect(day.locator('[data-remaining]')).toHaveText(
      profile.rg.remaining.replace('{remaining}', money('50.00', locale)),
    );

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(axe.violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The deposit page never opens the low-balance dialog, and it was shown once this visit already.
    await page.goto(`/${locale}/profile/deposit`);
    await expect(page.locator('[data-deposit-room]')).toHaveText(
      profile.rg.deposit_remaining.replace('{remaining}', money('50.00', locale)),
    );
    await expect(page.getByRole('link', { name: profile.rg.limits_link })).toBeVisible();
    const form = page.locator('form[data-form="deposit"]');
    // A shortcut above the room left is disabled; those within it are not.
    await expect(form.locator('button[data-preset="100.00"]')).toBeDisabled();
    await expect(form.locator('button[data-preset="50.00"]')).toBeEnabled();
    await form.locator('input[name="amount"]').fill('60');
    await form.getByRole('button', { name: profile.deposit.submit }).click();
    await expect(form.locator('#field-amount-error')).toHaveText(pattern(api.rg.deposit_limit_max));
    await expect(form.locator('#field-amount-error')).toContainText(money('50.00', locale));

    await page.goto(`/${locale}/profile/responsible_gaming`);
    await deposits.locator('#deposit_limits-day').fill('100');
    await deposits.getByRole('button', { name: profile.rg.save_limits }).click();
    await expect(day.locator('[data-pending]')).toHaveText(pattern(profile.rg.pending));
    await expect(day.locator('[data-pending]')).toContainText(money('100.00', locale));
    // The raise waits: the limit in force is still 50.00.
    await expect(day.locator('[data-remaining]')).toHaveText(
      profile.rg.remaining.replace('{remaining}', money('50.00', locale)),
    );
  });

  test(`${locale}: a time-out signs the player out, and signing in is refused with its end date`, async ({
    page,
    signedInPlayer,
  }) => {
    const player = await signedInPlayer({ prefix: 'rg' });
    await page.goto(`/${locale}/profile/responsible_gaming`);
    await closeLowBalance(page);
    const section = page.locator('[data-rg="time_out"]');
    await expect(section).toContainText(profile.rg.time_out_summary);
    await section.getByLabel(profile.rg.period_24h).check();
    await section.getByLabel(profile.rg.password).fill(player.password);
    await section.getByRole('button', { name: profile.rg.time_out_submit }).click();
    // It cannot be undone, so a dialog asks first, with "Not now" focused.
    const confirm = page.locator('dialog[data-dialog="confirm-time_out"][open]');
    await expect(confirm.getByRole('button', { name: profile.rg.confirm_cancel })).toBeFocused();
    await confirm.getByRole('button', { name: profile.rg.time_out_submit }).click();
    await expect(page.getByRole('status').filter({ hasText: pattern(profile.rg.time_out_done) })).toBeVisible();
    // The server revoked every token: the page forgot the player at once (no cookie left), and
    // closing the notice leaves the profile for the home page, signed out, with no sign-in prompt.
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')).toBeUndefined();
    await page.locator('[data-rg-done="time_out"]').getByRole('button').click();
    await page.waitForURL(`**/${locale}/`);
    await expect(page.locator('dialog.auth-dialog[open]')).toHaveCount(0);

    const auth = messages(locale, 'auth');
    await page.goto(`/${locale}/faq#sign-in`);
    const form = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
    await form.getByLabel(auth.fields.email).fill(player.email);
    await form.getByLabel(auth.fields.password, { exact: true }).fill(player.password);
    await form.getByRole('button', { name: auth.sign_in.submit }).click();
    await expect(form.getByRole('alert')).toHaveText(pattern(api.rg.time_out_sign_in));
  });
}
