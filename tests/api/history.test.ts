import { describe, expect, it } from 'vitest';
import { addTransaction } from '../../server/src/services/history.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

/** A player with 25 history items: 5 types × 5 days (2026-03-01 … 2026-03-05, noon UTC). */
async function playerWithHistory() {
  const player = await ctx.api.player();
  await ctx.api.db.transaction(async (tx) => {
    for (let day = 1; day <= 5; day++) {
      for (const type of ['deposit', 'withdrawal', 'bonus', 'referral', 'game'] as const) {
        await addTransaction(tx, {
          userId: player.id,
          type,
          amount: type === 'withdrawal' ? '-1.00' : '1.00',
          status: 'completed',
          template: type === 'game' ? 'game_win' : type,
          params: { method: 'card', destination: 'x', username: 'friend', game: 'Dragon Gold' },
          createdAt: new Date(`2026-03-0${day}T12:00:00Z`),
        });
      }
    }
  });
  return player;
}

const get = (token: string, query: string, headers: Record<string, string> = {}) =>
  ctx.api.request('GET', `/api/user/history${query}`, { token, headers });

describe('GET /api/user/history', () => {
  it('pages newest first with DRF links', async () => {
    const player = await playerWithHistory();
    const first = await get(player.token, '');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(new URL(first.body.next).searchParams.get('page')).toBe('2');
    const times = first.body.results.map((item: { created_at: string }) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const last = await get(player.token, '?page=3');
    expect(last.body.results).toHaveLength(5);
    expect(last.body.next).toBeNull();
    expect(new URL(last.body.previous).searchParams.get('page')).toBe('2');
    const ids = new Set(
      [...first.body.results, ...(await get(player.token, '?page=2')).body.results, ...last.body.results].map(
        (i: { id: number }) => i.id,
      ),
    );
    expect(ids.size).toBe(25);
  });

  it('filters by type and by an inclusive UTC date range, keeping filters in the links', async () => {
    const player = await playerWithHistory();
    const deposits = await get(player.token, '?type=deposit&date_from=2026-03-02&date_to=2026-03-04&page_size=2');
    expect(deposits.body.count).toBe(3);
    expect(deposits.body.results.every((item: { type: string }) => item.type === 'deposit')).toBe(true);
    const next = new URL(deposits.body.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      type: 'deposit',
      date_from: '2026-03-02',
      date_to: '2026-03-04',
      page_size: '2',
      page: '2',
    });
    expect((await get(player.token, '?date_from=2026-03-05')).body.count).toBe(5);
    expect((await get(player.token, '?date_to=2026-02-28')).body).toMatchObject({
      count: 0,
      results: [],
      next: null,
      previous: null,
    });
  });

  it('describes items in the language asked for', async () => {
    const player = await playerWithHistory();
    const english = await get(player.token, '?type=game&page_size=1');
    expect(english.body.results[0].description).toBe('Win in Dragon Gold');
    const korean = await get(player.token, '?type=game&page_size=1', { 'accept-language': 'ko' });
    expect(korean.body.results[0].description).toContain('Dragon Gold');
    expect(korean.body.results[0].description).not.toBe('Win in Dragon Gold');
  });

  it('shows only the player’s own items', async () => {
    await playerWithHistory();
    const stranger = await ctx.api.player();
    expect((await get(stranger.token, '')).body.count).toBe(0);
  });

  it.each([
    ['?type=casino', 'type', 'Choose one of the offered options.'],
    ['?date_from=2026-02-30', 'date_from', 'Enter a date as YYYY-MM-DD.'],
    ['?date_to=yesterday', 'date_to', 'Enter a date as YYYY-MM-DD.'],
    ['?date_from=2026-03-05&date_to=2026-03-01', 'date_to', 'The start date must not be after the end date.'],
    ['?page=0', 'page', 'Enter a whole number from 1 to 999999999.'],
    ['?page=abc', 'page', 'Enter a whole number from 1 to 999999999.'],
    ['?page_size=101', 'page_size', 'Enter a whole number from 1 to 100.'],
    ["?type=deposit'%20OR%201=1--", 'type', 'Choose one of the offered options.'],
  ])('refuses %s with 400 on the parameter', async (query, field, message) => {
    const player = await ctx.api.player();
    const res = await get(player.token, query);
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
  });

  it('answers 404 for a page past the end', async () => {
    const player = await playerWithHistory();
    const res = await get(player.token, '?page=4');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'This page does not exist.' });
  });
});
