/**
 * The authenticated read path: `GET /api/user/me` costs one database round
 * trip, the token row (checked as on every route) joined with the player and this sign-in's
 * reality check, where it had grown to four. Revocation and expiry stay immediate.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('GET /api/user/me', () => {
  it('answers with one query: the token row joined with the player and their reality check', async () => {
    const player = await ctx.api.player({ balance: '12.50' });
    await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { reality_check_minutes: 30 },
    });
    await ctx.api.request('GET', '/api/user/me', { token: player.token }); // the first use may touch last_used_at
    const db = ctx.api.db;
    const query = db.query;
    const seen: string[] = [];
    db.query = ((sql: string, params?: unknown[]) => {
      seen.push(sql.replace(/\s+/g, ' ').trim());
      return query.call(db, sql, params);
    }) as typeof db.query;
    let me: Awaited<ReturnType<typeof ctx.api.request>>;
    try {
      me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    } finally {
      db.query = query;
    }
    expect(me.status).toBe(200);
    const [signIn] = await db.query<{ created_at: Date | string }>(
      'SELECT created_at FROM auth_tokens WHERE user_id = $1',
      [player.id],
    );
    const dueAt = new Date(new Date(signIn!.created_at).getTime() + 30 * 60_000).toISOString();
    expect(me.body).toMatchObject({ id: player.id, balance: '12.50', reality_check_next_at: dueAt });
    expect(me.headers.get('token-expires')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(
      new RegExp(
        String.raw`^SELECT t\.user_id, t\.created_at, t\.last_used_at, t\.reality_ack_at, u\.id, .* ` +
          String.raw`FROM auth_tokens t JOIN users u ON u\.id = t\.user_id WHERE t\.key_hash = \$1$`,
      ),
    );
  });

  it('still refuses a token the moment it is signed out', async () => {
    const player = await ctx.api.player();
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: player.token })).status).toBe(204);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
  });
});

describe('POST /api/user/withdrawal without an Idempotency-Key', () => {
  it('reserves in one statement, with its risk event in the same transaction, with or without a key', async () => {
    const player = await ctx.api.player({ balance: '60.00', verified: true });
    const db = ctx.api.db;
    const transaction = db.transaction;
    let transactions = 0;
    db.transaction = ((work: Parameters<typeof transaction>[0]) => {
      transactions += 1;
      return transaction.call(db, work);
    }) as typeof db.transaction;
    const body = { amount: '10.00', method: 'card', destination: '4242 4242 4242 4242' };
    try {
      const plain = await ctx.api.request('POST', '/api/user/withdrawal', { token: player.token, body });
      expect(plain.status).toBe(201);
      expect(plain.body.balance).toBe('50.00');
      expect(transactions).toBe(1);
      const keyed = await ctx.api.request('POST', '/api/user/withdrawal', {
        token: player.token,
        body,
        headers: { 'idempotency-key': 'me-queries-1' },
      });
      expect(keyed.status).toBe(201);
      expect(keyed.body.balance).toBe('40.00');
      expect(transactions).toBe(2);
    } finally {
      db.transaction = transaction;
    }
    // The token check, the one write (which checks verification itself), then the risk rules' state.
    const seen: string[] = [];
    const query = db.query;
    const record = (target: typeof db.query, self: unknown) =>
      ((sql: string, params?: unknown[]) => {
        seen.push(sql.replace(/\s+/g, ' ').trim());
        return target.call(self, sql, params);
      }) as typeof db.query;
    db.query = record(query, db);
    db.transaction = ((work: Parameters<typeof transaction>[0]) =>
      transaction.call(db, (tx) => work({ ...tx, query: record(tx.query, tx) }))) as typeof db.transaction;
    try {
      const third = await ctx.api.request('POST', '/api/user/withdrawal', {
        token: player.token,
        body: { ...body, amount: '10.50' },
      });
      expect([third.status, third.body.balance]).toEqual([201, '29.50']);
    } finally {
      db.query = query;
      db.transaction = transaction;
    }
    expect(seen).toHaveLength(3);
    expect(seen[2]).toMatch(/^INSERT INTO risk_player_state AS s \(user_id\) VALUES \(\$1\)/);
    expect(seen[0]).toBe('SELECT user_id, created_at, last_used_at FROM auth_tokens WHERE key_hash = $1');
    expect(seen[1]).toMatch(/^WITH debited AS \( UPDATE users SET balance = balance - \$2::numeric WHERE id = \$1 /);
    const newestIsVerified =
      '(SELECT status FROM identity_verifications WHERE user_id = $1 ORDER BY submitted_at DESC, id LIMIT 1) = ' +
      "'verified'";
    // Held withdrawals (a chargeback) and a running offer to forfeit are read in the same statement.
    expect(seen[1]).toContain(
      `AND closed_at IS NULL AND withdrawals_held_at IS NULL AND ${newestIsVerified} RETURNING balance, ` +
        "EXISTS (SELECT 1 FROM offer_takes t WHERE t.user_id = $1 AND t.status = 'wagering') AS offer_running )",
    );
    // Refused: nothing moves and the message names the balance.
    const refused = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { ...body, amount: '29.51' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.amount).toEqual(['Insufficient funds: your balance is €29.50.']);
  });
});
