import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';
import { startServer } from './scripts/local-server.mjs';
const server = await startServer(4628);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const { auth_token: token } = await (await fetch(`${server.base}/auth/token/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@amberplay.test', password: 'amber-demo-2026' }) })).json();
  for (const spec of process.argv.slice(2)) {
    const [path, width] = spec.split('|');
    const context = await browser.newContext({ viewport: { width: Number(width), height: 780 } });
    await context.addCookies([{ name: 'auth_token', value: token, url: server.base }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__s = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__s.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: e.sources.map((s) => `${s.node?.nodeName}.${s.node?.className ?? ''} ${JSON.stringify([s.previousRect.y, s.previousRect.height])}->${JSON.stringify([s.currentRect.y, s.currentRect.height])}`) }); }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(server.base + path, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    console.log(path, width, JSON.stringify(await page.evaluate(() => window.__s), null, 0));
    await context.close();
  }
} finally { await browser.close(); server.stop(); }
