/**
 * The console's form bodies by their schemas (schemas/operator-form.ts): the CSRF token, a form's
 * text fields and the bulk approval's ids, posted urlencoded or multipart as a browser may. Bad
 * input (a wrong type such as a file, a missing field, a control character, a value sent twice)
 * is refused with the console's own answer and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';
import { staffMember, type StaffMember } from './operator-harness.ts';

const ctx = useTestApi();
const CSRF_REFUSED = 'The form has expired or did not come from this console.';
const UNSAFE = '“Note” contains control or direction-changing characters. Type it again without them.';

/** A post with the staff member's session cookie and a body of our own making. */
async function send(staff: StaffMember, path: string, body: URLSearchParams | FormData) {
  const cookie = [...staff.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers: Record<string, string> = { cookie };
  if (body instanceof URLSearchParams) headers['content-type'] = 'application/x-www-form-urlencoded';
  const sent = body instanceof URLSearchParams ? body.toString() : body;
  const response = await ctx.api.app.request(path, { method: 'POST', headers, body: sent });
  return { status: response.status, text: await response.text() };
}

function multipart(fields: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const notesOf = async (userId: number) =>
  (
    await ctx.api.db.query<{ body: string }>('SELECT body FROM staff_notes WHERE user_id = $1 ORDER BY id', [userId])
  ).map((row) => row.body);

describe('console form bodies', { timeout: 120_000 }, () => {
  it('refuses a CSRF token with a control character, sent as a file, or followed by another value', async () => {
    const staff = await staffMember(ctx.api, 'support');
    const player = await ctx.api.player();
    await staff.client.get(`/operator/players/${player.id}`);
    const csrf = staff.client.csrf;
    const path = `/operator/players/${player.id}/notes`;
    const refused = [
      await send(
        staff,
        path,
        new URLSearchParams([
          ['csrf', `${csrf}\u0000`],
          ['body', 'x'],
        ]),
      ),
      await send(
        staff,
        path,
        new URLSearchParams([
          ['csrf', `\u202e${csrf}`],
          ['body', 'x'],
        ]),
      ),
      await send(
        staff,
        path,
        new URLSearchParams([
          ['csrf', csrf],
          ['csrf', 'other'],
          ['body', 'x'],
        ]),
      ),
      await send(staff, path, new URLSearchParams([['body', 'x']])),
      await send(
        staff,
        path,
        multipart([
          ['csrf', new File([csrf], 'csrf.txt')],
          ['body', 'x'],
        ]),
      ),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect(reply.text).toContain(CSRF_REFUSED);
    }
    expect(await notesOf(player.id)).toEqual([]);
    // The same form as multipart, with the right token, is taken.
    const taken = await send(
      staff,
      path,
      multipart([
        ['csrf', csrf],
        ['body', ' Called back '],
      ]),
    );
    expect(taken.status).toBe(303);
    expect(await notesOf(player.id)).toEqual(['Called back']);
  });

  it("refuses a form's text field that is missing, a file, or holds a control character (400)", async () => {
    const staff = await staffMember(ctx.api, 'support');
    const player = await ctx.api.player();
    await staff.client.get(`/operator/players/${player.id}`);
    const csrf = staff.client.csrf;
    const path = `/operator/players/${player.id}/notes`;
    const cases: [URLSearchParams | FormData, string][] = [
      [new URLSearchParams([['csrf', csrf]]), '“Note” is required.'],
      [
        new URLSearchParams([
          ['csrf', csrf],
          ['body', '   '],
        ]),
        '“Note” is required.',
      ],
      [
        new URLSearchParams([
          ['csrf', csrf],
          ['body', 'ok\u0007'],
        ]),
        UNSAFE,
      ],
      [
        new URLSearchParams([
          ['csrf', csrf],
          ['body', 'ok\u2066'],
        ]),
        UNSAFE,
      ],
      [
        new URLSearchParams([
          ['csrf', csrf],
          ['body', 'ok'],
          ['body', 'x\u0000'],
        ]),
        UNSAFE,
      ],
      [
        multipart([
          ['csrf', csrf],
          ['body', new File(['text'], 'note.txt')],
        ]),
        '“Note” must be text, not a file.',
      ],
      [
        new URLSearchParams([
          ['csrf', csrf],
          ['body', 'n'.repeat(2001)],
        ]),
        '“Note” may be at most 2000 characters long.',
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await send(staff, path, body);
      expect([reply.status, reply.text.includes(message)]).toEqual([400, true]);
    }
    expect(await notesOf(player.id)).toEqual([]);
    // A textarea keeps its line breaks (normalized), and nothing else.
    expect(
      (
        await send(
          staff,
          path,
          new URLSearchParams([
            ['csrf', csrf],
            ['body', 'one\r\ntwo'],
          ]),
        )
      ).status,
    ).toBe(303);
    expect(await notesOf(player.id)).toEqual(['one\ntwo']);
  });

  it('refuses bulk-approval ids that are missing, not numbers, files, control characters or too many', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/withdrawals');
    const csrf = admin.client.csrf;
    const rest: [string, string][] = [
      ['csrf', csrf],
      ['batch_reference', 'BATCH-1'],
      ['confirm', 'yes'],
    ];
    const bad = 'Select up to 500 withdrawals at a time, from the list.';
    const cases: [URLSearchParams | FormData, string][] = [
      [new URLSearchParams(rest), 'Select at least one withdrawal.'],
      [new URLSearchParams([['id', '1x'], ...rest]), bad],
      [new URLSearchParams([['id', '1\u0000'], ...rest]), bad],
      [new URLSearchParams([['id', '1234567890'], ...rest]), bad],
      [
        new URLSearchParams([...Array.from({ length: 501 }, (_, i) => ['id', String(i + 1)]), ...rest]),
        'At most 500 withdrawals can be decided at a time; 501 were selected.',
      ],
      [multipart([['id', new File(['1'], 'id.txt')], ...rest]), bad],
    ];
    for (const [body, message] of cases) {
      const reply = await send(admin, '/operator/withdrawals/bulk-approve', body);
      expect([reply.status, reply.text.includes(message)]).toEqual([400, true]);
    }
    // Well-formed ids that match nothing pending are a batch of none.
    const none = await send(
      admin,
      '/operator/withdrawals/bulk-approve',
      new URLSearchParams([['id', '999999'], ...rest]),
    );
    expect(none.status).toBe(303);
  });
});
