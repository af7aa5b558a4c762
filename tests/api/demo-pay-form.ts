/**
 * Submits the demo payment page's own form, as a browser would: read the page, take the form for
 * the action (its `action` and hidden token), post it as `application/x-www-form-urlencoded`.
 */
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

export interface PaymentForm {
  action: string;
  fields: Record<string, string>;
}

/** The forms of a payment page, keyed by the last segment of their action (`confirm`, `cancel`). */
export function parsePaymentForms(page: string): Record<string, PaymentForm> {
  const forms: Record<string, PaymentForm> = {};
  for (const [, action, inner] of page.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    const fields = Object.fromEntries(
      [...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map(([, name, value]) => [
        name!,
        value!,
      ]),
    );
    forms[action!.split('/').pop()!] = { action: action!, fields };
  }
  return forms;
}

export async function submitPaymentForm(
  api: TestApi,
  pagePath: string,
  action: 'confirm' | 'cancel',
  headers: Record<string, string> = {},
) {
  const page = await api.request('GET', pagePath);
  expect(page.status).toBe(200);
  const form = parsePaymentForms(page.body)[action];
  expect(form, `the page has a ${action} form`).toBeDefined();
  return api.request('POST', form!.action, {
    raw: new URLSearchParams(form!.fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: api.config.apiUrl,
      ...headers,
    },
  });
}
