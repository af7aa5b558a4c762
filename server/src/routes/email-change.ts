import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { localizedPath } from '#core/i18n/urls.ts';
import * as v from 'valibot';
import type { AppEnv, Services } from '../app-env.ts';
import { readFormFields, URLENCODED } from '../http/body-schema.ts';
import { translate, type Locale } from '../base/i18n.ts';
import { confirmStaffEmailChange } from '../operator/services/player-actions.ts';
import { emailChangeForm } from '../schemas/page-forms.ts';
import { emailChangeOf, STAFF_EMAIL_CHANGE_PATH, type EmailChange } from '../services/account-admin.ts';
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
 * Runs on the link's page: reads the token from the fragment, takes it out of the address bar and
 * the history, and posts it to the view of the change, so the token reaches the server only in a
 * request body. A link without one is posted empty and answered as a used link.
 */
export const OPEN_LINK_SCRIPT = [
  "const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';",
  "if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);",
  "const form = document.getElementById('email-change-open');",
  'form.elements.token.value = token;',
  'form.submit();',
].join('\n');

const VIEW_PATH = `${STAFF_EMAIL_CHANGE_PATH}/view`;

/**
 * The page of the link staff's "Change email" mails to the new address,
 * `<API_URL>/email-change#token=…`. Opening it changes nothing (mail scanners open links): its
 * script posts the token from the fragment to the view, which names the new address, and the
 * player's press on its button makes the address the account's. The token is the capability;
 * a post from another site is refused.
 */
export function emailChangeRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, status: 200 | 403 | 404, locale: Locale, body: unknown, script?: string) => {
    // The token is never in this page's address; same-origin (not no-referrer) because a
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
      script,
    });
  };
  const gone = (c: Context<AppEnv>) =>
    page(c, 404, c.get('locale'), html`<p role="alert">${translate(c.get('locale'), 'email_change.invalid')}</p>`);

  /**
   * A post of one of the page's own forms: another site's post is refused, and without a well-formed
   * token or a live change it is a used link. `answer` renders the change in the player's language.
   */
  const onChange =
    (
      find: (token: string, now: Date) => Promise<EmailChange | undefined>,
      answer: (change: EmailChange, token: string, t: ReturnType<typeof pageText>) => unknown,
    ) =>
    async (c: Context<AppEnv>) => {
      const origin = c.req.header('origin');
      if (c.req.header('sec-fetch-site') === 'cross-site' || (origin !== undefined && origin !== config.apiUrl)) {
        return page(
          c,
          403,
          c.get('locale'),
          html`<p role="alert">${translate(c.get('locale'), 'guard.forbidden')}</p>`,
        );
      }
      // Only the page's own form (urlencoded) is read.
      const form = v.safeParse(emailChangeForm, (await readFormFields(c, [URLENCODED])) ?? {});
      const change = form.success ? await find(form.output.token, services.clock()) : undefined;
      if (!form.success || !change) return gone(c);
      return page(c, 200, change.locale, answer(change, form.output.token, pageText(change.locale)));
    };
  const formLimit = bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) });

  app.get(STAFF_EMAIL_CHANGE_PATH, (c) =>
    page(
      c,
      200,
      c.get('locale'),
      html`<form id="email-change-open" method="post" action="${VIEW_PATH}">
<input type="hidden" name="token" value=""></form>`,
      OPEN_LINK_SCRIPT,
    ),
  );

  app.post(
    VIEW_PATH,
    formLimit,
    onChange(
      (token, now) => emailChangeOf(db, token, now),
      (change, token, t) => html`<p>${t('body', { email: change.new_email })}</p>
<form method="post" action="${STAFF_EMAIL_CHANGE_PATH}"><input type="hidden" name="token" value="${token}">
<button type="submit">${t('button')}</button></form>`,
    ),
  );

  app.post(
    STAFF_EMAIL_CHANGE_PATH,
    formLimit,
    onChange(
      (token, now) => confirmStaffEmailChange(services, token, now),
      (change, _token, t) => html`<p role="status">${t('done', { email: change.new_email })}</p>
<p><a href="${config.siteUrl}${localizedPath('/', change.locale)}">${t('back')}</a></p>`,
    ),
  );

  return app;
}
