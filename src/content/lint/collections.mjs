// What each Markdown collection is, in one place: its folder, the page that shows it, the fields
// editors translate, and the fields that give the page its structure (set only in English).
// Plain .mjs so `npm run i18n:check` (Node) and the content loader (Astro) share it.

export const FAQ_CATEGORIES = /** @type {const} */ ([
  'account',
  'deposits',
  'withdrawals',
  'bonuses',
  'loyalty',
  'security',
  'responsible_gaming',
]);

/** The id of an FAQ topic's section on /faq: `responsible_gaming` → `topic-responsible-gaming`. */
export const faqTopicId = (/** @type {string} */ category) => `topic-${category.replaceAll('_', '-')}`;

/**
 * @typedef {{ kind: 'text' } | { kind: 'int' } | { kind: 'enum', values: readonly string[] }} FieldType
 * @typedef {{ folder: string, page: string, text: Record<string, FieldType>, structure: Record<string, FieldType> }}
 * CollectionRules
 */

/** @type {Record<'faq' | 'rules' | 'responsibleGaming' | 'loyalty', CollectionRules>} */
export const CONTENT_COLLECTIONS = {
  faq: {
    folder: 'faq',
    page: '/faq',
    text: { question: { kind: 'text' } },
    structure: { category: { kind: 'enum', values: FAQ_CATEGORIES }, order: { kind: 'int' } },
  },
  rules: { folder: 'rules', page: '/rules', text: { title: { kind: 'text' } }, structure: { order: { kind: 'int' } } },
  responsibleGaming: {
    folder: 'responsible-gaming',
    page: '/responsible_gaming',
    text: { title: { kind: 'text' } },
    structure: { order: { kind: 'int' } },
  },
  loyalty: {
    folder: 'loyalty',
    page: '/loyal',
    text: { title: { kind: 'text' } },
    structure: { order: { kind: 'int' } },
  },
};

/**
 * The optional field of a translation recording the hash of the English text it translates (`npm run i18n:new`, `npm
 * run i18n:status`).
 */
export const SOURCE_HASH_FIELD = 'source_hash';

/** Ids on a page that do not come from Markdown files (components and the layout). */
export const STATIC_ANCHORS = {
  '*': ['main'],
  '/faq': FAQ_CATEGORIES.map(faqTopicId),
  '/responsible_gaming': ['get-help'],
  // Sections of the safer-gambling screen (src/islands/profile/RgBlock.tsx), so help texts can link straight to them.
  '/profile/responsible_gaming': ['time-out', 'self-exclusion'],
};

/** File names become ids and `#anchors`: lower-case letters and digits in hyphen-joined words. */
export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A suggestion for a bad id: `Play-On-Tablet` → `play-on-tablet`, `smart tv` → `smart-tv`. */
export const kebabCase = (/** @type {string} */ name) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
