import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

/** Issue 21: GET /gmnggate/games, the public catalogue in DRF pagination shape. */
const ctx = useTestApi({ API_URL: 'https://api.example.test' });
const get = (query = '') => ctx.api.request('GET', `/gmnggate/games${query}`);

describe('GET /gmnggate/games', () => {
  it('lists every game with its facts, publicly and briefly cached; retired games never', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body).toMatchObject({ next: null, previous: null });
    expect(res.body.count).toBe(res.body.results.length);
    const byId = Object.fromEntries(res.body.results.map((game: { id: string }) => [game.id, game]));
    expect(byId.blackjack).toEqual({
      id: 'blackjack', name: 'Blackjack', provider: 'Lumen Studios', category: 'table', mechanic: 'blackjack', rtp: '99.58',
      image: '/games/blackjack.svg', min_bet: '0.10', max_bet: '100.00',
    });
    expect(byId.mines).toMatchObject({ mechanic: 'mines', rtp: '99.00', category: 'instant' });
    expect(byId.crash).toMatchObject({ mechanic: 'crash', rtp: '99.00' });
    expect(byId['european-roulette']).toMatchObject({ mechanic: 'roulette', rtp: '97.30' });
    expect(byId['amber-fortune']).toMatchObject({ mechanic: 'slot', volatility: expect.stringMatching(/^(low|medium|high)$/) });
    for (const retired of ['live-blackjack', 'crash-rocket', 'mine-sweep']) expect(byId[retired]).toBeUndefined();
    expect(res.body.results.some((game: { name: string }) => /live/i.test(game.name) && game.name === 'Live Blackjack')).toBe(false);
    // A retired game cannot be launched either.
    expect((await ctx.api.request('POST', '/gmnggate/api', { body: { method: 'game_launch', game_id: 'mine-sweep', mode: 'demo' } })).status).toBe(404);
  });

  it('filters by category and by name, case- and accent-insensitively', async () => {
    const table = (await get('?category=table')).body;
    expect(table.results.length).toBeGreaterThan(0);
    expect(table.results.every((game: { category: string }) => game.category === 'table')).toBe(true);
    expect((await get('?q=BLACKJ')).body.results.map((game: { id: string }) => game.id)).toEqual(['blackjack']);
    expect((await get(`?q=${encodeURIComponent('Mínés')}`)).body.results.map((game: { id: string }) => game.id)).toEqual(['mines']);
    expect((await get('?q=no-such-title')).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const bad = await get('?category=casino');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ category: ['Choose one of the offered options.'] });
  });

  it('pages in DRF shape with absolute links from API_URL', async () => {
    const all = (await get()).body;
    const first = await get('?page_size=5');
    expect(first.body.count).toBe(all.count);
    expect(first.body.results).toEqual(all.results.slice(0, 5));
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('https://api.example.test/gmnggate/games?page_size=5&page=2');
    const second = await get('?page_size=5&page=2');
    expect(second.body.results).toEqual(all.results.slice(5, 10));
    expect(second.body.previous).toBe('https://api.example.test/gmnggate/games?page_size=5&page=1');
    expect((await get('?page=99')).status).toBe(404);
    expect((await get('?page_size=0')).status).toBe(400);
    expect((await get('?page_size=101')).status).toBe(400);
  });
});
