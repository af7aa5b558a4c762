import { Hono } from 'hono';
import { LOCALE_NAMES, LOCALES } from '#core/i18n/locales.ts';
import type { Services } from '../../app-env.ts';
import { allNews, editNews, newsItemById, publishNews, unpublishNews } from '../services/news.ts';
import { readForm, type FieldRule } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { confirmBox, csrfField, html, page, problemList, table, when } from '../views/view.ts';

type Texts = Record<string, string>;
const TITLE_MAX = 120;
const BODY_MAX = 2000;
const names = LOCALE_NAMES as Record<string, string>;

/** `title_<locale>` and `body_<locale>` for all 14 languages. */
const RULES = Object.fromEntries(
  LOCALES.flatMap((locale) => [
    [`title_${locale}`, { label: say('news.title_field', { locale }), max: TITLE_MAX, required: locale === 'en' }],
    [
      `body_${locale}`,
      { label: say('news.body_field', { locale }), max: BODY_MAX, required: locale === 'en', multiline: true },
    ],
  ]),
) as Record<string, FieldRule>;

/** A language needs both or neither; an empty one falls back to English (a warning in the preview). */
function check(texts: Texts) {
  const problems = LOCALES.filter((locale) => !texts[`title_${locale}`] !== !texts[`body_${locale}`]).map((locale) => ({
    field: `title_${locale}`,
    message: say('news.incomplete', { language: names[locale]! }),
  }));
  const fallbacks = LOCALES.filter(
    (locale) => locale !== 'en' && !texts[`title_${locale}`] && !texts[`body_${locale}`],
  );
  return { problems, fallbacks };
}

/** Only the languages written: the stored notification carries exactly these. */
/** Where the composer posts: the edit of a published item, or the preview of a new one. */
const composerAction = (editing?: number) => (editing ? `/operator/news/${editing}/edit` : '/operator/news/preview');

function publishAtField(value: string) {
  const [name, hint] = ['publish_at', 'publish_at-hint'];
  return html`<input id="${name}" name="${name}" type="datetime-local" value="${value}" aria-describedby="${hint}">`;
}

/** One language's title and body; English is required, the others fall back to it. */
function localeFields(locale: string, texts: Texts) {
  const [title, body] = [`title_${locale}`, `body_${locale}`];
  const required = locale === 'en' ? html` required` : '';
  const [titleText, bodyText, max] = [texts[title] ?? '', texts[body] ?? '', BODY_MAX];
  return html`<fieldset><legend><span lang="${locale}">${names[locale]}</span> (${locale})</legend>
<label for="${title}">${say('news.title_field', { locale })}</label>
<input id="${title}" name="${title}" lang="${locale}" maxlength="${TITLE_MAX}" value="${titleText}"${required}>
<label for="${body}">${say('news.body_field', { locale })}</label>
<textarea id="${body}" name="${body}" lang="${locale}" maxlength="${max}" rows="3"${required}>${bodyText}</textarea>
</fieldset>`;
}

const written = (texts: Texts) => Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ''));

/**
 * News for everyone: a broadcast notification (user_id NULL, template `news`) with its own title
 * and text per language. Compose, preview, publish; self-excluded players never see it (the
 * broadcast list leaves them out, services/texts.ts picks the reader's language).
 */
export function newsRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  const composer = async (
    c: Parameters<typeof page>[0],
    texts: Texts,
    extra: unknown = '',
    status: 200 | 400 = 200,
    notice?: string,
    editing?: number,
  ) =>
    page(c, {
      title: editing ? say('news_admin.edit_title', { id: editing }) : say('news.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      status,
      notice,
      body: html`<p>${say('news.intro')}</p>${extra}
<form method="post" action="${composerAction(editing)}" class="stack">${csrfField(c.get('csrf'))}
<label for="publish_at">${say('news_admin.publish_at')}</label>
${publishAtField(texts.publish_at ?? '')}
<p id="publish_at-hint" class="muted">${say('news_admin.publish_at_hint')}</p>
${LOCALES.map((locale) => localeFields(locale, texts))}
<button type="submit">${editing ? say('news_admin.save') : say('news.preview')}</button>
</form>
${editing ? '' : await newsList(db, c.get('csrf'), services.clock())}`,
    });

  app.get('/operator/news', (c) => {
    const [key, value] =
      (['published', 'edited', 'unpublished'] as const)
        .map((name) => [name, c.req.query(name)] as const)
        .find(([, v]) => v && /^\d+$/.test(v)) ?? [];
    return composer(
      c,
      {},
      '',
      200,
      key ? say(key === 'published' ? 'news.published' : `news_admin.done_${key}`, { id: value! }) : undefined,
    );
  });

  app.post('/operator/news/preview', async (c) => {
    const texts = await readForm(c, RULES_AT);
    publishAt(texts.publish_at ?? '');
    const { problems, fallbacks } = check(texts);
    if (problems.length) return composer(c, texts, problemList(problems), 400);
    const csrf = c.get('csrf');
    const preview = html`<section aria-labelledby="preview"><h2 id="preview">${say('news.preview_title')}</h2>
${
  fallbacks.length
    ? html`<ul class="warning">${fallbacks.map(
        (locale) => html`<li>${say('news.fallback', { language: names[locale]! })}</li>`,
      )}</ul>`
    : ''
}
${LOCALES.filter((locale) => texts[`title_${locale}`]).map(
  (locale) =>
    html`<article class="news" lang="${locale}">${[
      html`<h3>${texts[`title_${locale}`]}</h3>`,
      html`<p class="note">${texts[`body_${locale}`]}</p>`,
    ]}</article>`,
)}
<form method="post" action="/operator/news/publish">${csrfField(csrf)}
${Object.entries(written(texts)).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
${texts.publish_at ? html`<input type="hidden" name="publish_at" value="${texts.publish_at}">` : ''}
<button type="submit">${say('news.publish')}</button></form></section>`;
    return composer(c, texts, preview);
  });

  app.post('/operator/news/publish', async (c) => {
    const { publish_at: when_, ...texts } = await readForm(c, RULES_AT);
    const at = publishAt(when_ ?? '');
    const { problems, fallbacks } = check(texts);
    if (problems.length) return composer(c, texts, problemList(problems), 400);
    const id = await publishNews(db, c.get('staff').id, { params: written(texts), fallbacks, at }, services.clock());
    return c.redirect(`/operator/news?published=${id}`, 303);
  });

  // Edit a published or scheduled item: the same fields, prefilled; the change is audited before → after.
  app.get('/operator/news/:id/edit', async (c) => {
    const item = await newsItem(c.req.param('id'));
    const texts: Texts = {
      ...item.params,
      publish_at: item.publish_at ? new Date(item.publish_at).toISOString().slice(0, 16) : '',
    };
    return composer(c, texts, '', 200, undefined, item.id);
  });

  app.post('/operator/news/:id/edit', async (c) => {
    const item = await newsItem(c.req.param('id'));
    const { publish_at: when_, ...texts } = await readForm(c, RULES_AT);
    const at = publishAt(when_ ?? '');
    const { problems } = check(texts);
    if (problems.length) return composer(c, texts, problemList(problems), 400, undefined, item.id);
    const now = services.clock();
    const params = written(texts);
    // A later time (re)schedules it; an empty one publishes a scheduled item now; a time already
    // passed never back-dates: the item keeps the time it was published at.
    const current = item.publish_at ? new Date(item.publish_at) : null;
    let publishAtValue = current ? current.toISOString() : null;
    if (at && at.getTime() > now.getTime()) publishAtValue = at.toISOString();
    else if (!at && current && current.getTime() > now.getTime()) publishAtValue = null;
    if (!(await editNews(db, c.get('staff').id, item, { params, publishAt: publishAtValue }, now)))
      throw new ConsoleError(409, say('news_admin.gone'));
    return c.redirect(`/operator/news?edited=${item.id}`, 303);
  });

  app.post('/operator/news/:id/unpublish', async (c) => {
    const item = await newsItem(c.req.param('id'));
    const { confirm } = await readForm(c, { confirm: { label: say('news_admin.confirm'), max: 3 } });
    if (confirm !== 'yes') throw new ConsoleError(400, say('news_admin.confirm_required'));
    const now = services.clock();
    if (!(await unpublishNews(db, c.get('staff').id, item.id, now)))
      throw new ConsoleError(409, say('news_admin.gone'));
    return c.redirect(`/operator/news?unpublished=${item.id}`, 303);
  });

  async function newsItem(raw: string) {
    if (!/^\d{1,9}$/.test(raw)) throw new ConsoleError(404, say('errors.not_found'));
    const item = await newsItemById(db, Number(raw));
    if (!item) throw new ConsoleError(404, say('errors.not_found'));
    return item;
  }

  return app;
}

/** The form's rules plus the optional publish time. */
const RULES_AT: Record<string, FieldRule> = { ...RULES, publish_at: { label: say('news_admin.publish_at'), max: 16 } };

/** `YYYY-MM-DDTHH:MM` (a datetime-local field, read as UTC) or empty; anything else is a 400. */
function publishAt(value: string): Date | null {
  if (!value) return null;
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(`${value}:00Z`) : new Date(NaN);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 16) !== value)
    throw new ConsoleError(400, say('news_admin.bad_time'));
  return date;
}

/** Every news item, newest first: published, scheduled or unpublished, with edit and unpublish. */
async function newsList(db: Services['db'], csrf: string, now: Date) {
  const rows = await allNews(db);
  const state = (row: (typeof rows)[number]) =>
    row.unpublished_at
      ? say('news_admin.state_unpublished', { when: when(row.unpublished_at) })
      : row.publish_at && new Date(row.publish_at).getTime() > now.getTime()
        ? say('news_admin.state_scheduled', { when: when(row.publish_at) })
        : say('news_admin.state_published', { when: when(row.publish_at ?? row.created_at) });
  return html`<section><h2>${say('news_admin.list_title')}</h2>${
    rows.length
      ? table(
          say('news_admin.list_title'),
          [say('news_admin.item'), say('news_admin.state'), say('news_admin.actions')],
          rows.map(
            (row) =>
              html`<tr data-news="${row.id}"><td>${row.params.title_en ?? ''}</td><td data-state>${state(row)}${
                row.edited_at
                  ? html`<br><span class="muted">${say('news_admin.edited', { when: when(row.edited_at) })}</span>`
                  : ''
              }</td>
<td>${
                row.unpublished_at
                  ? ''
                  : html`<a href="/operator/news/${row.id}/edit">${say('news_admin.edit', { id: row.id })}</a>
<form method="post" action="/operator/news/${row.id}/unpublish" class="inline">${csrfField(csrf)}
${confirmBox(say('news_admin.confirm_for', { id: row.id }))}
<button type="submit">${say('news_admin.unpublish')}</button></form>`
              }</td></tr>`,
          ),
        )
      : html`<p>${say('news_admin.none')}</p>`
  }</section>`;
}
