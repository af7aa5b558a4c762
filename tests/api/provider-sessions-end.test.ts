import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/src/http/auth.ts';
import { startProviderSession } from '../../server/src/services/provider-client/provider-sessions.ts';
import { newLink } from '../../server/src/services/link-tokens.ts';
import { useTestApi } from './harness.ts';
import { useCataloguedSecondProvider } from './fixtures/registered-second-provider.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { signedWalletCall } from './wallet-api-provider.ts';

/**
 * `sessions/end` before the operator pays out: at self-exclusion the second provider settles the
 * player's open round through the wallet before it answers, so the refund includes the win; a
 * provider that does not answer does not stop the exclusion.
 */
const ctx = useTestApi({ PROVIDER_CALL_TIMEOUT_SECONDS: '3' });

const second = useCataloguedSecondProvider(ctx);

const post = (path: string, token: string, body: unknown) => ctx.api.request('POST', path, { token, body });

/** A player with 80.00 deposited who launched the provider's game and bet 2.00 on a round left open. */
async function playerWithOpenRound() {
  const player = await ctx.api.player();
  const payment = await post('/api/user/payments/create-payment', player.token, { amount: '80', method: 'crypto' });
  await submitPaymentForm(ctx.api, new URL(payment.body.redirect_url).pathname, 'confirm');
  await startProviderSession(ctx.api.services, {
    userId: player.id,
    providerId: second.id,
    gameId: 'star-fruits',
    authTokenHash: hashToken(player.token),
    locale: 'en',
    mode: 'real',
    theme: 'dark',
    returnUrl: 'http://localhost:4321/lobby',
  });
  const token = second.provider.sessions.get('launch-1')!.token;
  const play = async (action: 'bet' | 'win', amount: number) => {
    const raw = JSON.stringify({
      token,
      game_id: 'star-fruits',
      round_id: 'r-1',
      finished: action === 'win',
      actions: [{ action, action_id: `${action}-1`, amount }],
    });
    const path = '/wallet/v1/play';
    const response = await signedWalletCall(ctx.api.app, {
      providerId: second.id,
      secret: second.provider.secret,
      path,
      raw,
    });
    return response.status;
  };
  expect(await play('bet', 200)).toBe(200);
  return { player, play };
}

const returned = async (userId: number) => {
  const rows = await ctx.api.db.query<{ amount: string; balance: string }>(
    `SELECT t.amount::text, u.balance::text FROM transactions t JOIN users u ON u.id = t.user_id
     WHERE t.user_id = $1 AND t.type = 'withdrawal'`,
    [userId],
  );
  return rows;
};

const exclude = (player: { token: string; password: string }) =>
  post('/api/user/self-exclusion', player.token, { period: '1y', password: player.password, confirm: true });

describe('sessions/end at self-exclusion', () => {
  it('the provider’s settling win lands before the refund, which includes it', async () => {
    const { player, play } = await playerWithOpenRound();
    second.provider.onSessionsEnd = async () => {
      expect(await play('win', 500)).toBe(200);
    };
    expect((await exclude(player)).status).toBe(200);
    expect(second.provider.received.filter((request) => request.path === '/v1/sessions/end')).toEqual([
      { method: 'POST', path: '/v1/sessions/end', body: { player_id: String(player.id) }, signed: true },
    ]);
    // 80.00 - 2.00 + 5.00: the win was on the balance when the exclusion paid it out.
    expect(await returned(player.id)).toEqual([{ amount: '-83.00', balance: '0.00' }]);
  });

  it(
    'a provider that does not answer does not stop the exclusion; its late win still lands',
    { timeout: 30_000 },
    async () => {
      const { player, play } = await playerWithOpenRound();
      second.provider.delayMs = 4_000;
      expect((await exclude(player)).status).toBe(200);
      expect(await returned(player.id)).toEqual([{ amount: '-78.00', balance: '0.00' }]);
      expect(await play('win', 500)).toBe(200);
      const [user] = await ctx.api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
        player.id,
      ]);
      expect(user!.balance).toBe('5.00');
    },
  );
});

describe('sessions/end at sign-out and password reset', () => {
  it.each(['/auth/token/logout/', '/auth/token/logoutall/'])('%s tells the provider, whose win lands', async (path) => {
    const { player, play } = await playerWithOpenRound();
    second.provider.onSessionsEnd = async () => {
      expect(await play('win', 500)).toBe(200);
    };
    expect((await post(path, player.token, {})).status).toBe(204);
    expect(second.provider.received.filter((request) => request.path === '/v1/sessions/end')).toHaveLength(1);
    const [user] = await ctx.api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
      player.id,
    ]);
    expect(user!.balance).toBe('83.00');
  });

  it('a password reset tells the provider, whose win lands', async () => {
    const { player, play } = await playerWithOpenRound();
    second.provider.onSessionsEnd = async () => {
      expect(await play('win', 500)).toBe(200);
    };
    const link = new URL(
      await newLink(ctx.api.services, ctx.api.db, 'password_reset', { id: player.id, locale: 'en' }),
    );
    const params = new URLSearchParams(link.hash.slice(1));
    const reset = await ctx.api.request('POST', '/auth/users/reset_password_confirm/', {
      body: { uid: params.get('uid'), token: params.get('token'), new_password: 'fresh-lantern-harbour-77' },
    });
    expect(reset.status).toBe(204);
    expect(second.provider.received.filter((request) => request.path === '/v1/sessions/end')).toHaveLength(1);
    const [user] = await ctx.api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
      player.id,
    ]);
    expect(user!.balance).toBe('83.00');
  });
});
