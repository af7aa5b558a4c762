import { isIP } from 'node:net';
import * as v from 'valibot';
import { toCents } from '#core/api/money.ts';
import { DEFAULT_SUPPORT_EMAIL, EMAIL_PATTERN } from '#core/data/support-email.mjs';

/**
 * The kinds of value an environment variable can hold. Each is a Valibot schema from the raw
 * string to the typed value, plus the words the documentation and the error message use
 * ("PORT must be a port number from 0 to 65535, got "x""). One library for configuration and,
 * later, request bodies.
 */
export interface ValueType<T> {
  /** What the documentation's Type column says. */
  label: string;
  /** Completes "NAME must be …" in a startup error. */
  expects: string;
  schema: v.GenericSchema<string, T>;
}

const type = <T>(label: string, expects: string, schema: v.GenericSchema<string, T>): ValueType<T> => ({
  label,
  expects,
  schema,
});

const number = v.pipe(v.string(), v.transform(Number));

/** Any text that is not blank. */
export const text = type('text', 'text', v.string());

/** `1` or `true` turn it on, `0` or `false` off (any case). */
export const flag = type(
  '`1` or `0`',
  '1 or 0 (or true or false)',
  v.pipe(
    v.string(),
    v.transform((value) => value.toLowerCase()),
    v.picklist(['1', '0', 'true', 'false']),
    v.transform((value) => value === '1' || value === 'true'),
  ),
);

/** A whole number in a range. */
export const whole = (min = 1, max = Infinity) =>
  type(
    max === Infinity ? `whole number ≥ ${min}` : `whole number ${min}–${max}`,
    max === Infinity ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`,
    v.pipe(number, v.integer(), v.minValue(min), v.maxValue(max)),
  );

export const port = type(
  'port (0–65535)',
  'a port number from 0 to 65535',
  v.pipe(number, v.integer(), v.minValue(0), v.maxValue(65_535)),
);

/** A duration in seconds above 0, answered in milliseconds. */
export const seconds = (max = Infinity) =>
  type(
    max === Infinity ? 'seconds > 0' : `seconds, > 0 and ≤ ${max}`,
    `a number of seconds above 0${max === Infinity ? '' : ` and at most ${max}`}`,
    v.pipe(
      number,
      v.finite(),
      v.gtValue(0),
      v.maxValue(max),
      v.transform((value) => Math.round(value * 1000)),
    ),
  );

export const hours = type('hours ≥ 0', 'a number of hours ≥ 0', v.pipe(number, v.finite(), v.minValue(0)));

/** A money amount as the API writes it (digits, at most two decimals), kept as its string. */
export const amount = type(
  'amount',
  'an amount such as 10.00',
  v.pipe(
    v.string(),
    v.check((value) => toCents(value) !== undefined),
  ),
);

export const positiveAmount = type(
  'amount > 0',
  'a positive amount such as 0.10',
  v.pipe(
    v.string(),
    v.check((value) => {
      const cents = toCents(value);
      return cents !== undefined && cents > 0n;
    }),
  ),
);

export const rate = type(
  'decimal 0–1',
  'a decimal from 0 to 1, e.g. 0.05',
  v.pipe(v.string(), v.regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/)),
);

/** An http(s) origin such as `https://play.example`: a trailing slash is tolerated, a path is not. */
function strictOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (
      !/^https?:$/.test(url.protocol) ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      url.username ||
      url.password
    )
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** Any http(s) URL, reduced to its origin. */
function looseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const toOrigin = (parse: (value: string) => string | undefined) =>
  v.pipe(
    v.string(),
    v.check((value) => parse(value) !== undefined),
    v.transform((value) => parse(value)!),
  );

export const origin = type('origin', 'an origin such as https://play.example (no path)', toOrigin(strictOrigin));

/** An http(s) URL with its path (`https://register.example/v2`), without credentials in it. */
export const httpUrl = type(
  'URL',
  'an http(s) URL such as https://register.example/v2 (no user or password in it)',
  v.pipe(
    v.string(),
    v.check((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }),
    v.transform((value) => value.replace(/\/+$/, '')),
  ),
);

/** An http(s) address of which only the origin counts (`https://games.example.com/any/path`). */
export const urlOrigin = type('URL', 'an http(s) origin such as https://games.example.com', toOrigin(looseOrigin));

const list = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

export const textList = type('comma-separated list', 'a comma-separated list', list);

export const originList = type(
  'comma-separated origins',
  'a comma-separated list of origins such as https://play.example (no path)',
  v.pipe(
    list,
    v.check((items) => items.every((item) => strictOrigin(item) !== undefined)),
    v.transform((items) => items.map((item) => strictOrigin(item)!)),
  ),
);

/** Each entry an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32. */
function addressOrRange(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  const family = isIP(address);
  const bits = family === 4 ? 32 : 128;
  return family !== 0 && (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits));
}

export const addressList = type(
  'comma-separated addresses and CIDR ranges',
  'a list of addresses or CIDR ranges such as 203.0.113.7, 10.0.0.0/8',
  v.pipe(
    list,
    v.check((items) => items.every(addressOrRange)),
  ),
);

/** The shape the content check accepts in a mailto: link, as the build checks PUBLIC_SUPPORT_EMAIL. */
export const email = type(
  'email address',
  `an email address such as ${DEFAULT_SUPPORT_EMAIL}`,
  v.pipe(
    v.string(),
    v.transform((value) => value.trim()),
    v.regex(EMAIL_PATTERN),
  ),
);

export const smtpUrl = type(
  '`smtp://` or `smtps://` URL',
  'a URL that starts with smtp:// or smtps://',
  v.pipe(v.string(), v.regex(/^smtps?:\/\//)),
);

/** A token short enough to guess is refused at start rather than trusted. */
export const token = type(
  'token, ≥ 16 characters',
  'at least 16 printable characters without spaces',
  v.pipe(v.string(), v.regex(/^[\x21-\x7e]{16,}$/)),
);

/** Like `whole(0)`, and `true` (what some proxies' guides write) means one proxy. */
export const proxyCount = type(
  'whole number ≥ 0',
  'a whole number of at least 0',
  v.pipe(
    v.string(),
    v.transform((value) => (value === 'true' ? 1 : Number(value))),
    v.integer(),
    v.minValue(0),
  ),
);

/** One of a fixed list of words, written as the list says (`MARKET=GB`). */
export const oneOf = <const T extends readonly [string, ...string[]]>(options: T) =>
  type(options.map((option) => `\`${option}\``).join(', '), `one of ${options.join(', ')}`, v.picklist(options));
