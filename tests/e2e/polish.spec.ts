// The low-balance dialog, the phone header and navigation, the loyalty table on
// small phones, reserved space while profile screens load, the history error state, focus, and
// the demo payment page's colour mode.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, apiToken, depositThroughPaymentPage, verifyIdentity, waitForClientScript } from './helpers';

const PHONE = { width: 360, height: 780 };

const auth = (token: string) => ({ authorization: `Token ${token}` });

const deposit = depositThroughPaymentPage;

/** Resolves once the header shows the loaded player, i.e. the user store has been set. */
async function userLoaded(page: Page) {
  await waitForClientScript(page);
  await expect(page.locator('.site-header [data-session-balance]')).not.toHaveText('');
}

const lowBalance = (page: Page) => page.locator('#low-balance-dialog');

test.describe('1. the low-balance dialog', () => {
  test('opens on the first page of a visit, not on the next ones, and focus returns to the heading', async ({
    page,
    signedInPlayer,
  }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.goto('/faq');
    await expect(lowBalance(page)).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(lowBalance(page)).not.toHaveAttribute('open', '');
    // 6: the dialog opened on load, so there is no trigger to go back to: the main heading.
    await expect(page.locator('main h1')).toBeFocused();

    for (const path of ['/rules', '/responsible_gaming', '/profile/history', '/faq']) {
      await page.goto(path);
      await userLoaded(page);
      await expect(lowBalance(page), path).not.toHaveAttribute('open', '');
    }
  });

  test('never on the deposit page, even on the first page of a visit', async ({ page, signedInPlayer }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.setViewportSize(PHONE);
    await page.goto('/ja/profile/deposit');
    await userLoaded(page);
    await expect(page.locator('form[data-form="deposit"]')).toBeVisible();
    await expect(lowBalance(page)).not.toHaveAttribute('open', '');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  });

  test('opens when an update takes the balance from above 0.50 to 0.50 or less', async ({
    page,
    request,
    signedInPlayer,
  }) => {
    const player = await signedInPlayer({ prefix: 'pol' });
    await deposit(request, player.token, '10.40');
    await page.goto('/profile');
    await userLoaded(page);
    await expect(page.locator('.site-header [data-session-balance]')).toHaveText('€10.40');
    await expect(lowBalance(page)).not.toHaveAttribute('open', '');
    // The stream carries only what happens after it opened.
    await expect(page.locator('html[data-live-balance="open"]')).toHaveCount(1);

    // Elsewhere (another tab, say) the player withdraws 10.00: the live stream brings 0.40 to this
    // page, and the dialog opens without the page asking for anything.
    await verifyIdentity(request, player.token);
    const withdrawal = await request.post('/api/user/withdrawal', {
      headers: auth(player.token),
      data: { amount: '10.00', method: 'bank_transfer', destination: 'DE89370400440532013000' },
    });
    expect(withdrawal.status()).toBe(201);
    await expect(lowBalance(page)).toHaveAttribute('open', '');
    await expect(lowBalance(page).locator('[data-low-balance-amount]')).toHaveText('€0.40');
    await expect(page.locator('.site-header [data-session-balance]')).toHaveText('€0.40');
    await lowBalance(page).getByRole('button', { name: 'Not now' }).click();
    await expect(lowBalance(page)).not.toHaveAttribute('open', '');
    // Nothing had focus before it opened: closing it puts focus on the main heading, not the body.
    await expect(page.locator('main h1')).toBeFocused();
  });
});

test.describe('2. phones', () => {
  test.use({ viewport: PHONE });

  test('the header is one row: logo, menu button, sign-in; the menu holds navigation, language, colour mode', async ({
    page,
  }) => {
    await page.goto('/de/faq');
    await waitForClientScript(page);
    const header = page.locator('.site-header');
    const height = await header.evaluate((node) => node.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(72);
    const toggle = header.getByRole('button', { name: 'Menü' });
    const signIn = header.getByRole('link', { name: 'Anmelden' });
    for (const part of [header.getByRole('link', { name: /AmberPlay/ }), toggle, signIn])
      await expect(part).toBeInViewport();
    const tops = await Promise.all(
      [toggle, signIn].map((part) => part.evaluate((node) => Math.round(node.getBoundingClientRect().top))),
    );
    expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThanOrEqual(4);
    // Closed, the menu's contents are not there for anyone.
    await expect(header.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = header.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Regeln' })).toBeVisible();
    await expect(header.getByRole('group', { name: 'Farbmodus' })).toBeVisible();
    await expect(header.locator('[data-language-switcher] summary')).toBeVisible();
    // Focus moved into the menu; Esc closes it and gives focus back to the button.
    expect(await page.evaluate(() => document.getElementById('site-menu')!.contains(document.activeElement))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('signed in, the header row shows the balance, and sign-out is in the menu', async ({ page, signedInPlayer }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.goto('/hi/rules');
    await userLoaded(page);
    const header = page.locator('.site-header');
    await expect(header.locator('[data-session-balance]')).toBeInViewport();
    await expect(header.locator('.site-header__session [data-sign-out]')).toBeHidden();
    await page.keyboard.press('Escape'); // the low-balance dialog of the visit's first page
    await header.locator('[data-menu-toggle]').click();
    await expect(header.locator('#site-menu [data-sign-out]')).toBeVisible();
  });

  test('the profile navigation names the current section without sideways scrolling', async ({
    page,
    signedInPlayer,
  }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.goto('/de/profile/notification');
    const nav = page.getByRole('navigation', { name: 'Kontobereiche' });
    const current = nav.locator('summary');
    await expect(current).toContainText('Benachrichtigungen');
    await expect(current).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await nav.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await userLoaded(page);
    await page.keyboard.press('Escape');
    await current.click();
    const link = nav.getByRole('link', { name: 'Benachrichtigungen' });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link).toBeInViewport({ ratio: 1 });
    await expect(nav.getByRole('link', { name: 'Partnerprogramm' })).toBeVisible();
  });

  test('lobby cards sit two to a row, so the German home page is far shorter than 6,000 px', async ({ page }) => {
    await page.goto('/de/');
    const cards = page.locator('.game-grid').first().locator('> li:has(.game-card__link)');
    await expect(cards.nth(1)).toBeVisible();
    const boxes = await Promise.all(
      [0, 1].map((index) => cards.nth(index).evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect)),
    );
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    // A card was about 330 px tall, one to a row; now two share a row at well under 250 px each.
    expect(boxes[0]!.height).toBeLessThan(250);
    // The whole page, with the 13 games and the recent winners loaded (10 shown), stays far below 6,000 px.
    await expect(page.locator('[data-lobby-winners] .winner:not(.winner--skeleton)').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4500);
  });
});

test.describe('3. the loyalty table at 320 px', () => {
  test.use({ viewport: { width: 320, height: 780 } });

  for (const locale of ['ja', 'de']) {
    test(`${locale}: stacked cards, nothing overflows, badges and points on one line`, async ({ page }) => {
      await page.goto(`/${locale}/loyal`);
      const table = page.locator('.loyalty-table');
      await expect(table).toBeVisible();
      const problems = await table.evaluate((root) => {
        const width = document.documentElement.clientWidth;
        const found: string[] = [];
        for (const node of root.querySelectorAll<HTMLElement>('*')) {
          const rect = node.getBoundingClientRect();
          if (rect.width && (rect.right > width + 0.5 || rect.left < -0.5))
            found.push(`overflows: ${node.className || node.tagName} "${node.textContent?.slice(0, 20)}"`);
        }
        const oneLine = (node: HTMLElement) =>
          node.getBoundingClientRect().height < 1.8 * parseFloat(getComputedStyle(node).lineHeight || '20');
        for (const node of root.querySelectorAll<HTMLElement>('.level-badge, .nowrap'))
          if (!oneLine(node)) found.push(`wraps: "${node.textContent}"`);
        return found;
      });
      expect(problems).toEqual([]);
      // No hidden column: every level's points are on screen (as labelled card lines).
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(5);
      for (let index = 0; index < 5; index++) await expect(rows.nth(index).locator('td').last()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The table keeps its semantics for screen readers: a cell still has its column header.
      await expect(page.getByRole('columnheader')).toHaveCount(2);
    });
  }
});

test.describe('4. profile screens reserve their space while loading', () => {
  for (const viewport of [PHONE, { width: 1280, height: 780 }]) {
    for (const path of ['/profile', '/profile/bonus', '/profile/loyalty', '/profile/balance']) {
      test(`${path} at ${viewport.width} px: what is on screen before the data comes does not move`, async ({
        page,
        request,
        signedInPlayer,
      }) => {
        const player = await signedInPlayer({ prefix: 'pol' });
        await deposit(request, player.token, '10.00');
        await page.setViewportSize(viewport);
        // Hold the player's data until the page's placeholders are on screen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/user/me', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(path);
        await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
        await expect(
          page.locator('.profile-content [aria-busy="true"], .profile-content .skeleton').first(),
        ).toBeAttached();
        const positions = () =>
          page.evaluate(() =>
            [
              ...document.querySelectorAll<HTMLElement>(
                '.profile-content > h1, .profile-content > .lead, .profile-content .stack > :not(astro-island), footer',
              ),
            ].map((node) => ({
              name: node.tagName + '.' + node.className,
              top: Math.round(node.getBoundingClientRect().top),
            })),
          );
        const before = await positions();
        release();
        await expect(page.locator('.site-header [data-session-balance]')).toHaveText('€10.00');
        await expect(page.locator('.profile-content [aria-busy="true"], .profile-content .skeleton')).toHaveCount(0);
        const after = await positions();
        // Everything that was visible stays where it was (below the fold it may move: nobody sees it).
        const moved = before.filter(
          (item, index) => item.top < viewport.height && Math.abs(after[index]!.top - item.top) > 1,
        );
        expect(moved).toEqual([]);
      });
    }
  }
});

test.describe('4. /profile/bonus with a bonus: the wagering panel keeps its place while its figures load', () => {
  for (const viewport of [PHONE, { width: 1280, height: 780 }]) {
    test(`at ${viewport.width} px`, async ({ page, request, signInWithToken }) => {
      // Read only: the demo player is the one account with a bonus (see bonus.isolated.spec.ts).
      await signInWithToken(await apiToken(request, DEMO));
      await page.setViewportSize(viewport);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/user/bonus', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/profile/bonus');
      await expect(page.locator('[data-wagering-placeholder]')).toBeVisible();
      await expect(page.locator('[data-figure="bonus"]')).toHaveText('€20.00');
      const layout = () =>
        page.evaluate(() => {
          const card = document.querySelector<HTMLElement>('section[aria-labelledby="bonus-title"]')!;
          const below = [
            ...document.querySelectorAll<HTMLElement>('.profile-content .stack > :not(astro-island), footer'),
          ];
          return {
            card: Math.round(card.getBoundingClientRect().height),
            below: below.map((node) => Math.round(node.getBoundingClientRect().top)),
          };
        });
      const before = await layout();
      release();
      await expect(page.locator('[data-wagering]')).toContainText('€0.00 of €200.00 wagered');
      await expect(page.locator('[data-wagering-placeholder]')).toBeHidden();
      expect(await layout()).toEqual(before);
    });
  }
});

test('5. history with the API failing: the error alone, no "Loading…" heading above it', async ({
  page,
  signedInPlayer,
}) => {
  await signedInPlayer({ prefix: 'pol' });
  await page.route('**/api/user/history**', (route) => route.abort());
  await page.goto('/profile/history');
  await expect(page.getByRole('alert')).toContainText('We could not load this.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loading…' })).toHaveCount(0);
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
});

test.describe('6. focus', () => {
  test("the skip link lands on the profile page's heading, past the section navigation", async ({
    page,
    signedInPlayer,
  }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.goto('/profile/history');
    await userLoaded(page);
    await page.keyboard.press('Escape');
    // Again, as the visit's second page (no dialog), with focus at the start of the document.
    await page.reload();
    await userLoaded(page);
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeFocused();
    // The next Tab goes on from the content, not through the 9-link section navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.profile-nav'))).toBe(false);
  });

  test("after signing in, focus is on the header's account control, not the body", async ({ page }) => {
    await page.goto('/faq');
    await waitForClientScript(page);
    await page.locator('.site-header').getByRole('link', { name: 'Sign in' }).click();
    const form = page.locator('dialog.auth-dialog[open]');
    await form.getByLabel('Email address').fill('demo@amberplay.test');
    await form.getByLabel('Password', { exact: true }).fill('amber-demo-2026');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('dialog.auth-dialog[open]')).toHaveCount(0);
    await expect(page.locator('.site-header [data-account-control]')).toBeFocused();
  });
});

test.describe('6 and 8. the payment page', () => {
  test.use({ viewport: PHONE });

  test('follows the colour mode chosen on the site, and focus lands on the result after return', async ({
    page,
    signedInPlayer,
  }) => {
    await signedInPlayer({ prefix: 'pol' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('color-mode', 'dark'));
    await page.goto('/de/profile/deposit');
    const form = page.locator('form[data-form="deposit"]');
    await form.getByRole('button', { name: '25,00\u00a0€' }).click();
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/demo-pay/**');
    expect(new URL(page.url()).searchParams.get('theme')).toBe('dark');
    // The operating system is light, the site's choice is dark: the page is dark.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 19, 12)');
    const csp = (await page.request.get(page.url())).headers()['content-security-policy'];
    expect(csp).not.toContain('unsafe-inline');
    await page.getByRole('button', { name: /Abbrechen|Zahlung abbrechen/ }).click();

    await page.waitForURL((url) => url.pathname === '/de/profile/deposit');
    const result = page.locator('.notice[role="status"]');
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
  });

  test('a light choice on a dark system stays light; no theme follows the system', async ({
    page,
    request,
    signedInPlayer,
  }) => {
    const player = await signedInPlayer({ prefix: 'pol' });
    const payment = await (
      await request.post('/api/user/payments/create-payment', {
        headers: auth(player.token),
        data: { amount: '10.00', method: 'card' },
      })
    ).json();
    await page.emulateMedia({ colorScheme: 'dark' });
    const url = new URL(payment.redirect_url);
    await page.goto(`${url.pathname}?theme=light`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 247, 239)');
    await page.goto(url.pathname);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 19, 12)');
    await page.goto(`${url.pathname}?theme=%3Cscript%3E`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 19, 12)');
  });
});

test.describe('axe on phones', () => {
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`${mode} mode`, () => {
      test.use({ colorScheme: mode, viewport: PHONE });

      test('no violations with the header menu, loyalty cards, low-balance dialog and profile navigation open', async ({
        page,
        signedInPlayer,
      }) => {
        await page.goto('/ja/loyal');
        await waitForClientScript(page);
        await page.locator('[data-menu-toggle]').click();
        await expect(page.locator('#site-menu')).toBeVisible();
        const check = async (what: string) => {
          const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          expect(results.violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual(
            [],
          );
        };
        await check('menu');
        await page.keyboard.press('Escape');
        await check('cards');

        await signedInPlayer({ prefix: 'pol' });
        await page.goto('/hi/profile/loyalty');
        await expect(lowBalance(page)).toHaveAttribute('open', '');
        await check('low balance');
        await page.keyboard.press('Escape');
        await page.locator('.profile-nav summary').click();
        await check('profile navigation');
      });
    });
  }
});
