import { Hono } from 'hono';
import { LOCALE_NAMES, LOCALES } from '../../../../src/i18n/locales.mjs';
import type { Services } from '../../app-env.ts';
import { audit } from '../audit.ts';
import { ConsoleError, readForm, type FieldRule } from '../form.ts';
import { say } from '../messages.ts';
import { adminOnly, type OperatorEnv } from '../session.ts';
import { csrfField, html, page, problemList } from '../view.ts';

type Texts = Record<string, string>;
const TITLE_MAX = 120;
const BODY_MAX = 2000;
const names = LOCALE_NAMES as Record<string, string>;

/** `title_<locale>` and `body_<locale>` for all 14 languages. */
const RULES = Object.fromEntries(
  LOCALES.flatMap((locale) => [
    [`title_${locale}`, { label: say('news.title_field', { locale }), max: TITLE_MAX, required: locale === 'en' }],
    [`body_${locale}`, { label: say('news.body_field', { locale }), max: BODY_MAX, required: locale === 'en', multiline: true }],
  ]),
) as Record<string, FieldRule>;

/** A language needs both or neither; an empty one falls back to English (a warning in the preview). */
function check(texts: Texts) {
  const problems = LOCALES.filter((locale) => !texts[`title_${locale}`] !== !texts[`body_${locale}`]).map((locale) => ({
    field: `title_${locale}`,
    message: say('news.incomplete', { language: names[locale]! }),
  }));
  const fallbacks = LOCALES.filter((locale) => locale !== 'en' && !texts[`title_${locale}`] && !texts[`body_${locale}`]);
  return { problems, fallbacks };
}

/** Only the languages written: the stored notification carries exactly these. */
const written = (texts: Texts) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ''));

/**
 * News for everyone: a broadcast notification (user_id NULL, template `news`) with its own title
 * and text per language. Compose, preview, publish; self-excluded players never see it (the
 * broadcast list leaves them out, services/texts.ts picks the reader's language).
 */
export function newsRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();
  app.use('/operator/news/*', adminOnly);

  const composer = (c: Parameters<typeof page>[0], texts: Texts, extra: unknown = '', status: 200 | 400 = 200, notice?: string) =>
    page(c, {
      title: say('news.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      status,
      notice,
      body: html`<p>${say('news.intro')}</p>${extra}
<form method="post" action="/operator/news/preview" class="stack">${csrfField(c.get('csrf'))}
${LOCALES.map((locale) => html`<fieldset><legend><span lang="${locale}">${names[locale]}</span> (${locale})</legend>
<label for="title_${locale}">${say('news.title_field', { locale })}</label>
<input id="title_${locale}" name="title_${locale}" lang="${locale}" maxlength="${TITLE_MAX}" value="${texts[`title_${locale}`] ?? ''}"${locale === 'en' ? html` required` : ''}>
<label for="body_${locale}">${say('news.body_field', { locale })}</label>
<textarea id="body_${locale}" name="body_${locale}" lang="${locale}" maxlength="${BODY_MAX}" rows="3"${locale === 'en' ? html` required` : ''}>${texts[`body_${locale}`] ?? ''}</textarea>
</fieldset>`)}
<button type="submit">${say('news.preview')}</button>
</form>`,
    });

  app.get('/operator/news', (c) => {
    if (c.get('staff').role !== 'admin') throw new ConsoleError(403, say('errors.forbidden_role', { role: say('layout.role_support') }));
    const published = c.req.query('published');
    return composer(c, {}, '', 200, published && /^\d+$/.test(published) ? say('news.published', { id: published }) : undefined);
  });

  app.post('/operator/news/preview', async (c) => {
    const texts = await readForm(c, RULES);
    const { problems, fallbacks } = check(texts);
    if (problems.length) return composer(c, texts, problemList(problems), 400);
    const csrf = c.get('csrf');
    const preview = html`<section aria-labelledby="preview"><h2 id="preview">${say('news.preview_title')}</h2>
${fallbacks.length ? html`<ul class="warning">${fallbacks.map((locale) => html`<li>${say('news.fallback', { language: names[locale]! })}</li>`)}</ul>` : ''}
${LOCALES.filter((locale) => texts[`title_${locale}`]).map((locale) => html`<article class="news" lang="${locale}"><h3>${texts[`title_${locale}`]}</h3><p class="note">${texts[`body_${locale}`]}</p></article>`)}
<form method="post" action="/operator/news/publish">${csrfField(csrf)}
${Object.entries(written(texts)).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit">${say('news.publish')}</button></form></section>`;
    return composer(c, texts, preview);
  });

  app.post('/operator/news/publish', async (c) => {
    const texts = await readForm(c, RULES);
    const { problems, fallbacks } = check(texts);
    if (problems.length) return composer(c, texts, problemList(problems), 400);
    const staff = c.get('staff');
    const now = services.clock();
    const params = written(texts);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO notifications (user_id, template, params, created_at) VALUES (NULL, 'news', $1::jsonb, $2) RETURNING id",
        [JSON.stringify(params), now.toISOString()],
      );
      await audit(tx, {
        staffId: staff.id, action: 'news.publish', targetType: 'notification', targetId: row!.id, before: null,
        after: { ...params, english_fallback: fallbacks }, at: now,
      });
      return row!.id;
    });
    return c.redirect(`/operator/news?published=${id}`, 303);
  });

  return app;
}
