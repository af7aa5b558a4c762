import type { Locale } from '../../core/i18n/locales.ts';

/**
 * Independent organisations that help with gambling problems; descriptions are in
 * `responsible_gaming`. Every locale sees every organisation: the international ones first, then
 * national services labelled with their country (`responsible_gaming.countries.<code>`), so
 * nobody outside that country is led to think it serves them. Add a national service for a
 * locale only with its verified name and address.
 */
export interface HelpOrganisation {
  id: 'gambling_therapy' | 'gamblers_anonymous' | 'gamcare' | 'begambleaware' | 'national';
  name: string;
  url: string;
  /** ISO 3166-1 alpha-2 code, lower case, of the one country it serves; none: it helps anywhere. */
  country?: string;
  /** The language of `name`, when it is not English. */
  lang?: string;
  /** Listed only on these locales' pages (a national service for a country where the language is spoken). */
  locales?: readonly Locale[];
}

/**
 * National services, each checked by hand: its name, its official address, and that it
 * helps with gambling problems. Locales with none listed here (en has the UK services above) say
 * plainly that they list international help only: ru, hi, id, pt, tl, zh.
 */
export const NATIONAL_HELP: readonly HelpOrganisation[] = [
  // Germany: the federal public-health institute's programme (BZgA, now BIÖG); hotline 0800 1 37 27 00.
  {
    id: 'national',
    name: 'Check dein Spiel',
    url: 'https://www.check-dein-spiel.de/',
    country: 'de',
    lang: 'de',
    locales: ['de'],
  },
  // France: Santé publique France's service; 09 74 75 13 13.
  {
    id: 'national',
    name: 'Joueurs Info Service',
    url: 'https://www.joueurs-info-service.fr/',
    country: 'fr',
    lang: 'fr',
    locales: ['fr'],
  },
  // Spain: the federation of gamblers' rehabilitation associations.
  { id: 'national', name: 'FEJAR', url: 'https://www.fejar.org/', country: 'es', lang: 'es', locales: ['es'] },
  // Italy: Istituto Superiore di Sanità, Telefono Verde Nazionale per le problematiche del gioco d'azzardo, 800 558822.
  {
    id: 'national',
    name: 'Telefono Verde Nazionale per le problematiche del gioco d’azzardo (ISS)',
    url: 'https://www.iss.it/',
    country: 'it',
    lang: 'it',
    locales: ['it'],
  },
  // Japan: the National Center for Addiction Services Administration.
  {
    id: 'national',
    name: '依存症対策全国センター',
    url: 'https://www.ncasa-japan.jp/',
    country: 'jp',
    lang: 'ja',
    locales: ['ja'],
  },
  // Korea: Korea Center on Gambling Problems, helpline 1336.
  {
    id: 'national',
    name: '한국도박문제예방치유원 (1336)',
    url: 'https://www.kcgp.or.kr/',
    country: 'kr',
    lang: 'ko',
    locales: ['ko'],
  },
  // Turkey: Yeşilay's counselling centres (YEDAM) include gambling addiction; helpline 115.
  { id: 'national', name: 'Yeşilay', url: 'https://www.yesilay.org.tr/', country: 'tr', lang: 'tr', locales: ['tr'] },
];

export const HELP_ORGANISATIONS: readonly HelpOrganisation[] = [
  { id: 'gambling_therapy', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org/' },
  { id: 'gamblers_anonymous', name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
  { id: 'gamcare', name: 'GamCare', url: 'https://www.gamcare.org.uk/', country: 'gb' },
  { id: 'begambleaware', name: 'BeGambleAware', url: 'https://www.begambleaware.org/', country: 'gb' },
];

/** What one locale's page lists: the international and UK services, then its own national ones. */
export const helpFor = (locale: Locale): readonly HelpOrganisation[] => [
  ...HELP_ORGANISATIONS,
  ...NATIONAL_HELP.filter((org) => org.locales?.includes(locale)),
];
