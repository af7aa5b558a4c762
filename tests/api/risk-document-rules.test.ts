import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import type { Queryable } from '../../server/src/db/database.ts';
import { recordRiskEvent } from '../../server/src/services/risk/risk-events.ts';
import { pendingPassport } from './fixtures/pending-verification.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

// The injected clock's today is 2026-03-01: an expiry before it is expired, on it is not.
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });
type Reading = { document_number: string; read_name: string; read_date_of_birth: string; expires_on: string };
const reading = (over: Partial<Reading> = {}): Reading => ({
  document_number: 'C01X4F72A',
  read_name: 'Erika Mustermann',
  read_date_of_birth: '1990-08-12',
  expires_on: '2031-06-30',
  ...over,
});

/** A player with these account facts and a pending passport (a file of its own, so no same-file link). */
async function playerWithSubmission(account: { first?: string; last?: string; birth?: string | null } = {}) {
  const player = await ctx.api.player();
  await ctx.api.db.query('UPDATE users SET first_name = $2, last_name = $3, date_of_birth = $4 WHERE id = $1', [
    player.id,
    account.first ?? '',
    account.last ?? '',
    account.birth ?? null,
  ]);
  const id = await pendingPassport(ctx.api.db, player.id, clock());
  return { player, id };
}

let admin: Awaited<ReturnType<typeof staffMember>>;
async function approve(id: string, fields: Reading) {
  admin ??= await staffMember(ctx.api, 'admin');
  await admin.client.get('/operator');
  return admin.client.post(`/operator/verifications/${id}/approve`, fields);
}

const alertsOf = (userId: number) =>
  ctx.api.db.query<{ rule_id: string; severity: string; evidence: Record<string, unknown> }>(
    'SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const statusOf = async (id: string) =>
  (await ctx.api.db.query<{ status: string }>('SELECT status FROM identity_verifications WHERE id = $1', [id]))[0]!
    .status;

describe('doc.shared_number', () => {
  it('links two accounts with one document number (spaces and case as typed); one character off is not', async () => {
    const a = await playerWithSubmission();
    const b = await playerWithSubmission();
    const near = await playerWithSubmission();
    expect((await approve(a.id, reading({ document_number: 'L8 9XK-2041' }))).status).toBe(303);
    expect(await alertsOf(a.player.id)).toEqual([]);
    expect((await approve(near.id, reading({ document_number: 'L89XK-2042' }))).status).toBe(303);
    expect(await alertsOf(near.player.id)).toEqual([]);
    expect((await approve(b.id, reading({ document_number: 'l89xk-2041' }))).status).toBe(303);
    const [onA] = await alertsOf(a.player.id);
    const [onB] = await alertsOf(b.player.id);
    expect(onA).toMatchObject({
      rule_id: 'doc.shared_number',
      severity: 'high',
      evidence: { linked_users: [b.player.id], document_number: 'L89XK-2041', verification: b.id },
    });
    expect(onB).toMatchObject({
      rule_id: 'doc.shared_number',
      severity: 'high',
      evidence: { linked_users: [a.player.id] },
    });
    expect(await alertsOf(near.player.id)).toEqual([]);
    // The risk panel names the other account by the link "document number"; the near miss is not there.
    const risk = await staffMember(ctx.api, 'risk');
    const page = (await risk.client.get(`/operator/players/${a.player.id}`)).text;
    const panel = page.slice(page.indexOf('data-risk-panel'));
    expect(panel).toContain(`<li data-link="document_number"><a href="/operator/players/${b.player.id}">`);
    expect(panel).toContain('same document number');
    expect(panel).not.toContain(`/operator/players/${near.player.id}"`);
  }, 60_000);
});

describe('doc.identity_mismatch', () => {
  it("raises a high alert with both values when the name and birth read differ from the account's", async () => {
    const { player, id } = await playerWithSubmission({ first: 'João', last: 'Silva', birth: '1971-05-02' });
    expect((await approve(id, reading())).status).toBe(303);
    expect(await alertsOf(player.id)).toEqual([
      {
        rule_id: 'doc.identity_mismatch',
        severity: 'high',
        evidence: {
          verification: id,
          name: { document: 'Erika Mustermann', account: 'João Silva' },
          date_of_birth: { document: '1990-08-12', account: '1971-05-02' },
        },
      },
    ]);
  });

  it('a differing date of birth alone is a mismatch, with only that in the evidence', async () => {
    const { player, id } = await playerWithSubmission({ first: 'Erika', last: 'Mustermann', birth: '1990-08-13' });
    await approve(id, reading({ document_number: 'DOB-ONLY-1' }));
    const [alert] = await alertsOf(player.id);
    expect(alert!.evidence).toEqual({
      verification: id,
      date_of_birth: { document: '1990-08-12', account: '1990-08-13' },
    });
  });

  it('the same name in other case, accents and spacing is no mismatch; nor a fact the account lacks', async () => {
    const same = await playerWithSubmission({ first: 'João', last: 'Silva', birth: '1971-05-02' });
    await approve(
      same.id,
      reading({ document_number: 'NEAR-MISS-1', read_name: '  JOAO   silva ', read_date_of_birth: '1971-05-02' }),
    );
    expect(await alertsOf(same.player.id)).toEqual([]);
    const bare = await playerWithSubmission();
    await approve(bare.id, reading({ document_number: 'NEAR-MISS-2' }));
    expect(await alertsOf(bare.player.id)).toEqual([]);
  });
});

describe('the approval form', () => {
  it('refuses an expired document on its field, keeping what was typed; expiring today is still valid', async () => {
    const { id } = await playerWithSubmission();
    const typed = reading({ document_number: 'exp 1234', expires_on: '2026-02-28' });
    const res = await approve(id, typed);
    expect(res.status).toBe(400);
    expect(res.text).toContain(
      '<p id="expires_on-error" class="error">The document expired on 2026-02-28: ' +
        'an expired document cannot be approved.',
    );
    expect(res.text).toContain('<a href="#expires_on">');
    expect(res.text).toContain('aria-invalid="true" aria-describedby="expires_on-hint expires_on-error"');
    for (const [name, value] of Object.entries(typed))
      expect(res.text).toContain(`<input id="${name}" name="${name}" value="${value}"`);
    expect(await statusOf(id)).toBe('pending');
    expect((await approve(id, { ...typed, expires_on: '2026-03-01' })).status).toBe(303);
    expect(await statusOf(id)).toBe('verified');
  });

  it.each([
    [
      'every field missing',
      { document_number: '', read_name: '', read_date_of_birth: '', expires_on: '' },
      [
        '“Document number” is required.',
        '“Full name on the document” is required.',
        '“Date of birth on the document” is required.',
        '“Expiry date” is required.',
      ],
    ],
    ['a number too short', reading({ document_number: 'AB1' }), ['must be 4 to 40 letters, digits or dashes']],
    ['a number with other characters', reading({ document_number: 'AB/1234' }), ['must be 4 to 40 letters']],
    ['a number too long', reading({ document_number: 'A'.repeat(41) }), ['must be 4 to 40 letters']],
    [
      'a day that does not exist',
      reading({ expires_on: '2027-02-30' }),
      ['“Expiry date” must be a date written YYYY-MM-DD.'],
    ],
    ['a date in another format', reading({ read_date_of_birth: '12/08/1990' }), ['must be a date written YYYY-MM-DD']],
    ['a birth after today', reading({ read_date_of_birth: '2026-03-02' }), ['cannot be in the future']],
  ])('refuses %s (400) with the problem on the form', async (_, fields, messages) => {
    const { id } = await playerWithSubmission();
    const res = await approve(id, fields);
    expect(res.status).toBe(400);
    for (const message of messages) expect(res.text).toContain(message);
    expect(await statusOf(id)).toBe('pending');
  });

  it('refuses a name with direction-changing characters (the console text guard), nothing decided', async () => {
    const { id } = await playerWithSubmission();
    const res = await approve(id, reading({ read_name: 'Erika\u202eMustermann' }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('contains control or direction-changing characters');
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('the document rules per approval', () => {
  it('cost one statement for the number and one more only when the identity differs, never the ledger', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => ctx.api.player()));
    const seen: string[] = [];
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        seen.push(sql);
        return ctx.api.db.query(sql, params);
      },
    } as Queryable;
    const most = { same: 0, differs: 0 };
    for (let n = 0; n < 200; n += 1) {
      const differs = n % 2 === 1;
      const before = seen.length;
      await recordRiskEvent(counting, {
        kind: 'document_read',
        userId: players[n % 4]!.id,
        verificationId: randomUUID(),
        number: `COUNT-${n % 7}`,
        name: 'Erika Mustermann',
        dateOfBirth: '1990-08-12',
        account: { name: differs ? 'João Silva' : 'ERIKA mustermann', dateOfBirth: '1990-08-12' },
        now: clock(),
      });
      const key = differs ? 'differs' : 'same';
      most[key] = Math.max(most[key], seen.length - before);
    }
    expect(most).toEqual({ same: 1, differs: 2 });
    expect(seen.filter((sql) => /\bledger\b/.test(sql))).toEqual([]);
  });
});
