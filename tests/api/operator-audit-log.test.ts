import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { audit } from '../../server/src/operator/services/audit.ts';
import { csvCell } from '../../server/src/operator/views/csv.ts';
import { useTestApi } from './harness.ts';
import { download, parseCsv } from './operator-csv.ts';
import { ConsoleClient, newStaffAccount, passwordStep, staffMember, totpCode } from './operator-harness.ts';

const clock = manualClock(new Date('2026-05-04T09:15:27Z'));
const ctx = useTestApi({}, { clock });
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

const rowsOf = (action: string) =>
  ctx.api.db.query<{
    staff_id: number | null;
    target_type: string;
    target_id: string;
    after: Record<string, unknown>;
    created_at: Date;
  }>('SELECT staff_id, target_type, target_id, after, created_at FROM staff_audit WHERE action = $1 ORDER BY id', [
    action,
  ]);

describe('audit log completeness', () => {
  it('a database trigger refuses every UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    await audit(ctx.api.db, { staffId: null, action: 'news.publish', targetType: 'news', targetId: 1, at: clock() });
    const [{ id }] = (await ctx.api.db.query<{ id: number }>('SELECT max(id) AS id FROM staff_audit')) as [
      { id: number },
    ];
    for (const statement of [
      `UPDATE staff_audit SET action = 'x' WHERE id = ${id}`,
      `DELETE FROM staff_audit WHERE id = ${id}`,
      'DELETE FROM staff_audit',
      'TRUNCATE staff_audit',
    ]) {
      await expect(ctx.api.db.query(statement), statement).rejects.toThrow(
        /staff_audit is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      );
    }
    const [row] = await ctx.api.db.query<{ action: string }>('SELECT action FROM staff_audit WHERE id = $1', [id]);
    expect(row!.action).toBe('news.publish');
  });

  it('records failed sign-ins (unknown address, wrong password) and wrong codes, never the password', async () => {
    const account = await newStaffAccount(ctx.api, 'support');
    const client = new ConsoleClient(ctx.api, { 'x-forwarded-for': '203.0.113.9' });
    expect((await passwordStep(client, 'nobody@staff.example.test', 'whatever-password-1')).status).toBe(400);
    expect((await passwordStep(client, account.email, 'not-the-password-22')).status).toBe(400);
    const failed = await rowsOf('staff.sign_in_failed');
    expect(
      failed.map(({ staff_id, target_type, target_id, after }) => ({
        staff_id,
        target_type,
        target_id,
        reason: after.reason,
      })),
    ).toEqual([
      { staff_id: null, target_type: 'staff_email', target_id: 'nobody@staff.example.test', reason: 'unknown_email' },
      { staff_id: account.id, target_type: 'staff', target_id: String(account.id), reason: 'password' },
    ]);
    expect(JSON.stringify(failed)).not.toContain('not-the-password-22');

    const admin = await staffMember(ctx.api, 'admin');
    const again = new ConsoleClient(ctx.api);
    expect((await passwordStep(again, admin.email, admin.password)).location).toBe('/operator/two-factor');
    await again.get('/operator/two-factor');
    const right = totpCode(ctx.api, admin.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await again.post('/operator/two-factor', { code: wrong })).status).toBe(400);
    const codes = await rowsOf('staff.code_failed');
    expect(codes.map(({ staff_id, after }) => ({ staff_id, stage: after.stage }))).toEqual([
      { staff_id: admin.id, stage: 'sign_in' },
    ]);
  });

  it('records views of player pages and identity documents (who, when, which), to the second in UTC', async () => {
    const player = await ctx.api.player();
    const support = await staffMember(ctx.api, 'support');
    clock.advance(7);
    expect((await support.client.get(`/operator/players/${player.id}`)).status).toBe(200);
    const verification = randomUUID();
    await ctx.api.db.query(
      'INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at) VALUES ($1, ' +
        "$2, 'passport', 'pending', $3)",
      [verification, player.id, clock().toISOString()],
    );
    await ctx.api.db.query(
      "INSERT INTO identity_documents (verification_id, side, mime, size, content) VALUES ($1, 'front', " +
        "'image/png', $2, $3)",
      [verification, PNG.length, PNG],
    );
    expect((await support.client.get(`/operator/verifications/${verification}/documents/front`)).status).toBe(200);
    const views = await ctx.api.db.query<{
      staff_id: number;
      action: string;
      target_type: string;
      target_id: string;
      after: unknown;
      created_at: Date;
    }>(
      'SELECT staff_id, action, target_type, target_id, after, created_at FROM staff_audit WHERE action IN ' +
        "('player.view', 'document.view') AND staff_id = $1 ORDER BY id",
      [support.id],
    );
    expect(views.map(({ created_at, ...rest }) => ({ ...rest, at: new Date(created_at).toISOString() }))).toEqual([
      {
        staff_id: support.id,
        action: 'player.view',
        target_type: 'player',
        target_id: String(player.id),
        after: null,
        at: clock().toISOString(),
      },
      {
        staff_id: support.id,
        action: 'document.view',
        target_type: 'verification',
        target_id: verification,
        after: { side: 'front' },
        at: clock().toISOString(),
      },
    ]);
    const log = await support.client.get(`/operator/audit?target=player:${player.id}`);
    const stamp = clock()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, ' UTC');
    expect(stamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect(log.text).toContain(
      `<td><time datetime="${clock().toISOString()}">${stamp}</time></td>` +
        `<td>${support.email}</td><td>player.view</td>\n<td><a ` +
        `href="/operator/players/${player.id}">player:${player.id}</a></td>`,
    );
    expect(log.text).toContain('<p data-range>Showing 1–1 of 1</p>');
  });
});

describe('audit log filters, pages and CSV', () => {
  it('filters by date range (UTC days, both included), pages 50 a page, and refuses bad dates and pages', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const base = Date.parse('2030-01-01T00:00:00Z');
    // 120 rows on 2030-01-01 .. 2030-01-03 (40 a day), and one at the very end of 2030-01-03.
    for (let i = 0; i < 120; i++) {
      await audit(ctx.api.db, {
        staffId: admin.id,
        action: 'note.add',
        targetType: 'range',
        targetId: i,
        at: new Date(base + Math.floor(i / 40) * 86_400_000 + i * 1000),
      });
    }
    await audit(ctx.api.db, {
      staffId: admin.id,
      action: 'note.add',
      targetType: 'range',
      targetId: 'last',
      at: new Date('2030-01-03T23:59:59.999Z'),
    });
    await audit(ctx.api.db, {
      staffId: admin.id,
      action: 'note.add',
      targetType: 'range',
      targetId: 'next',
      at: new Date('2030-01-04T00:00:00.000Z'),
    });
    const first = await admin.client.get('/operator/audit?target=range:&from=2030-01-02&to=2030-01-03');
    expect(first.text).toContain('<p data-range>Showing 1–50 of 81</p>');
    expect(first.text).toContain(
      'href="/operator/audit?target=range%3A&amp;from=2030-01-02&amp;to=2030-01-03&amp;page=2" rel="next"',
    );
    const last = await admin.client.get('/operator/audit?target=range:&from=2030-01-02&to=2030-01-03&page=2');
    expect(last.text).toContain('<p data-range>Showing 51–81 of 81</p>');
    expect(last.text).not.toContain('rel="next"');
    expect((last.text.match(/<tr data-action=/g) ?? []).length).toBe(31);
    const beyond = await admin.client.get('/operator/audit?target=range:&from=2030-01-02&to=2030-01-03&page=9');
    expect(beyond.text).toContain('<p data-range>No results (0 of 81)</p>');
    const empty = await admin.client.get('/operator/audit?from=2031-01-01&to=2031-01-01');
    expect(empty.text).toContain('<p data-range>No results (0 of 0)</p>');
    expect(empty.text).toContain('No entries match.');
    for (const bad of ['page=0', 'page=-1', 'page=x', 'from=2030-02-30', 'to=yesterday']) {
      expect((await admin.client.get(`/operator/audit?${bad}`)).status, bad).toBe(400);
    }
  });

  it('exports the filtered entries as CSV: BOM, quoting, formula cells neutralised', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await audit(ctx.api.db, {
      staffId: admin.id,
      action: 'note.add',
      targetType: 'csv',
      targetId: '=HYPERLINK("http://evil.example","x")',
      after: { note: 'a, "quoted"\nline' },
      at: new Date('2029-06-01T10:11:12Z'),
    });
    const reply = await download(admin.client, '/operator/audit.csv?target=csv:');
    expect(reply.response.status).toBe(200);
    expect([...reply.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const headers = reply.response.headers;
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    expect(headers.get('cache-control')).toBe('no-store');
    const rows = parseCsv(reply.text);
    expect(rows[0]).toEqual(['id', 'time_utc', 'staff', 'action', 'target_type', 'target_id', 'before', 'after']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      [
        '2029-06-01 10:11:12 UTC',
        admin.email,
        'note.add',
        'csv',
        `'=HYPERLINK("http://evil.example","x")`,
        '',
        '{"note":"a, \\"quoted\\"\\nline"}',
      ],
    ]);
  });

  it('csvCell neutralises = + - @ tab and CR (a plain negative number stays), quotes commas, quotes, newlines', () => {
    expect(
      [
        '=1+2',
        '+1',
        '-1+2',
        '-A1',
        '@SUM(A1)',
        '\tx',
        '\rx',
        'plain',
        'a,b',
        'say "hi"',
        'two\nlines',
        '',
        null,
        12.5,
        '-10.50',
        '-7',
      ].map(csvCell),
    ).toEqual([
      "'=1+2",
      "'+1",
      "'-1+2",
      "'-A1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
      '',
      '12.5',
      '-10.50',
      '-7',
    ]);
  });
});
