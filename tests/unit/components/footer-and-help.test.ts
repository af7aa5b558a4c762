// What the footer and the responsible gaming page promise, rendered as the build renders them.
import { readFileSync } from 'node:fs';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Footer from '../../../src/components/Footer.astro';
import HelpOrganisations from '../../../src/components/content/HelpOrganisations.astro';
import { HELP_ORGANISATIONS, helpFor } from '../../../src/data/help-organisations';
import { LOCALE_INTL, LOCALES, type Locale } from '#core/i18n/locales.ts';

const messages = (locale: string, set: string) => JSON.parse(readFileSync(`locales/${locale}/${set}.json`, 'utf8'));
let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
afterEach(() => {
  delete process.env.PUBLIC_SUPPORT_EMAIL;
});

/** The text of an HTML fragment, without tags. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('the footer’s licence line', () => {
  it.each(LOCALES)('%s: both wordings in the language, filled with the market from the API', async (locale) => {
    const html = await container.renderToString(Footer, { props: { locale } });
    const footer = messages(locale, 'main').footer;
    const attribute = (name: string) =>
      html
        .match(new RegExp(`${name}="([^"]*)"`))?.[1]
        ?.replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&');
    expect(html).toMatch(/<p[^>]*data-market-licence[^>]*hidden/);
    expect(attribute('data-without-number')).toBe(footer.licensed_by);
    expect(attribute('data-with-number')).toBe(footer.licensed_by_number);
    expect(footer.licensed_by_number).toContain('{number}');
  });
});

describe('the footer’s support link', () => {
  it.each(LOCALES)('%s: one mailto link whose name says what it is and shows the address', async (locale) => {
    const html = await container.renderToString(Footer, { props: { locale } });
    const links = [...html.matchAll(/<a [^>]*href="mailto:([^"]+)"[^>]*>([^<]*)<\/a>/g)];
    expect(links).toHaveLength(1);
    const [, address, name] = links[0]!;
    expect(address).toBe('support@amberplay.test');
    expect(name).toBe(messages(locale, 'main').footer.support.replace('{email}', 'support@amberplay.test'));
  });

  it('links to PUBLIC_SUPPORT_EMAIL when it is set', async () => {
    process.env.PUBLIC_SUPPORT_EMAIL = 'help@casino.example.org';
    const html = await container.renderToString(Footer, { props: { locale: 'de' } });
    expect(html).toContain('href="mailto:help@casino.example.org"');
    expect(html).toContain('Support per E-Mail: help@casino.example.org');
  });
});

describe('help organisations', () => {
  it('lists the international ones first, and gives every national one a country', () => {
    expect(HELP_ORGANISATIONS.map((org) => [org.name, org.country ?? 'international'])).toEqual([
      ['Gambling Therapy', 'international'],
      ['Gamblers Anonymous', 'international'],
      ['GamCare', 'gb'],
      ['BeGambleAware', 'gb'],
    ]);
  });

  it.each(LOCALES)(
    '%s: each national organisation is labelled with its country in the reader’s language',
    async (locale: Locale) => {
      const html = await container.renderToString(HelpOrganisations, { props: { locale } });
      const items = [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((match) => text(match[1]!));
      const country = messages(locale, 'responsible_gaming').countries.gb as string;
      expect(country).toBeTruthy();
      expect(items).toHaveLength(helpFor(locale).length);
      for (const [index, org] of helpFor(locale).entries()) {
        const item = items[index]!;
        expect(item.startsWith(org.name)).toBe(true);
        if (org.country === 'gb') expect(item).toContain(`(${country})`);
        else expect(item).not.toContain(`(${country})`);
      }
    },
  );

  // A national service of a country where the language is spoken, or a plain statement
  // that only international help is listed.
  it.each(LOCALES)(
    '%s: lists a national service for its readers, or says it lists international help only',
    async (locale: Locale) => {
      const html = await container.renderToString(HelpOrganisations, { props: { locale } });
      const national = helpFor(locale).filter((org) => org.locales);
      const expected: Record<string, string[]> = {
        de: ['Check dein Spiel'],
        fr: ['Joueurs Info Service'],
        es: ['FEJAR'],
        it: ['Telefono Verde Nazionale per le problematiche del gioco d’azzardo (ISS)'],
        ja: ['依存症対策全国センター'],
        ko: ['한국도박문제예방치유원 (1336)'],
        tr: ['Yeşilay'],
      };
      expect(national.map((org) => org.name)).toEqual(expected[locale] ?? []);
      for (const org of national) {
        expect(org.url).toMatch(/^https:\/\/www\.[a-z0-9.-]+\/$/);
        expect(html).toContain(`href="${org.url}"`);
        expect(text(html)).toContain(org.name);
        expect(text(html)).toContain(
          `(${new Intl.DisplayNames([LOCALE_INTL[locale]], { type: 'region' }).of(org.country!.toUpperCase())})`,
        );
      }
      const note = messages(locale, 'responsible_gaming').international_only as string;
      if (national.length || locale === 'en') expect(html).not.toContain('data-help-international-only');
      else expect(text(html)).toContain(note);
    },
  );
});
