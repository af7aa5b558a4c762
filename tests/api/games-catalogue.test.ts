import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const rulesTexts = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/game_rules.json`, import.meta.url), 'utf8')).rules;

/** GET /gmnggate/games, the public catalogue in DRF pagination shape. */
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
      id: 'blackjack',
      name: 'Blackjack',
      provider: 'Lumen Studios',
      category: 'table',
      mechanic: 'blackjack',
      rtp: '99.58',
      image: '/games/blackjack.svg',
      min_bet: '0.10', // its 3:2 is exact on even cents (tests/unit/games/stake-rounding.test.ts)
      max_bet: '100.00',
      rules: rulesTexts('en').blackjack,
    });
    expect(byId.mines).toMatchObject({ mechanic: 'mines', rtp: '99.00', category: 'instant' });
    expect(byId.crash).toMatchObject({ mechanic: 'crash', rtp: '99.00' });
    expect(byId['european-roulette']).toMatchObject({ mechanic: 'roulette', rtp: '97.30' });
    expect(byId['amber-fortune']).toMatchObject({
      mechanic: 'slot',
      volatility: expect.stringMatching(/^(low|medium|high)$/),
    });
    for (const retired of ['live-blackjack', 'crash-rocket', 'mine-sweep']) expect(byId[retired]).toBeUndefined();
    expect(
      res.body.results.some((game: { name: string }) => /live/i.test(game.name) && game.name === 'Live Blackjack'),
    ).toBe(false);
    // A retired game cannot be launched either.
    expect(
      (
        await ctx.api.request('POST', '/gmnggate/api', {
          body: { method: 'game_launch', game_id: 'mine-sweep', mode: 'demo' },
        })
      ).status,
    ).toBe(404);
  });

  it('filters by category and by name, case- and accent-insensitively', async () => {
    const table = (await get('?category=table')).body;
    expect(table.results.length).toBeGreaterThan(0);
    expect(table.results.every((game: { category: string }) => game.category === 'table')).toBe(true);
    expect((await get('?q=BLACKJ')).body.results.map((game: { id: string }) => game.id)).toEqual(['blackjack']);
    expect(
      (await get(`?q=${encodeURIComponent('Mínés')}`)).body.results.map((game: { id: string }) => game.id),
    ).toEqual(['mines']);
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

  it("carries each game's short rules text in ?lang=, else Accept-Language's language, else English", async () => {
    const en = rulesTexts('en');
    const ja = rulesTexts('ja');
    expect(en.mines).toBe(
      'Pick 1–24 mines, then reveal cells. Each safe cell raises the multiplier (0.99 × C(25, k) / C(25 − ' +
        'mines, k)); a mine loses the stake. Cash out after at least one safe cell. If the session ends ' +
        'mid-round, what is revealed is cashed out. RTP 99 %.',
    );
    expect(ja.mines).not.toBe(en.mines);
    const rulesById = (body: { results: { id: string; rules: string }[] }) =>
      Object.fromEntries(body.results.map((game) => [game.id, game.rules]));

    const english = await get('?lang=en&page_size=100');
    expect(english.status).toBe(200);
    expect(english.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    const englishRules = rulesById(english.body);
    expect(englishRules.mines).toBe(en.mines);
    expect(englishRules.blackjack).toBe(en.blackjack);
    expect(englishRules['french-roulette']).toBe(en.roulette_french);
    expect(englishRules['dragon-gold']).toBe(en.slot_dragon);
    expect(english.body.results.every((game: { rules: string }) => game.rules.length > 0)).toBe(true);

    const japanese = rulesById((await get('?lang=ja&page_size=100')).body);
    expect(japanese.mines).toBe(ja.mines);
    expect(japanese.crash).toBe(ja.crash);
    expect(japanese.dice).toBe(ja.dice);
    // ?lang= wins over Accept-Language; without it Accept-Language's first supported language is used.
    const header = (value: string) => ({ headers: { 'accept-language': value } });
    expect(
      rulesById((await ctx.api.request('GET', '/gmnggate/games?lang=en&page_size=100', header('ja'))).body).mines,
    ).toBe(en.mines);
    expect(
      rulesById((await ctx.api.request('GET', '/gmnggate/games?page_size=100', header('xx, ja;q=0.8, de;q=0.5'))).body)
        .mines,
    ).toBe(ja.mines);
    // An unknown language (or none at all) falls back to English, never an error.
    for (const query of ['?lang=xx&page_size=100', '?lang=JA-jp&page_size=100', '?page_size=100']) {
      const res = await get(query);
      expect(res.status).toBe(200);
      expect(rulesById(res.body).mines).toBe(en.mines);
    }
  });
});
