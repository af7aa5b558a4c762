import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';
import { addProvider } from './wallet-api-provider.ts';

/**
 * A provider's allowed addresses, read by the rate limits' address rule: behind one trusted proxy
 * (TRUST_PROXY=1) the client is the last X-Forwarded-For entry, so the test can speak from any address.
 */
const ctx = useTestApi({ TRUST_PROXY: '1' });

describe('allowed addresses', () => {
  it('accepts a signed call from an allowed address or block, refuses one from elsewhere', async () => {
    const provider = await addProvider(ctx.api, { allowedAddresses: ['203.0.113.7', '198.51.100.0/24'] });
    const player = await ctx.api.player({ balance: '1.00' });
    const body = { token: await provider.tokenFor(player), game_id: provider.game };
    const from = (address: string) =>
      provider.call('/wallet/v1/balance', body, { headers: { 'x-forwarded-for': address } });
    expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('198.51.100.42')).status).toBe(200);
    expect((await from('::ffff:203.0.113.7')).status).toBe(200);
    const refused = await from('203.0.113.8');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('bad_signature');
    // Only the entry the trusted proxy appended counts, not one the client wrote further left.
    expect((await from('203.0.113.7, 192.0.2.1')).status).toBe(401);
  });
});
