// Small DOM helpers for the game page: elements with text only (server data never becomes HTML).
import { interpolate } from '#core/i18n/interpolate.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Locale } from '#core/i18n/locales.mjs';

type Attrs = Record<string, string | boolean | number | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

let ids = 0;
/** A unique id for label/field pairs. */
export const uid = (prefix: string) => `${prefix}-${++ids}`;

/** A labelled field: label, the control, and an optional hint tied to it. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement, hint?: string): HTMLElement {
  control.id ||= uid('field');
  const wrap = h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
  if (hint) {
    const hintId = `${control.id}-hint`;
    control.setAttribute('aria-describedby', hintId);
    wrap.append(h('p', { class: 'hint', id: hintId }, hint));
  }
  return wrap;
}

/**
 * A text box for a decimal amount (the stake, the crash target): `inputmode` brings up a keyboard
 * with digits and a separator, and the value is read as text, never as a float.
 */
export const decimalInput = (name: string, value: string) =>
  h('input', { type: 'text', name, inputmode: 'decimal', autocomplete: 'off', value, required: true });

export type Messages = Record<string, unknown>;

/** The page's translator over the session locale's `games` message set. */
export function translator(messages: Messages) {
  return (key: string, params: Record<string, string | number> = {}) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`Missing message games:${key}`);
    return interpolate(node, params);
  };
}
export type T = ReturnType<typeof translator>;

/** Money in the session's currency; demo credits may not be an ISO code, so plain digits then. */
export function moneyFormatter(currency: string, locale: Locale) {
  return (amount: string) => {
    try {
      return formatMoney(amount, currency, locale);
    } catch {
      return `${amount} ${currency}`;
    }
  };
}
