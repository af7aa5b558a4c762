// The configuration of the browser editor (Decap CMS), made from the same description of the
// collections as `npm run i18n:check` (src/content/lint/collections.mjs), so the editor offers
// exactly the fields, categories and languages the check accepts.
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES } from '../../core/i18n/locales.ts';
import { CONTENT_COLLECTIONS, ID_PATTERN } from '../../src/content/lint/collections.mjs';
import { ENTRY_ID_FIELD } from './entry-id.mjs';

const LABELS = { faq: 'FAQ', rules: 'Rules', responsibleGaming: 'Responsible gaming', loyalty: 'Loyalty programme' };

/** @param {string} name @param {import('../../src/content/lint/collections.mjs').FieldType} type */
function structureField(name, type) {
  // i18n: none → the field is on the English entry only and never written to a translation.
  if (type.kind === 'int')
    return {
      name,
      label: name === 'order' ? 'Order on the page (smallest first)' : name,
      widget: 'number',
      value_type: 'int',
      i18n: false,
      hint: 'Set in English only; every language follows.',
    };
  if (type.kind === 'enum')
    return {
      name,
      label: name === 'category' ? 'Category' : name,
      widget: 'select',
      options: [...type.values],
      i18n: false,
      hint: 'Set in English only; every language follows.',
    };
  return { name, label: name, widget: 'string', i18n: false };
}

/** The entry's id (its file name), on the English entry only; the editor's server never writes it (entry-id.mjs). */
const ID_FIELD = {
  name: ENTRY_ID_FIELD,
  label: 'Id (the address: /faq#change-email)',
  widget: 'string',
  i18n: false,
  pattern: [ID_PATTERN.source, 'Lower-case letters, digits and hyphens, e.g. change-email'],
  hint: 'Short, in English, chosen once: it is the file name and the address of the entry, and cannot change later.',
};

/**
 * @param {object} [options]
 * @param {{ name: string, [key: string]: unknown }} [options.backend]  Decap's `backend` block
 * @param {boolean} [options.editorialWorkflow]  every save becomes a pull request (git hosts only)
 */
export function cmsConfig({
  backend = { name: 'proxy', proxy_url: '/api/v1', branch: 'main' },
  editorialWorkflow = false,
} = {}) {
  return {
    backend,
    ...(editorialWorkflow ? { publish_mode: 'editorial_workflow' } : {}),
    media_folder: 'public/images',
    public_folder: '/images',
    i18n: { structure: 'multiple_folders', locales: LOCALES, default_locale: DEFAULT_LOCALE },
    collections: Object.entries(CONTENT_COLLECTIONS).map(([key, rules]) => {
      const [textName] = Object.keys(rules.text);
      return {
        name: rules.folder,
        label: LABELS[/** @type {keyof typeof LABELS} */ (key)] ?? key,
        folder: `src/content/${rules.folder}`,
        extension: 'md',
        format: 'frontmatter',
        create: true,
        // Decap's "Delete entry" removes all 14 languages after one confirm: off. The local editor
        // deletes chosen languages instead (editor-status.js, entry-delete.mjs).
        delete: false,
        i18n: true,
        identifier_field: textName,
        // The id field, not the question: the editors' guide asks for a short id (change-email).
        slug: `{{fields.${ENTRY_ID_FIELD}}}`,
        summary: `{{${textName}}}`,
        sortable_fields: ['order', textName],
        fields: [
          { name: textName, label: textName === 'question' ? 'Question' : 'Title', widget: 'string', i18n: true },
          ID_FIELD,
          ...Object.entries(rules.structure).map(([name, type]) => structureField(name, type)),
          {
            name: 'body',
            label: textName === 'question' ? 'Answer' : 'Text',
            widget: 'markdown',
            i18n: true,
            buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'bulleted-list', 'numbered-list'],
            editor_components: ['image'],
            // The preview (preview-templates.js) shows the Markdown through Decap's sanitizer: no raw HTML runs.
            sanitize_preview: true,
          },
        ],
      };
    }),
  };
}

/** The language names for the editor's locale switch, e.g. `ja (日本語)`. */
export const localeLabels = () =>
  Object.fromEntries(LOCALES.map((l) => [l, `${l} (${LOCALE_NAMES[/** @type {keyof typeof LOCALE_NAMES} */ (l)]})`]));
