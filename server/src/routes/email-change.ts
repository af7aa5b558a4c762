import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { localizedPath } from '../../../core/i18n/urls.ts';
import * as v from 'valibot';
import type { AppEnv, Services } from '../app-env.ts';
import { readFormFields, URLENCODED } from '../http/body-schema.ts';
import { translate, type Locale } from '../i18n.ts';
import { confirmStaffEmailChange } from '../operator/player-actions.ts';
import { emailChangeForm } from '../schemas/page-forms.ts';
import { emailChangeOf } from '../services/account-admin.ts';
import { plainPage } from './plain-page.ts';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;
background:#fbf7ef;color:#1f1a12}
main{max-width:28rem;margin:1rem;padding:1.5rem;border-radius:12px;background:#fff;box-shadow:0 2px 12px #0002}
button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:2px solid #8a5a00;background:#8a5a00;color:#fff;
cursor:pointer}
a{color:#7a4f00}button:focus-visible,a:focus-visible{outline:3px solid #1f1a12;outline-offset:2px}`;

/** The page's texts in the language of the change (the one its mail was written in). */
const pageText =
  (locale: Locale) =>
  (key: string, params: Record<string, string> = {}) =>
    translate(locale, `email_change.${key}`, params);

/**
 * The page of the link staff's "Change email" mails to the new address. Opening it
 * changes nothing (mail scanners open links): the player presses the button, and the POST makes
 * the address the account's. The token is the capability; a post from another site is refused.
 */
export function emailChangeRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, status: 200 | 403 | 404, locale: Locale, body: unknown) => {
    // The token in this page's address never leaves the site; same-origin (not no-referrer) because a
    // no-referrer page's own form posts carry `Origin: null`, which the check below must refuse.
    c.header('Referrer-Policy', 'same-origin');
    const title = translate(locale, 'email_change.title');
    return plainPage(c, {
      status,
      locale,
      title,
      css: STYLE,
      formAction: "'self'",
      body: html`<h1>${title}</h1>${body}`,
    });
  };
  const gone = (c: Context<AppEnv>) =>
    page(c, 404, c.get('locale'), html`<p role="alert">${translate(c.get('locale'), 'email_change.invalid')}</p>`);

  app.get('/email-change', async (c) => {
    const token = c.req.query('token') ?? '';
    const change = await emailChangeOf(db, token, services.clock());
    if (!change) return gone(c);
    const t = pageText(change.locale);
    return page(
      c,
      200,
      change.locale,
      html`<p>${t('body', { email: change.new_email })}</p>
<form method="post" action="/email-change"><input type="hidden" name="token" value="${token}">\
<button type="submit">${t('button')}</button></form>`,
    );
  });

  app.post(
    '/email-change',
    bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) }),
    async (c) => {
      const origin = c.req.header('origin');
      if (c.req.header('sec-fetch-site') === 'cross-site' || (origin !== undefined && origin !== config.apiUrl)) {
        return page(
          c,
          403,
          c.get('locale'),
          html`<p role="alert">${translate(c.get('locale'), 'guard.forbidden')}</p>`,
        );
      }
      // Only the page's own form (urlencoded) is read; without a well-formed token it is a used link.
      const form = v.safeParse(emailChangeForm, (await readFormFields(c, [URLENCODED])) ?? {});
      if (!form.success) return gone(c);
      const now = services.clock();
      const change = await confirmStaffEmailChange(services, form.output.token, now);
      if (!change) return gone(c);
      const t = pageText(change.locale);
      return page(
        c,
        200,
        change.locale,
        html`<p role="status">${t('done', { email: change.new_email })}</p>
<p><a href="${config.siteUrl}${localizedPath('/', change.locale)}">${t('back')}</a></p>`,
      );
    },
  );

  return app;
}
