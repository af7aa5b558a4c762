import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import {
  closeLowBalance,
  rejectIdentity,
  waitForClientScript,
  AXE_TAGS,
  onePixelPng,
  PROFILE_SCREENS,
} from './helpers';

const PAGES = [
  '/',
  '/faq',
  '/ja/faq',
  '/hi/rules',
  '/de/loyal',
  '/zh/responsible_gaming',
  '/profile/deposit',
  '/ru/no-such-page',
];

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    for (const path of PAGES) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForClientScript(page);
        await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /p-dark/ : /^(?!.*p-dark)/);
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      });
    }

    test('axe finds no violations with the language menu open', async ({ page }) => {
      await page.goto('/de/loyal');
      await waitForClientScript(page);
      await page.locator('[data-language-switcher] summary').click();
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  });
}

// Every profile screen as players other than the demo one see it: a new player (no balance, no
// document: the withdrawal page links to verification), one whose document is pending, and one
// whose document was rejected, in light and dark mode.

for (const state of ['new', 'pending', 'rejected'] as const) {
  test(`axe finds no violations on every profile screen for a ${state} player, light and dark`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(240_000);
    const { token } = await signedInPlayer({ prefix: `axe${state}` });
    if (state !== 'new') {
      const sent = await request.post('/api/user/verification', {
        headers: { authorization: `Token ${token}` },
        multipart: {
          document_type: 'passport',
          front: { name: 'pass.png', mimeType: 'image/png', buffer: onePixelPng() },
        },
      });
      expect(sent.status()).toBe(201);
      if (state === 'rejected') await rejectIdentity(request, token, 'The photo is blurred');
    }
    let first = true;
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      for (const path of PROFILE_SCREENS) {
        await page.goto(path);
        // Nothing on the balance: the low-balance dialog opens once per visit.
        if (first) await closeLowBalance(page);
        first = false;
        await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /p-dark/ : /^(?!.*p-dark)/);
        await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        if (path === '/profile/withdrawal') {
          // The note this spec exists for: its link is shown unless a document is pending.
          await expect(page.locator(`[data-verification-needed="${state === 'new' ? 'none' : state}"]`)).toBeVisible();
          await expect(page.locator('[data-verification-needed] a')).toHaveCount(state === 'pending' ? 0 : 1);
        }
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        expect(
          results.violations.map((v) => `${mode} ${path} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
        ).toEqual([]);
      }
    }
  });
}
