import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';
import { startServer } from './scripts/local-server.mjs';
const server = await startServer(4628);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const path of process.argv.slice(2)) {
    const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
    await page.goto(server.base + path, { waitUntil: 'networkidle' });
    console.log(path, await page.evaluate(() => {
      const w = window.innerWidth;
      const out = [...document.querySelectorAll('body *')].filter((n) => n.getBoundingClientRect().right > w + 0.5 && n.getClientRects().length).map((n) => `${n.tagName}.${n.className} ${Math.round(n.getBoundingClientRect().right)}`);
      return [document.documentElement.scrollWidth - w, out.slice(0, 8)];
    }));
    await page.close();
  }
} finally { await browser.close(); server.stop(); }
