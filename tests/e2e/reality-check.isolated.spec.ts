import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { formatMoney } from '../../core/i18n/money-format';
import type { Locale } from '../../core/i18n/locales.ts';
import { closeLowBalance } from './helpers';

// The reality check (UKGC RTS 13) at its shortest real interval, 15 minutes, without waiting them
// out: the page's timers run on Playwright's clock, and the server's time (services.clock) moves
// through its test hook. The server clock is every player's, hence the isolated project: one test
// at a time on its own server, and the `serverClock` fixture puts the time back afterwards.
const LOCALES = ['de', 'hi'] as const;
const INTERVAL_MINUTES = 15;

const messages = (locale: Locale, set: string) => JSON.parse(readFileSync(`locales/${locale}/${set}.json`, 'utf8'));
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

for (const locale of LOCALES) {
  const main = messages(locale, 'main');

  test(`${locale}: the reality check comes after 15 minutes, holds focus, must be acknowledged, recurs`, async ({
    page,
    request,
    signedInPlayer,
    serverClock,
  }) => {
    // From before the page loads: the page's Date and timers are Playwright's, running at real speed.
    await page.clock.install();
    const { token } = await signedInPlayer({ prefix: 'rg' });
    const headers = { authorization: `Token ${token}` };
    const set = await request.patch('/api/user/responsible-gaming', {
      headers,
      data: { reality_check_minutes: INTERVAL_MINUTES },
    });
    expect(set.status()).toBe(200);
    const { session_started_at, reality_check_next_at } = await set.json();
    // Due one interval after the sign-in began.
    expect(new Date(reality_check_next_at).getTime() - new Date(session_started_at).getTime()).toBe(
      INTERVAL_MINUTES * 60_000,
    );
    await page.goto(`/${locale}/play`);
    await closeLowBalance(page);
    const dialog = page.locator('#reality-check-dialog');
    await expect(dialog).not.toHaveAttribute('open', '');

    // The interval passes for the server and for the page.
    await serverClock.advance(INTERVAL_MINUTES * 60);
    await page.clock.fastForward(`${INTERVAL_MINUTES}:00`);
    await expect(dialog).toHaveAttribute('open', '');
    await expect(dialog.getByRole('heading')).toHaveText(main.reality_check.title);
    const time = fill(main.reality_check.time, { hours: 0, minutes: INTERVAL_MINUTES });
    await expect(dialog.locator('[data-reality-elapsed]')).toHaveText(fill(main.reality_check.elapsed, { time }));
    // Exactly the session's money; what the games paid back is "returned", never "wins" (UKGC RTS 7).
    const zero = formatMoney('0.00', 'EUR', locale);
    await expect(dialog.locator('[data-reality-result]')).toHaveText(
      fill(main.reality_check.result, { deposits: zero, stakes: zero, wins: zero, net: zero }),
    );
    const continueButton = dialog.getByRole('button', { name: main.reality_check.continue });
    await expect(continueButton).toBeFocused();
    // Esc does not dismiss it, and Tab stays inside.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveAttribute('open', '');
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () => !!document.activeElement?.closest('#reality-check-dialog') || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    // The backdrop is opaque: nothing of the page behind shows through.
    const backdrop = await dialog.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor);
    expect(backdrop).toMatch(/^rgb\(\d+, \d+, \d+\)$/);

    // Acknowledged: the next one is due one interval after the acknowledgement, by the server's clock.
    const before = await serverClock.now();
    const ack = page.waitForResponse((response) => response.url().includes('reality-check') && response.ok());
    await continueButton.click();
    await ack;
    await expect(dialog).not.toHaveAttribute('open', '');
    const after = await serverClock.now();
    const state = await (await request.get('/api/user/responsible-gaming', { headers })).json();
    const next = new Date(state.reality_check_next_at).getTime();
    expect(next).toBeGreaterThanOrEqual(before.getTime() + INTERVAL_MINUTES * 60_000);
    expect(next).toBeLessThanOrEqual(after.getTime() + INTERVAL_MINUTES * 60_000);
    // The server's time had moved too: it was acknowledged an interval after the session began.
    expect(next).toBeGreaterThanOrEqual(new Date(session_started_at).getTime() + 2 * INTERVAL_MINUTES * 60_000);

    // One more interval: it comes again, counting the whole session.
    await serverClock.advance(INTERVAL_MINUTES * 60);
    await page.clock.fastForward(`${INTERVAL_MINUTES}:00`);
    await expect(dialog).toHaveAttribute('open', '');
    const twice = fill(main.reality_check.time, { hours: 0, minutes: 2 * INTERVAL_MINUTES });
    await expect(dialog.locator('[data-reality-elapsed]')).toHaveText(
      fill(main.reality_check.elapsed, { time: twice }),
    );
  });
}
