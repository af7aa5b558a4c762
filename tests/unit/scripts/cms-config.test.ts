// The browser editor's configuration comes from the same description of the collections as the
// check: the one category list, `order` as a whole number, both on the English entry only.
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../scripts/cms/config.mjs';
import { FAQ_CATEGORIES } from '../../../src/content/lint/collections.mjs';
import { LOCALES } from '#core/i18n/locales.ts';

describe('cmsConfig', () => {
  const config = cmsConfig();
  const faq = config.collections.find((c) => c.name === 'faq')!;

  it('edits src/content/<collection>/<locale>/<id>.md in all 14 languages, English first', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: LOCALES, default_locale: 'en' });
    expect(config.collections.map((c) => c.folder)).toEqual([
      'src/content/faq',
      'src/content/rules',
      'src/content/responsible-gaming',
      'src/content/loyalty',
    ]);
    expect(config.backend).toEqual({ name: 'proxy', proxy_url: '/api/v1', branch: 'main' });
    expect('publish_mode' in config).toBe(false);
  });

  it('has the translated fields in every language, category and order on the English entry only', () => {
    expect(faq.fields.map((f) => [f.name, f.widget, f.i18n])).toEqual([
      ['question', 'string', true],
      ['id', 'string', false],
      ['category', 'select', false],
      ['order', 'number', false],
      ['body', 'markdown', true],
    ]);
    expect(faq.fields.find((f) => f.name === 'category')).toMatchObject({ options: [...FAQ_CATEGORIES] });
    expect(faq.fields.find((f) => f.name === 'order')).toMatchObject({ value_type: 'int' });
    // A new entry's file name is the id an editor types (change-email), never one made from the question.
    expect(faq.slug).toBe('{{fields.id}}');
    // No one-click delete of all 14 languages; the local editor asks which ones (entry-delete.mjs).
    expect(config.collections.every((c) => c.delete === false)).toBe(true);
    const rules = config.collections.find((c) => c.name === 'rules')!;
    expect(rules.fields.map((f) => [f.name, f.i18n])).toEqual([
      ['title', true],
      ['id', false],
      ['order', false],
      ['body', true],
    ]);
  });

  it('on a git host, every save is a pull request', () => {
    const hosted = cmsConfig({
      backend: { name: 'github', repo: 'our-org/amberplay', branch: 'main' },
      editorialWorkflow: true,
    });
    expect(hosted).toMatchObject({
      backend: { name: 'github', repo: 'our-org/amberplay', branch: 'main' },
      publish_mode: 'editorial_workflow',
    });
  });
});
