import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../../core/games/fairness.ts';
import { useTestApi } from './harness.ts';

/** The next server seed is committed before the player chooses a client seed. */
const ctx = useTestApi();
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });

describe('provably fair order', () => {
  it('shows next_server_seed_hash before the client seed; rotating reveals the old seed, uses that hash', async () => {
    const id = (
      await ctx.api.request('POST', '/gmnggate/api', {
        body: { method: 'game_launch', game_id: 'european-roulette', mode: 'demo' },
      })
    ).body.session_id;
    const before = (await api(id)).body.fairness;
    expect(before).toEqual({
      server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      next_server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      client_seed: expect.any(String),
      nonce: 0,
    });
    expect(before.next_server_seed_hash).not.toBe(before.server_seed_hash);
    // Reading the state again does not change the commitment.
    expect((await api(id)).body.fairness.next_server_seed_hash).toBe(before.next_server_seed_hash);

    const rotated = await api(`${id}/seeds`, { client_seed: 'chosen after the commitment' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.revealed).toEqual({
      server_seed: expect.stringMatching(/^[0-9a-f]{64}$/),
      server_seed_hash: before.server_seed_hash,
      client_seed: before.client_seed,
      nonce: 0,
    });
    expect(await hashServerSeed(rotated.body.revealed.server_seed)).toBe(before.server_seed_hash);
    expect(rotated.body.fairness.server_seed_hash).toBe(before.next_server_seed_hash);
    expect(rotated.body.fairness.client_seed).toBe('chosen after the commitment');
    expect(rotated.body.fairness.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.fairness.next_server_seed_hash).not.toBe(before.next_server_seed_hash);

    const after = (await api(id)).body.fairness;
    expect(after).toEqual(rotated.body.fairness);

    // The seed in use is the one committed before: its hash was shown before the rotation, and the
    // next rotation reveals a seed with that hash.
    const again = await api(`${id}/seeds`, { client_seed: 'second' });
    expect(again.body.revealed.server_seed_hash).toBe(before.next_server_seed_hash);
    expect(await hashServerSeed(again.body.revealed.server_seed)).toBe(before.next_server_seed_hash);
    expect(again.body.fairness.server_seed_hash).toBe(after.next_server_seed_hash);
  });

  it('gives a session created before the commitment existed one before its first rotation', async () => {
    const id = (
      await ctx.api.request('POST', '/gmnggate/api', {
        body: { method: 'game_launch', game_id: 'european-roulette', mode: 'demo' },
      })
    ).body.session_id;
    await ctx.api.db.query(
      'UPDATE game_sessions SET next_server_seed = NULL, next_server_seed_hash = NULL WHERE id = $1',
      [id],
    );
    const shown = (await api(id)).body.fairness.next_server_seed_hash;
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    expect((await api(`${id}/seeds`, { client_seed: 'x' })).body.fairness.server_seed_hash).toBe(shown);
  });
});
