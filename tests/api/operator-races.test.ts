import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';

/** The console's races page (issue 41): an admin creates a race, refusals shown on the form; others may not. */
const clock = manualClock(new Date('2026-09-14T09:00:00Z'));
const ctx = useTestApi({}, { clock });

const FORM = {
  race_name: 'Weekend slots race',
  starts_at: '2026-09-14T10:00',
  ends_at: '2026-09-15T10:00',
  bonus_multiplier: '5',
  prizes: '100.00 cash\n25.50 bonus',
  category_slots: 'on',
  game_dice: 'on',
};

describe('console: races', () => {
  it('creates a race from the form (audited, listed, public), refuses bad fields, and only for admins', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    expect((await admin.client.get('/operator/races')).status).toBe(200);

    const refused = await admin.client.post('/operator/races', {
      ...FORM,
      ends_at: '2026-09-14T09:30',
      prizes: '100.00 gold',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('<a href="#ends_at">Ends: enter a time after the start');
    expect(await ctx.api.db.query('SELECT id FROM races')).toEqual([]);

    const saved = await admin.client.post('/operator/races', FORM);
    expect(saved.status).toBe(303);
    const id = Number(/created=(\d+)/.exec(saved.location ?? '')![1]);
    const list = await admin.client.get(saved.location!);
    expect(list.text).toContain(`Race #${id} created.`);
    expect(list.text).toContain('1. 100.00 cash · 2. 25.50 bonus');
    expect((await auditOf(ctx.api, 'race', id)).map(({ action }) => action)).toEqual(['race.create']);

    const races = await ctx.api.request('GET', '/api/races');
    expect(races.body).toEqual([
      expect.objectContaining({
        id,
        name: 'Weekend slots race',
        status: 'upcoming',
        starts_at: '2026-09-14T10:00:00.000Z',
        ends_at: '2026-09-15T10:00:00.000Z',
        categories: ['slots'],
        bonus_multiplier: 5,
        prizes: [
          { position: 1, amount: '100.00', kind: 'cash' },
          { position: 2, amount: '25.50', kind: 'bonus' },
        ],
      }),
    ]);
    expect(races.body[0].games).toContain('dice');

    const support = await staffMember(ctx.api, 'support');
    expect((await support.client.get('/operator/races')).status).toBe(403);
    expect((await support.client.post('/operator/races', FORM)).status).toBe(403);
  });
});
