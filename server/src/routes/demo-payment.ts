import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import * as v from 'valibot';
import type { AppEnv, Services } from '../app-env.ts';
import { readFormFields, URLENCODED } from '../http/body-schema.ts';
import { translate, type Locale } from '../base/i18n.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { paymentConfirmForm, paymentPageForm } from '../schemas/page-forms.ts';
import { instrumentHash, instrumentKey, normalizedInstrument } from '../services/payment-instrument.ts';
import { pickTheme, themeHead } from './demo-payment-theme.ts';
import { formToken, formTokenSecret, validFormToken } from '../services/form-token.ts';
import { PAYMENT_ID, cancelPayment, completePayment, paymentForPage } from '../services/payments.ts';
import { backUrl, returnOrigins } from '../services/return-url.ts';
import { plainPage } from './plain-page.ts';

/** The demo provider's own reference for a payment it took, as a real provider's transaction id. */
const demoProviderReference = () => `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * The reference server's stand-in for a payment provider: the page `redirect_url` points at. The
 * player confirms or cancels, and is sent back to the site with `?payment=<id>&payment_status=…`.
 * The unguessable payment id is the capability, as with a provider's checkout link; the forms carry
 * a token bound to the payment, and posts from another site are refused, so a page elsewhere cannot
 * confirm a payment in the player's name. A pending payment expires after PAYMENT_EXPIRY_MINUTES.
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;
background:#fbf7ef;color:#1f1a12}
main{max-width:26rem;margin:1rem;padding:1.5rem;border-radius:12px;background:#fff;box-shadow:0 2px 12px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#5c5140}dd{margin:0;font-weight:600}
form{display:inline}button,a.button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:2px solid #8a5a00;
margin:.25rem .5rem 0 0;cursor:pointer}
.confirm{background:#8a5a00;color:#fff}.cancel{background:#fff;color:#8a5a00}a{color:#7a4f00}
button:focus-visible,a:focus-visible{outline:3px solid #1f1a12;outline-offset:2px}`;

/** A form post another site made: the browser says so (Sec-Fetch-Site), or the Origin is not ours. */
function crossSite(c: Context<AppEnv>, apiOrigin: string): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin !== apiOrigin;
}

/**
 * The card number or IBAN a provider would take, optional on this test page; the server keeps only
 * its keyed hash (services/payment-instrument.ts). A method without one (crypto) asks nothing.
 */
function instrumentField(method: string, t: (key: string) => string) {
  if (method !== 'card' && method !== 'bank_transfer') return '';
  return html`<p><label for="instrument">${t(method)}</label><br><input id="instrument" name="instrument" 
maxlength="64" autocomplete="off" inputmode="${method === 'card' ? 'numeric' : 'text'}"></p>`;
}

export function demoPaymentRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  const secret = formTokenSecret(services.privateKeys[0]!);
  const instrumentSecret = instrumentKey(services.privateKeys[0]!);

  /** The payment, after cancelling it if its time ran out. */
  const load = async (id: string) => {
    if (!PAYMENT_ID.test(id)) return undefined;
    return paymentForPage(db, id, services.clock());
  };

  const page = (c: Context<AppEnv>, status: 200 | 400 | 403 | 404, locale: Locale, body: unknown) => {
    const t = (key: string) => translate(locale, `demo_payment.${key}`);
    const theme = themeHead(pickTheme(c.req.query('theme')));
    return plainPage(c, {
      status,
      locale,
      title: t('title'),
      css: STYLE,
      styleSrc: theme.styleSrc,
      formAction: ["'self'", ...returnOrigins(config)].join(' '),
      head: theme.head,
      body: html`<h1>${t('title')}</h1><p>${t('explainer')}</p>${body}`,
    });
  };

  /** No such payment (or a malformed id): 404 in the request's language. */
  const notFound = (c: Context<AppEnv>) =>
    page(c, 404, c.get('locale'), html`<p role="alert">${translate(c.get('locale'), 'demo_payment.not_found')}</p>`);

  app.get('/demo-pay/:id', async (c) => {
    const id = c.req.param('id');
    const payment = await load(id);
    if (!payment) return notFound(c);
    const locale = payment.lang;
    const t = (key: string) => translate(locale, `demo_payment.${key}`);
    const details = html`<dl><dt>${t('amount')}</dt><dd>${formatMoney(payment.amount, payment.currency, locale)}</dd>
<dt>${t('method')}</dt><dd>${translate(locale, `methods.${payment.method}`)}</dd></dl>`;
    if (payment.status !== 'pending') {
      const expired = payment.expired ? html`<p>${translate(locale, 'guard.expired')}</p>` : '';
      return page(
        c,
        200,
        locale,
        html`${details}<p role="status">${t(payment.status)}</p>${expired}<a 
href="${backUrl(payment.return_url, id, payment.status)}">${t('back')}</a>`,
      );
    }
    const token = html`<input type="hidden" name="token" value="${formToken(secret, id)}">`;
    return page(
      c,
      200,
      locale,
      html`${details}<form method="post" action="/demo-pay/${id}/confirm">${token}${instrumentField(
        payment.method,
        t,
      )}<button class="confirm" 
type="submit">${t('confirm')}</button></form>
<form method="post" action="/demo-pay/${id}/cancel">${token}<button class="cancel" 
type="submit">${t('cancel')}</button></form>`,
    );
  });

  // The forms hold one short field; nothing larger is read.
  const smallForm = bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) });
  app.post('/demo-pay/:id/:action{confirm|cancel}', smallForm, async (c) => {
    const id = c.req.param('id');
    const payment = await load(id);
    if (!payment) return notFound(c);
    // Only the page's own form (urlencoded) is read; any other body is a form without a token.
    const confirming = c.req.param('action') === 'confirm';
    const form = v.safeParse(
      confirming ? paymentConfirmForm : paymentPageForm,
      (await readFormFields(c, [URLENCODED])) ?? {},
    );
    if (crossSite(c, config.apiUrl) || !form.success || !validFormToken(secret, id, form.output.token)) {
      return page(
        c,
        403,
        payment.lang,
        html`<p role="alert">${translate(payment.lang, 'guard.forbidden')}</p>
<a href="/demo-pay/${id}">${translate(payment.lang, 'guard.reopen')}</a>`,
      );
    }
    const typed =
      'instrument' in form.output ? normalizedInstrument(payment.method, form.output.instrument) : undefined;
    if (typed === 'invalid')
      return page(
        c,
        400,
        payment.lang,
        html`<p role="alert">${translate(payment.lang, `demo_payment.${payment.method}_invalid`)}</p>
<a href="/demo-pay/${id}">${translate(payment.lang, 'guard.reopen')}</a>`,
      );
    const now = services.clock();
    const hash = typed && instrumentHash(instrumentSecret, typed);
    const status = confirming
      ? await completePayment(db, id, config, now, demoProviderReference(), hash)
      : await cancelPayment(db, id, config.risk, now);
    return c.redirect(backUrl(payment.return_url, id, status!), 303);
  });

  return app;
}
