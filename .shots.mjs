import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '/work/wt/polish/scripts/chromium-path.mjs';
import { startServer } from '/work/wt/polish/scripts/local-server.mjs';
const [,, ...specs] = process.argv; // spec: path|width|scheme|signed|action
const server = await startServer(4628);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const login = await fetch(`${server.base}/auth/token/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@amberplay.test', password: 'amber-demo-2026' }) });
  const { auth_token: token } = await login.json();
  for (const spec of specs) {
    const [path, width, scheme, signed, action, full] = spec.split('|');
    const context = await browser.newContext({ viewport: { width: Number(width), height: 780 }, colorScheme: scheme });
    if (signed === 'in') await context.addCookies([{ name: 'auth_token', value: token, url: server.base }]);
    const page = await context.newPage();
    await page.goto(server.base + path, { waitUntil: 'networkidle' });
    if (signed === 'in') await page.locator('[data-session-balance]:not(:empty)').first().waitFor({ state: 'attached' });
    if (action === 'menu') await page.locator('[data-menu-toggle]').click();
    if (action === 'nav') await page.locator('.profile-nav summary').click();
    const name = `/tmp/polish-shots/${path.replace(/\//g, '_')}-${width}-${scheme}-${signed}-${action || 'none'}.png`;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.screenshot({ path: name, fullPage: full === 'full' });
    console.log(name, 'scrollHeight', height);
    await context.close();
  }
} finally { await browser.close(); server.stop(); }
