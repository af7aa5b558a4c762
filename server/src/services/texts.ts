import { translate, type Locale } from '../base/i18n.ts';
import { formatMoney } from '#core/i18n/money-format.ts';

/**
 * Stored history items and notifications keep a template and parameters, not text, so each
 * player reads them in the language of the page they are on.
 */
function localParams(locale: Locale, params: Record<string, string>): Record<string, string> {
  const out = { ...params };
  for (const field of ['amount', 'stake', 'win'] as const) {
    if (params[field] && params.currency) out[field] = formatMoney(params[field], params.currency, locale);
  }
  if (params.method) out.method = translate(locale, `methods.${params.method}`);
  // A document rejected with a reason code (operator console): the reason in the reader's language.
  if (params.reason_code)
    out.reason =
      params.reason_code === 'other'
        ? (params.note ?? '')
        : translate(locale, `verification.reason_${params.reason_code}`);
  return out;
}

export const describeTransaction = (locale: Locale, template: string, params: Record<string, string>) =>
  translate(locale, template.includes('.') ? template : `history.${template}`, localParams(locale, params));

export function notificationText(locale: Locale, template: string, params: Record<string, string>) {
  // News from the operator console carries its own text per language; English when the reader's is missing.
  if (template === 'news') {
    const own = params[`title_${locale}`] ? locale : 'en';
    return { title: params[`title_${own}`] ?? '', body: params[`body_${own}`] ?? '' };
  }
  const local = localParams(locale, params);
  return {
    title: translate(locale, `notifications.${template}_title`, local),
    body: translate(locale, `notifications.${template}_body`, local),
  };
}
