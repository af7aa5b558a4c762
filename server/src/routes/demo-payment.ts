import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv, Services } from '../app-env.ts';
import { translate, type Locale } from '../i18n.ts';
import { formatMoney } from '../../../src/i18n/money-format.ts';

import { PAYMENT_ID, cancelPayment, completePayment } from '../services/payments.ts';

/**
 * The reference server's stand-in for a payment provider: the page `redirect_url` points at. The
 * player confirms or cancels, and is sent back to the site with `?payment=<id>&payment_status=…`.
 * The unguessable payment id is the capability, as with a provider's checkout link.
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fbf7ef;color:#1f1a12}
main{max-width:26rem;margin:1rem;padding:1.5rem;border-radius:12px;background:#fff;box-shadow:0 2px 12px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#5c5140}dd{margin:0;font-weight:600}
form{display:inline}button,a.button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:2px solid #8a5a00;margin:.25rem .5rem 0 0;cursor:pointer}
.confirm{background:#8a5a00;color:#fff}.cancel{background:#fff;color:#8a5a00}a{color:#7a4f00}
button:focus-visible,a:focus-visible{outline:3px solid #1f1a12;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#17130c;color:#f3ead9}main{background:#241d12}dt{color:#cdbd9f}.cancel{background:#241d12;color:#ffc56b}.confirm{background:#ffc56b;color:#17130c;border-color:#ffc56b}.cancel{border-color:#ffc56b}a{color:#ffc56b}}`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

interface PaymentRow {
  amount: string;
  currency: string;
  method: string;
  status: 'pending' | 'completed' | 'cancelled';
  return_url: string;
  lang: Locale;
}

export function demoPaymentRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  const load = async (id: string) =>
    PAYMENT_ID.test(id)
      ? (await db.query<PaymentRow>('SELECT amount::text, currency, method, status, return_url, lang FROM payments WHERE id = $1', [id]))[0]
      : undefined;

  const page = (c: Context<AppEnv>, status: 200 | 404, locale: Locale, body: unknown) => {
    const t = (key: string) => translate(locale, `demo_payment.${key}`);
    c.header('Content-Security-Policy', `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${config.corsOrigins.join(' ')}; base-uri 'none'; frame-ancestors 'none'`);
    c.header('Cache-Control', 'no-store');
    return c.html(
      html`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t('title')} · AmberPlay</title><style>${STYLE}</style></head>
<body><main><h1>${t('title')}</h1><p>${t('explainer')}</p>${body}</main></body></html>`,
      status,
    );
  };

  app.get('/demo-pay/:id', async (c) => {
    const id = c.req.param('id');
    const payment = await load(id);
    if (!payment) return page(c, 404, c.get('locale'), html`<p role="alert">${translate(c.get('locale'), 'demo_payment.not_found')}</p>`);
    const locale = payment.lang;
    const t = (key: string) => translate(locale, `demo_payment.${key}`);
    const details = html`<dl><dt>${t('amount')}</dt><dd>${formatMoney(payment.amount, payment.currency, locale)}</dd>
<dt>${t('method')}</dt><dd>${translate(locale, `methods.${payment.method}`)}</dd></dl>`;
    if (payment.status !== 'pending') {
      return page(c, 200, locale, html`${details}<p role="status">${t(payment.status)}</p><a href="${backUrl(payment.return_url, id, payment.status)}">${t('back')}</a>`);
    }
    return page(
      c,
      200,
      locale,
      html`${details}<form method="post" action="/demo-pay/${id}/confirm"><button class="confirm" type="submit">${t('confirm')}</button></form><form method="post" action="/demo-pay/${id}/cancel"><button class="cancel" type="submit">${t('cancel')}</button></form>`,
    );
  });

  app.post('/demo-pay/:id/:action{confirm|cancel}', async (c) => {
    const id = c.req.param('id');
    const payment = await load(id);
    if (!payment) return page(c, 404, c.get('locale'), html`<p role="alert">${translate(c.get('locale'), 'demo_payment.not_found')}</p>`);
    const status = c.req.param('action') === 'confirm' ? await completePayment(db, id, config, services.clock()) : await cancelPayment(db, id);
    return c.redirect(backUrl(payment.return_url, id, status!), 303);
  });

  return app;
}

/** The site page the player returns to, told which payment this was and how it ended. */
function backUrl(returnUrl: string, id: string, status: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment', id);
  url.searchParams.set('payment_status', status);
  return url.href;
}
