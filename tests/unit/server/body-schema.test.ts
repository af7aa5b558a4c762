import { generateKeyPairSync } from 'node:crypto';
import { bech32, bech32m } from '@scure/base';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Problems } from '#core/api/validation.ts';
import type { AppEnv, Services } from '#server/app-env.ts';
import { bodyRule, fieldRule, fields, parseBody, validateBody } from '#server/http/body-schema.ts';
import { ApiError } from '#server/http/errors.ts';
import { translate } from '#server/base/i18n.ts';
import { loginBody, registerBody } from '#server/schemas/auth.ts';
import { validBitcoinAddress, validIban, checkFullDestination } from '#server/schemas/destination.ts';
import { limitsBody, selfExclusionBody } from '#server/schemas/responsible-gaming.ts';
import { requireText } from '#core/api/validation.ts';

/** The field problems a schema answers for `input` (the body of the 400), or the typed value. */
function problemsOf(schema: v.GenericSchema<Record<string, unknown>, unknown>, input: Record<string, unknown>) {
  try {
    validateBody(schema, input);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return error.body as Problems;
    throw error;
  }
  throw new Error('accepted');
}

const TODAY = new Date('2026-03-05T10:00:00Z');
const ADULT = { date_of_birth: '1990-04-12', accept_terms: true };

describe('the edge schemas answer Djoser-style field problems', () => {
  it('refuses missing fields as required, and wrong types as not_a_string', () => {
    expect(problemsOf(loginBody, {})).toEqual({ email: [{ key: 'required' }], password: [{ key: 'required' }] });
    expect(problemsOf(loginBody, { email: 5, password: ['x'] })).toEqual({
      email: [{ key: 'not_a_string' }],
      password: [{ key: 'not_a_string' }],
    });
    expect(problemsOf(loginBody, { email: 'a@example.com', password: 'x', code: 12 })).toEqual({
      code: [{ key: 'not_a_string' }],
    });
  });

  it('answers the typed value: the email as stored, the code only when sent', () => {
    expect(validateBody(loginBody, { email: ' Player@Example.COM ', password: 'pw', code: '' })).toEqual({
      email: 'player@example.com',
      password: 'pw',
      code: undefined,
    });
    expect(
      validateBody(registerBody(TODAY), {
        email: 'new@example.com',
        username: 'ＡＢＣplayer',
        password: 'amber-demo-2026',
        ref: ' ab12 ',
        time_zone: 'Mars/Olympus',
        extra: 'ignored, as it always was',
        ...ADULT,
      }),
    ).toEqual({
      email: 'new@example.com',
      username: 'ABCplayer',
      password: 'amber-demo-2026',
      date_of_birth: '1990-04-12',
      ref: 'AB12',
      time_zone: undefined,
      // Marketing consent is given only by a ticked box: absent is no.
      marketing_consent: false,
    });
  });

  it('keeps every problem of a field in order, with its parameters (registration)', () => {
    expect(
      problemsOf(registerBody(TODAY), {
        email: 'not-an-email',
        username: 'demо_player',
        password: '1234',
        date_of_birth: '2010-01-01',
      }),
    ).toEqual({
      email: [{ key: 'email_invalid' }],
      username: [{ key: 'input.mixed_scripts' }],
      password: [{ key: 'password_too_short', params: { min: 8 } }, { key: 'password_numeric' }],
      date_of_birth: [{ key: 'account.underage', params: { age: 18 } }],
      accept_terms: [{ key: 'account.accept_terms' }],
    });
  });

  it('refuses unknown fields where the form always did (limits), per period too', () => {
    expect(
      problemsOf(limitsBody([15, 30, null]), {
        deposit_limits: { day: '10.00', fortnight: '5.00' },
        loss_limits: 'many',
        reality_check_minutes: 7,
        colour: 'red',
      }),
    ).toEqual({
      'deposit_limits.fortnight': [{ key: 'field_unknown' }],
      loss_limits: [{ key: 'json_object_expected' }],
      reality_check_minutes: [{ key: 'rg.reality_check_invalid' }],
      colour: [{ key: 'field_unknown' }],
    });
    expect(validateBody(limitsBody([15, null]), { deposit_limits: { day: '10.50', week: null } })).toEqual({
      limits: [
        { kind: 'deposit', period: 'day', cents: 1050n },
        { kind: 'deposit', period: 'week', cents: undefined },
      ],
      realityCheckMinutes: undefined,
    });
  });

  it('asks for the positive confirmation of a self-exclusion before anything else', () => {
    expect(problemsOf(selfExclusionBody, { period: 'forever', password: '' })).toEqual({
      confirm: [{ key: 'rg.confirm_required' }],
      period: [{ key: 'choice_invalid' }],
      password: [{ key: 'required' }],
    });
  });

  it('builds objects of field rules: required, wrong type, unknown refused or ignored', () => {
    const text = fieldRule((problems, field, value) => requireText(problems, field, value));
    const strict = fields({ name: text }, { unknown: 'refuse' });
    const loose = fields({ name: text }, { unknown: 'ignore' });
    expect(problemsOf(strict, {})).toEqual({ name: [{ key: 'required' }] });
    expect(problemsOf(strict, { name: true })).toEqual({ name: [{ key: 'not_a_string' }] });
    expect(problemsOf(strict, { name: 'Ann', admin: true })).toEqual({ admin: [{ key: 'field_unknown' }] });
    expect(validateBody(loose, { name: 'Ann', admin: true })).toEqual({ name: 'Ann' });
    // A Valibot schema without our messages still answers a field problem, never a 500.
    expect(problemsOf(fields({ age: v.number() }, { unknown: 'ignore' }), { age: '3' })).toEqual({
      age: [{ key: 'choice_invalid' }],
    });
    // A whole-body rule may refuse under any name, and answers its value only without problems.
    const both = bodyRule((input, problems) => {
      if (input.a === input.b) problems.non_field_errors = [{ key: 'choice_invalid' }];
      return { a: input.a };
    });
    expect(problemsOf(both, { a: 1, b: 1 })).toEqual({ non_field_errors: [{ key: 'choice_invalid' }] });
    expect(validateBody(both, { a: 1, b: 2 })).toEqual({ a: 1 });
  });
});

describe('parseBody reads the body at the edge, as readJson always did', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const services = { config: { requireEncryption: false }, privateKeys: [privateKey] } as unknown as Services;
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('locale', 'de');
    await next();
  });
  app.post('/login', async (c) => c.json(await parseBody(c, services, loginBody)));
  app.onError((error, c) =>
    error instanceof ApiError ? c.json(error.render(c.get('locale')), error.status) : c.json({ crash: true }, 500),
  );
  const post = async (body: string, type = 'application/json') => {
    const response = await app.request('/login', { method: 'POST', body, headers: { 'content-type': type } });
    return { status: response.status, body: await response.json() };
  };
  const de = (key: string, params?: Record<string, string | number>) => translate('de', key, params);

  it('answers the typed value of a plain JSON body', async () => {
    expect(await post(JSON.stringify({ email: 'A@example.com', password: 'pw' }))).toEqual({
      status: 200,
      body: { email: 'a@example.com', password: 'pw' },
    });
  });

  it('refuses control and bidirectional characters in any field, in the reader’s language', async () => {
    expect(await post(JSON.stringify({ email: 'a\u202e@example.com', password: 'pw\u0000' }))).toEqual({
      status: 400,
      body: { email: [de('input.unsafe_characters')], password: [de('input.unsafe_characters')] },
    });
    expect(await post('{"email": "a@example.com", "password": "pw", "__proto__": {}}')).toEqual({
      status: 400,
      body: { ['__proto__']: [de('errors.field_unknown')] },
    });
  });

  it('answers 400 for wrong types and missing fields with the localized messages', async () => {
    expect(await post(JSON.stringify({ email: 5 }))).toEqual({
      status: 400,
      body: { email: [de('errors.not_a_string')], password: [de('errors.required')] },
    });
  });

  it('keeps the answers for bodies that are not JSON objects, and for other media types', async () => {
    expect(await post('{"email":')).toEqual({ status: 400, body: { detail: de('errors.json_invalid') } });
    expect(await post('[1, 2]')).toEqual({ status: 400, body: { detail: de('errors.json_object_expected') } });
    expect(await post('{"e_data": 5}')).toEqual({ status: 400, body: { detail: de('errors.e_data_invalid') } });
    expect(await post('email=a', 'application/x-www-form-urlencoded')).toEqual({
      status: 415,
      body: { detail: de('errors.media_type') },
    });
  });
});

/** An IBAN with right check digits (ISO 7064 mod 97-10) for any country and BBAN, to test lengths alone. */
function ibanWithChecksum(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)));
  const check = 98n - (BigInt(digits.join('')) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

describe('IBANs per country (ibantools)', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR14 2004 1010 0505 0001 3M02 606'],
    // Lower case, spaces and dashes are what people type: normalized, then stored in groups of four.
    ['gb82west12345698765432', 'GB82 WEST 1234 5698 7654 32'],
    [' de89-3704-0044-0532-0130-00 ', 'DE89 3704 0044 0532 0130 00'],
  ])('accepts %j and stores it as %j', (typed, stored) => {
    const problems: Problems = {};
    expect(validIban(typed)).toBe(true);
    expect(checkFullDestination(problems, 'bank_transfer', typed)).toBe(stored);
    expect(problems).toEqual({});
  });

  it('refuses a length that is not the country’s, even when mod 97 holds', () => {
    const short = ibanWithChecksum('DE', '37040044053201300'); // 21 characters; Germany's IBANs have 22
    const long = ibanWithChecksum('GB', 'WEST123456987654321'); // 23; Britain's have 22
    expect([short.length, long.length]).toEqual([21, 23]);
    expect([validIban(short), validIban(long)]).toEqual([false, false]);
    // The same digits pass the browser's shape and the bare checksum: only the country's rule refuses them.
    expect(validIban(ibanWithChecksum('DE', '370400440532013000'))).toBe(true);
  });

  it('refuses a wrong BBAN format, a bad checksum, an unknown country', () => {
    expect(validIban(ibanWithChecksum('DE', '37040044053201300A'))).toBe(false); // Germany's BBAN is digits only
    expect(validIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(validIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(validIban(ibanWithChecksum('XX', '370400440532013000'))).toBe(false);
    const problems: Problems = {};
    expect(checkFullDestination(problems, 'bank_transfer', 'GB82 WEST 1234 5698 7654 33')).toBeUndefined();
    expect(problems).toEqual({ destination: [{ key: 'destination.iban_invalid' }] });
  });
});

describe('Bitcoin SegWit addresses (@scure/base bech32 and bech32m)', () => {
  const program32 = new Uint8Array(32).fill(7);

  it.each([
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // v0, 20-byte program (BIP 173)
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // all upper case is the same address
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // v0, 32-byte program
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // taproot, bech32m (BIP 350)
  ])('accepts %s', (address) => {
    expect(validBitcoinAddress(address)).toBe(true);
  });

  it('refuses a bad checksum, mixed case, another network, and the wrong checksum for the version', () => {
    expect(validBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(validBitcoinAddress('bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(validBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
    const taprootWords = [1, ...bech32m.toWords(program32)];
    expect(validBitcoinAddress(bech32m.encode('bc', taprootWords))).toBe(true);
    expect(validBitcoinAddress(bech32.encode('bc', taprootWords))).toBe(false); // v1 must be bech32m
    expect(validBitcoinAddress(bech32m.encode('bc', [0, ...bech32m.toWords(program32)]))).toBe(false); // v0 is bech32
    expect(validBitcoinAddress(bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(25))]))).toBe(false);
    expect(validBitcoinAddress(bech32m.encode('ltc', taprootWords))).toBe(false);
    const problems: Problems = {};
    expect(checkFullDestination(problems, 'crypto', 'bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeUndefined();
    expect(problems).toEqual({ destination: [{ key: 'destination.crypto_invalid' }] });
  });
});
