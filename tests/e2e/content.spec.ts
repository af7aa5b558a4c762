import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { helpFor } from '../../src/data/help-organisations';

// The committed entries, not the folder: cms.spec adds an entry to the working tree while this
// spec runs beside it, and the built site never has that one.
const FAQ_IDS = execFileSync('git', ['ls-files', 'src/content/faq/en'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.replace(/^.*\/|\.md$/g, ''));

test('there are at least 12 FAQ entries', () => {
  expect(FAQ_IDS.length).toBeGreaterThanOrEqual(12);
});

for (const locale of ['en', 'ja', 'hi', 'ru'] as const) {
  test(`every FAQ entry is reachable by its hash in ${locale}`, async ({ page }) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await page.setViewportSize({ width: 800, height: 700 });
    for (const id of FAQ_IDS) {
      await page.goto(`${prefix}/faq#${id}`);
      const entry = page.locator(`#${id}`);
      await expect(entry).toBeInViewport();
      await expect(entry.getByRole('heading', { level: 3 })).not.toBeEmpty();
      if (locale !== 'en') await expect(entry).not.toHaveAttribute('lang', 'en'); // translated, not the fallback
    }
  });
}

test('the FAQ table of contents links every topic with a localized answer count', async ({ page }) => {
  const ru = JSON.parse(readFileSync('locales/ru/faq.json', 'utf8')) as { topics_label: string };
  await page.goto('/ru/faq');
  const toc = page.getByRole('navigation', { name: ru.topics_label });
  const links = toc.getByRole('link');
  expect(await links.count()).toBe(7);
  for (const link of await links.all()) {
    const target = (await link.getAttribute('href'))!;
    await expect(page.locator(target)).toHaveCount(1);
    await expect(link).not.toContainText('answer');
  }
});

test('the rules, responsible gaming and loyalty pages render every section in the locale', async ({ page }) => {
  for (const [path, sections] of [
    ['/de/rules', ['terms-of-play', 'bonus-terms', 'withdrawals-and-verification']],
    ['/de/responsible_gaming', ['staying-in-control', 'tools', 'self-assessment', 'age-limit']],
    ['/de/loyal', ['earning-points', 'levels', 'benefits']],
  ] as const) {
    await page.goto(path);
    for (const id of sections) {
      const section = page.locator(`section#${id}`);
      await expect(section).toBeVisible();
      await expect(section).not.toHaveAttribute('lang', 'en');
    }
    await page.goto(`${path}#${sections.at(-1)}`);
    await expect(page.locator(`#${sections.at(-1)}`)).toBeInViewport();
  }
});

test('the loyalty table shows each level and its points, formatted for the locale; no reward nothing pays', async ({
  page,
}) => {
  await page.goto('/loyal');
  const english = page.getByRole('table');
  await expect(english.getByRole('row')).toHaveCount(6);
  await expect(english.getByRole('columnheader')).toHaveText(['Level', 'Points needed']);
  await expect(english).toContainText('50,000 points');
  await expect(english).not.toContainText('%'); // no cashback column: the server pays none
  await page.goto('/de/loyal');
  const german = page.getByRole('table');
  await expect(german).toContainText('50.000');
  await expect(german).not.toContainText('points');
  await expect(german).not.toContainText('%');
  // On a phone each level is a card (CSS blocks), with no ARIA roles in the markup (HTML forbids
  // them inside a table): the browser still exposes a table with its rows and headers.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/loyal');
  await expect(english.getByRole('row')).toHaveCount(6);
  await expect(english.getByRole('columnheader')).toHaveText(['Level', 'Points needed']);
  await expect(english.getByRole('rowheader')).toHaveCount(5);
});

const LOCALES = ['en', 'ru', 'de', 'es', 'fr', 'hi', 'id', 'it', 'ja', 'ko', 'pt', 'tl', 'tr', 'zh'] as const;
const messages = (locale: string, set: string) => JSON.parse(readFileSync(`locales/${locale}/${set}.json`, 'utf8'));
const prefixOf = (locale: string) => (locale === 'en' ? '' : `/${locale}`);
const SUPPORT = 'support@amberplay.test';

test("responsible gaming lists international help first, names each national service's country, 14 locales", async ({
  page,
}) => {
  for (const locale of LOCALES) {
    await page.goto(`${prefixOf(locale)}/responsible_gaming`);
    const country = `(${messages(locale, 'responsible_gaming').countries.gb})`;
    const items = page.locator('#get-help li');
    // The four below, then the locale's own national services, or a plain statement that
    // only international help is listed.
    const own = helpFor(locale).filter((org) => org.locales);
    await expect(items).toHaveCount(4 + own.length);
    for (const [index, org] of own.entries())
      await expect(items.nth(4 + index).getByRole('link', { name: org.name })).toHaveAttribute('href', org.url);
    await expect(page.locator('[data-help-international-only]')).toHaveCount(own.length || locale === 'en' ? 0 : 1);
    for (const [index, [name, href, national]] of (
      [
        ['Gambling Therapy', 'https://www.gamblingtherapy.org/', false],
        ['Gamblers Anonymous', 'https://www.gamblersanonymous.org/', false],
        ['GamCare', 'https://www.gamcare.org.uk/', true],
        ['BeGambleAware', 'https://www.begambleaware.org/', true],
      ] as const
    ).entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('link', { name }), `${locale} ${name}`).toHaveAttribute('href', href);
      if (national) await expect(item, `${locale} ${name}`).toContainText(country);
      else await expect(item, `${locale} ${name}`).not.toContainText(country);
    }
    await expect(page.locator('#age-limit')).toContainText('18');
  }
});

test('the support address is a mailto link in the footer and in the FAQ, in all 14 locales', async ({ page }) => {
  const footerLink = (locale: string) =>
    page
      .getByRole('contentinfo')
      .getByRole('link', { name: messages(locale, 'main').footer.support.replace('{email}', SUPPORT), exact: true });
  // The same footer on every page type: a public page, a content page and a profile page.
  for (const path of ['/', '/rules', '/ja/profile/deposit']) {
    await page.goto(path);
    await expect(footerLink(path.startsWith('/ja') ? 'ja' : 'en'), path).toHaveAttribute('href', `mailto:${SUPPORT}`);
  }
  for (const locale of LOCALES) {
    await page.goto(`${prefixOf(locale)}/faq`);
    await expect(footerLink(locale), locale).toHaveAttribute('href', `mailto:${SUPPORT}`);
    // The "Still have a question?" box and the answers that tell you to write to us name the address.
    const [before] = (messages(locale, 'faq').contact_text as string).split('{email}');
    const help = page.locator('.faq-help p');
    await expect(help, locale).toContainText(`${before}${SUPPORT}`);
    await expect(help.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
    for (const entry of ['account-security', 'deposit-not-credited']) {
      await expect(
        page.locator(`#${entry}`).getByRole('link', { name: SUPPORT }),
        `${locale} ${entry}`,
      ).toHaveAttribute('href', `mailto:${SUPPORT}`);
    }
    await expect(page.locator('main')).not.toContainText('{support_email}');
  }
});

/** The platform fonts Chromium used to draw the node's text: proof that real glyphs were drawn. */
async function fontsOf(page: Page, selector: string): Promise<string[]> {
  const client = await page.context().newCDPSession(page);
  await client.send('DOM.enable');
  await client.send('CSS.enable');
  const { root } = await client.send('DOM.getDocument');
  const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.filter((font) => font.glyphCount > 0).map((font) => font.familyName);
}

for (const [path, script] of [
  ['/ja/faq', /Noto Sans CJK JP|Noto Serif CJK JP/],
  ['/hi/rules', /Noto Sans Devanagari|Noto Serif Devanagari/],
  ['/zh/responsible_gaming', /Noto Sans CJK SC|Noto Serif CJK SC|Noto Sans CJK/],
] as const) {
  test(`${path} is drawn with real glyphs`, async ({ page }, testInfo) => {
    await page.goto(path);
    for (const selector of ['h1', 'main h2', 'main p']) {
      const families = await fontsOf(page, selector);
      expect(
        families.some((family) => script.test(family)),
        `${selector} drawn with ${families.join(', ')}`,
      ).toBe(true);
    }
    const shot = await page.screenshot({ fullPage: false });
    await testInfo.attach(`${path.replaceAll('/', '_')}.png`, { body: shot, contentType: 'image/png' });
  });
}

test('FAQ cross-references are links to the page in the reader’s language, in all 14 locales', async ({ page }) => {
  for (const locale of LOCALES) {
    const prefix = prefixOf(locale);
    await page.goto(`${prefix}/faq`);
    for (const [entry, target] of [
      ['set-limits', '/profile/responsible_gaming'],
      ['loyalty-levels', '/loyal#levels'],
      ['bonus-wagering', '/rules#bonus-terms'],
    ] as const) {
      await expect(page.locator(`#${entry} p a`).first(), `${locale} ${entry}`).toHaveAttribute(
        'href',
        `${prefix}${target}`,
      );
    }
    await expect(page.locator('#set-limits p a').last(), `${locale} set-limits`).toHaveAttribute(
      'href',
      `${prefix}/responsible_gaming#tools`,
    );
  }
  await page.goto('/de/faq#set-limits');
  await page.locator('#set-limits p a').last().click();
  await expect(page).toHaveURL(/\/de\/responsible_gaming#tools$/);
  await expect(page.locator('#tools')).toBeInViewport();
});
