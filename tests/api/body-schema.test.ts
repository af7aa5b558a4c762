import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { plausibleIban } from '../../core/api/destination-rules.ts';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();
const IBAN_INVALID = 'Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00.';
const CRYPTO_INVALID =
  'Enter a Bitcoin address starting with bc1, or an Ethereum address: 0x followed by 40 characters.';

/** An IBAN whose mod-97 check digits hold, whatever its length. */
function ibanWithChecksum(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)));
  return `${country}${String(98n - (BigInt(digits.join('')) % 97n)).padStart(2, '0')}${bban}`;
}

describe('bodies validated at the edge (parseBody and the schemas)', () => {
  it('answers 413 for a body over 64 KB before any schema, and 415 for a form', async () => {
    const big = await ctx.api.request('POST', '/auth/token/login/', {
      raw: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70_000) }),
    });
    expect(big).toMatchObject({ status: 413, body: { detail: 'The request is too large.' } });
    const form = await ctx.api.request('POST', '/auth/token/login/', {
      raw: 'email=a%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('refuses read-only and unknown profile fields, and a wrong type, changing nothing', async () => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      body: { balance: '1000000.00', colour: 'red', first_name: 5, last_name: 'Kept' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        balance: ['This field cannot be changed.'],
        colour: ['This field does not exist.'],
        first_name: [expect.any(String)],
      },
    });
    expect(Object.keys(res.body).sort()).toEqual(['balance', 'colour', 'first_name']);
    const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    expect(me.body.last_name).toBe('');
  });

  it('withdraws to an IBAN of its country’s length; refuses one whose mod 97 holds at another length', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const send = (destination: string) =>
      ctx.api.request('POST', '/api/user/withdrawal', {
        token: player.token,
        body: { amount: '10.00', method: 'bank_transfer', destination },
      });
    const short = ibanWithChecksum('DE', '37040044053201300');
    // The browser's check (form and mod 97) lets it through; the server's per-country rule does not.
    expect(plausibleIban(short)).toBe(true);
    expect(await send(short)).toMatchObject({ status: 400, body: { destination: [IBAN_INVALID] } });
    expect(await send('fr14 2004 1010 0505 0001 3m02 606')).toMatchObject({
      status: 201,
      body: { destination: 'FR14 2004 1010 0505 0001 3M02 606' },
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
  });

  it('withdraws to a taproot address, and refuses a v1 address with a bech32 (not bech32m) checksum', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const send = (destination: string) =>
      ctx.api.request('POST', '/api/user/withdrawal', {
        token: player.token,
        body: { amount: '10.00', method: 'crypto', destination },
      });
    const taproot = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
    expect(await send(taproot)).toMatchObject({ status: 201, body: { destination: taproot } });
    const words = bech32m.decode(taproot as `bc1${string}`).words;
    expect(await send(bech32.encode('bc', words))).toMatchObject({
      status: 400,
      body: { destination: [CRYPTO_INVALID] },
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
  });
});
