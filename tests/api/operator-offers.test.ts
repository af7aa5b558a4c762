import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';

/**
 * The console's offers page (issue 41) on a GB server: an admin saves a deposit match through the
 * promotions service, the market's 10× cap refuses 35× on the form, the offer is audited, listed
 * with its expected cost and its takers, and reaches a consenting player with the same figures.
 */
const clock = manualClock(new Date('2026-09-14T09:00:00Z'));
const ctx = useTestApi({ MARKET: 'GB' }, { clock });

const FORM = {
  name: 'Autumn match',
  match_percent: '100',
  cap: '20.00',
  wagering_multiple: '2',
  max_stake: '5.00',
  expiry_days: '7',
  game_dice: '100',
  'game_european-roulette': '50',
};
const idOf = (location: string | null) => Number(/created=(\d+)/.exec(location ?? '')![1]);

describe('console: offers', () => {
  it('refuses 35× in GB on the form, keeping the figures; saves 10×: audited, listed, shown to players', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get('/operator/offers');
    expect(page.status).toBe(200);
    expect(page.text).toContain('At most 10× in this market (GB).');
    expect(page.text).toContain('<label for="game_dice">');

    const refused = await admin.client.post('/operator/offers', { ...FORM, wagering_multiple: '35' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      '<li><a href="#wagering_multiple">The GB market allows a bonus wagering multiple of at most 10×.</a></li>',
    );
    expect(refused.text).toContain('id="wagering_multiple" name="wagering_multiple" value="35"');
    expect(refused.text).toContain('id="game_dice" name="game_dice" inputmode="numeric" size="4" value="100"');
    expect(await ctx.api.db.query("SELECT id FROM offers WHERE name = 'Autumn match'")).toEqual([]);

    const saved = await admin.client.post('/operator/offers', { ...FORM, wagering_multiple: '10' });
    expect(saved.status).toBe(303);
    const id = idOf(saved.location);
    const list = await admin.client.get(saved.location!);
    expect(list.text).toContain(`Offer ${id} saved: consenting players see it now.`);
    // 20.00 × 10 = 200.00 to wager; edge (100 × 1.00 % + 50 × 2.70 %) / 150 = 1.5667 %: 3.13.
    const row = /<tr data-offer="(\d+)">[\s\S]*?<\/tr>/.exec(list.text)!;
    expect(Number(row[1])).toBe(id);
    expect(row[0]).toContain('<td>Autumn match<br><span class="muted">#');
    expect(row[0]).toContain('<td>100 % up to 20.00, 10× wagering, stake at most 5.00, 7 days</td>');
    expect(row[0]).toContain('<td data-expected-cost>3.13</td>');
    expect(row[0]).toContain('<td data-state>0 took it: 0 open, 0 completed, 0 forfeited or expired</td>');
    expect((await auditOf(ctx.api, 'offer', id)).map(({ action, after }) => ({ action, after }))).toEqual([
      {
        action: 'offer.create',
        after: {
          kind: 'deposit_match',
          name: 'Autumn match',
          matchPercent: 100,
          cap: '20.00',
          wageringMultiple: 10,
          maxStake: '5.00',
          expiryDays: 7,
          games: { dice: 100, 'european-roulette': 50 },
        },
      },
    ]);

    const player = await ctx.api.player({ marketingConsent: true });
    const shown = (await ctx.api.request('GET', '/api/user/offers', { token: player.token })).body;
    expect(shown.find((offer: { id: number }) => offer.id === id)).toMatchObject({
      name: 'Autumn match',
      wagering_multiple: 10,
      expected_cost: '3.13',
    });
    expect((await ctx.api.request('POST', `/api/user/offers/${id}/accept`, { token: player.token })).status).toBe(204);
    expect((await admin.client.get('/operator/offers')).text).toContain(
      '<td data-state>1 took it: 1 open, 0 completed, 0 forfeited or expired</td>',
    );
  });

  it('refuses bad figures field by field, unsafe text, and staff who are not admins', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/offers');
    const before = await ctx.api.db.query('SELECT id FROM offers');
    const cases: [Record<string, string>, string][] = [
      [{ match_percent: '0' }, 'Match (% of the deposit): enter a whole number in the allowed range.'],
      [{ expiry_days: '1.5' }, 'Expires after (days from accepting): enter a whole number in the allowed range.'],
      [{ cap: '-5' }, 'Largest bonus (in the player’s currency): enter an amount above zero, such as 20.00.'],
      [{ max_stake: '0.00' }, 'Largest stake while wagering: enter an amount above zero, such as 20.00.'],
      [{ game_dice: '', 'game_european-roulette': '' }, 'Eligible games: give at least one game a contribution'],
      [{ game_dice: '101' }, 'Eligible games: give at least one game a contribution'],
    ];
    for (const [change, message] of cases) {
      const answer = await admin.client.post('/operator/offers', { ...FORM, ...change });
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect((await admin.client.post('/operator/offers', { ...FORM, name: 'Match\u202e' })).status).toBe(400);
    expect((await admin.client.post('/operator/offers', FORM, { csrf: 'forged' })).status).toBe(403);
    expect(await ctx.api.db.query('SELECT id FROM offers')).toEqual(before);

    const support = await staffMember(ctx.api, 'support');
    expect((await support.client.get('/operator/offers')).status).toBe(403);
    expect((await support.client.post('/operator/offers', FORM)).status).toBe(403);
  });

  it('saves a cashback (a bad percentage refused on the form), audited and listed with what it paid', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/offers');
    const form = { cashback_name: 'Daily cashback', cashback_percent: '10', period_days: '1' };
    const refused = await admin.client.post('/operator/offers/cashback', { ...form, cashback_percent: '0' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      '<li><a href="#cashback_percent">Cashback (% of net losses): enter a whole number in the allowed range.</a></li>',
    );
    expect(refused.text).toContain('id="cashback_percent" name="cashback_percent" value="0"');
    const saved = await admin.client.post('/operator/offers/cashback', form);
    expect(saved.status).toBe(303);
    const id = idOf(saved.location);
    const list = await admin.client.get('/operator/offers');
    expect(list.text).toMatch(
      new RegExp(`<tr data-cashback="${id}"><td>Daily cashback<br><span class="muted">#${id}</span></td>`),
    );
    expect(list.text).toContain('<td>10 % of net losses every 1 days</td>');
    expect(list.text).toContain('<td data-paid>0 payouts, 0.00 in total</td>');
    expect((await auditOf(ctx.api, 'offer', id)).map(({ action, after }) => ({ action, after }))).toEqual([
      { action: 'offer.create', after: { kind: 'cashback', name: 'Daily cashback', percent: 10, periodDays: 1 } },
    ]);
    const player = await ctx.api.player({ marketingConsent: true });
    expect((await ctx.api.request('GET', '/api/user/cashback', { token: player.token })).body).toEqual([
      expect.objectContaining({ id, percent: 10, period_days: 1, amount: '0.00', paid: false }),
    ]);

    const support = await staffMember(ctx.api, 'support');
    await support.client.get('/operator');
    expect((await support.client.post('/operator/offers/cashback', form)).status).toBe(403);
  });
});
