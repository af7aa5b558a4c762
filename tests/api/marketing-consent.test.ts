import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';

/**
 * Marketing consent (issue 41): off by default, asked at registration by an unticked box, changed
 * on the profile, and every answer kept in marketing_consent_changes with the clock's time.
 */
const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });
const me = (token: string) => ctx.api.request('GET', '/api/user/me', { token });
const update = (token: string, body: unknown) => ctx.api.request('PATCH', '/api/user/update', { token, body });
const audit = async (id: number) =>
  (
    await ctx.api.db.query<{ consent: boolean; source: string; changed_at: Date }>(
      'SELECT consent, source, changed_at FROM marketing_consent_changes WHERE user_id = $1 ORDER BY id',
      [id],
    )
  ).map((row) => ({ ...row, changed_at: new Date(row.changed_at).toISOString() }));

describe('marketing consent', () => {
  it('is off when the registration box is left unticked, and that answer is audited', async () => {
    const player = await ctx.api.player();
    expect((await me(player.token)).body.marketing_consent).toBe(false);
    expect(await audit(player.id)).toEqual([
      { consent: false, source: 'registration', changed_at: '2026-06-01T12:00:00.000Z' },
    ]);
  });

  it('is on when ticked at registration; each later change is audited once, a repeat is no change', async () => {
    const player = await ctx.api.player({ marketingConsent: true });
    expect((await me(player.token)).body.marketing_consent).toBe(true);
    clock.advance(60);
    expect((await update(player.token, { marketing_consent: false })).body.marketing_consent).toBe(false);
    expect((await update(player.token, { marketing_consent: false })).status).toBe(200);
    expect((await me(player.token)).body.marketing_consent).toBe(false);
    const rows = await audit(player.id);
    expect(rows.map(({ consent, source }) => [consent, source])).toEqual([
      [true, 'registration'],
      [false, 'profile'],
    ]);
    expect(rows[1]!.changed_at).toBe(new Date(clock().getTime()).toISOString());
  });

  it('refuses anything but a boolean and changes nothing', async () => {
    const player = await ctx.api.player();
    const res = await update(player.token, { marketing_consent: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ marketing_consent: ['Choose one of the offered options.'] });
    expect(await audit(player.id)).toHaveLength(1);
  });
});
