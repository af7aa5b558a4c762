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

// Every profile screen as players other than the demo one see it, in light and dark mode: a new
// player (no balance, no document: the withdrawal page links to verification) on all of them, and
// one whose document is pending and one whose document was rejected on the screens that show the
// document's state (the verification card on /profile, the note on /profile/withdrawal). The other
// screens render the same markup whatever the document's state, so axe over them again would only
// repeat the new player's run (about 40 s each on CI).
const SCREENS_BY_STATE: Record<'new' | 'pending' | 'rejected', readonly string[]> = {
  new: PROFILE_SCREENS,
  pending: ['/profile', '/profile/withdrawal'],
  rejected: ['/profile', '/profile/withdrawal'],
};

// One test per state and mode, so the two workers share the new player's eleven screens.
for (const [state, mode] of (['new', 'pending', 'rejected'] as const).flatMap((one) =>
  (['light', 'dark'] as const).map((colour) => [one, colour] as const),
)) {
  test(`axe finds no violations on the profile screens for a ${state} player, ${mode} mode`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(180_000);
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
    await page.emulateMedia({ colorScheme: mode });
    for (const path of SCREENS_BY_STATE[state]) {
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
  });
}
