import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';
import { startServer } from './scripts/local-server.mjs';
const server = await startServer(4628);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const tag = `w${Date.now().toString(36)}`;
  const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'light' });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('color-mode', 'dark'));
  await page.goto(server.base + '/ja/#sign-up');
  const form = page.locator('dialog.auth-dialog[open]');
  await form.locator('input[name="email"]').fill(`${tag}@example.test`);
  await form.locator('input[name="username"]').fill(tag);
  await form.locator('input[name="password"]').fill('amber-lantern-9');
  await form.locator('button[type="submit"]').click();
  await page.locator('#welcome-dialog[open]').waitFor();
  await page.screenshot({ path: '/tmp/polish-shots/welcome-ja-dark-360.png' });
  await page.keyboard.press('Escape');
  await page.goto(server.base + '/ja/profile/deposit');
  await page.locator('form[data-form="deposit"] button[type="submit"]').waitFor();
  await page.locator('form[data-form="deposit"] input[name="amount"]').fill('25');
  await page.locator('form[data-form="deposit"] button[type="submit"]').click();
  await page.waitForURL('**/demo-pay/**');
  await page.screenshot({ path: '/tmp/polish-shots/demo-pay-ja-dark-360.png' });
  console.log(page.url());
} finally { await browser.close(); server.stop(); }
