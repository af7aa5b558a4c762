import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();

/** The first bytes of each accepted format, and of things that must be refused whatever their name says. */
const BYTES = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d],
  pdf: [...Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj')],
  exe: [...Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00')],
  zip: [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00],
  text: [...Buffer.from('just some text, not a document')],
};
const file = (kind: keyof typeof BYTES, name: string, type = 'image/jpeg', size?: number) => {
  const bytes = new Uint8Array(size ?? BYTES[kind].length + 32);
  bytes.set(BYTES[kind]);
  return new File([bytes], name, { type });
};

function form(fields: Record<string, string | File | (string | File)[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}
const upload = (
  token: string | undefined,
  fields: Record<string, string | File | (string | File)[]>,
  headers: Record<string, string> = {},
) => ctx.api.request('POST', '/api/user/verification', { token, form: form(fields), headers });
const status = async (token: string) => (await ctx.api.request('GET', '/api/user/verification', { token })).body;
const stored = (userId: number) =>
  ctx.api.db.query<{ side: string; mime: string; size: number; content: Uint8Array }>(
    `SELECT d.side, d.mime, d.size, d.content FROM identity_documents d JOIN identity_verifications v ON ` +
      `v.id = d.verification_id WHERE v.user_id = $1 ORDER BY d.side DESC`,
    [userId],
  );
const setStatus = (userId: number, value: 'verified' | 'rejected', reason: string | null = null) =>
  ctx.api.db.query(
    `UPDATE identity_verifications SET status = $2, reason = $3, reviewed_at = $4 WHERE user_id = $1 AND ` +
      `status = 'pending'`,
    [userId, value, reason, ctx.api.services.clock().toISOString()],
  );

describe('POST /api/user/verification', () => {
  it('takes a passport with its front only, and stores the bytes with the type they really are', async () => {
    const player = await ctx.api.player();
    // Named and declared as a PDF, but the bytes are a PNG: the bytes decide.
    const front = file('png', 'passport.pdf', 'application/pdf');
    const res = await upload(player.token, { document_type: 'passport', front });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'pending', document_type: 'passport', submitted_at: expect.any(String) });
    expect(Date.now() - Date.parse(res.body.submitted_at)).toBeLessThan(60_000);
    const rows = await stored(player.id);
    expect(rows.map(({ side, mime, size }) => ({ side, mime, size }))).toEqual([
      { side: 'front', mime: 'image/png', size: front.size },
    ]);
    expect(Buffer.from(rows[0]!.content).equals(Buffer.from(await front.arrayBuffer()))).toBe(true);
  });

  it.each([
    ['id_card', 'jpeg', 'pdf'],
    ['driving_licence', 'pdf', 'png'],
  ] as const)('takes an %s with front (%s) and back (%s)', async (documentType, frontKind, backKind) => {
    const player = await ctx.api.player();
    const res = await upload(player.token, {
      document_type: documentType,
      front: file(frontKind, `front.${frontKind}`),
      back: file(backKind, `back.${backKind}`),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', document_type: documentType });
    const mime = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };
    expect((await stored(player.id)).map(({ side, mime }) => [side, mime])).toEqual([
      ['front', mime[frontKind]],
      ['back', mime[backKind]],
    ]);
  });

  it.each([
    ['a program named .jpg', file('exe', 'scan.jpg')],
    ['a zip archive named .png', file('zip', 'scan.png', 'image/png')],
    ['plain text named .pdf', file('text', 'scan.pdf', 'application/pdf')],
  ])('refuses %s by its bytes, and stores nothing', async (_name, front) => {
    const player = await ctx.api.player();
    const res = await upload(player.token, { document_type: 'passport', front });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      front: ['This file is not a JPEG, PNG or PDF. Choose a photo or scan in one of these formats.'],
    });
    expect(await stored(player.id)).toEqual([]);
    expect(await status(player.token)).toEqual({ status: 'none' });
  });

  it('refuses a file over 5 MB, and takes one of exactly 5 MB', async () => {
    const player = await ctx.api.player();
    const over = await upload(player.token, {
      document_type: 'passport',
      front: file('jpeg', 'big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ front: ['This file is larger than 5 MB. Choose a smaller photo or scan.'] });
    const exact = await upload(player.token, {
      document_type: 'passport',
      front: file('jpeg', 'max.jpg', 'image/jpeg', 5 * 1024 * 1024),
    });
    expect(exact.status).toBe(201);
  }, 60_000); // 10 MB through the encryption-free form path into bytea: slow on PGlite on a busy machine

  it('refuses a whole upload over 11 MB with 413, before reading it as a form', async () => {
    const player = await ctx.api.player();
    const big = file('jpeg', 'a.jpg', 'image/jpeg', 6 * 1024 * 1024);
    const res = await upload(player.token, { document_type: 'id_card', front: big, back: big });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'The upload is too large: each file may be at most 5 MB.' });
    expect(await stored(player.id)).toEqual([]);
  });

  it('refuses an empty file, a missing front and a missing back, each on its field', async () => {
    const player = await ctx.api.player();
    expect(
      (
        await upload(player.token, {
          document_type: 'passport',
          front: new File([], 'empty.jpg', { type: 'image/jpeg' }),
        })
      ).body,
    ).toEqual({
      front: ['This file is empty. Choose a photo or scan of the document.'],
    });
    // A browser sends an untouched file input as a nameless, empty file: that is a missing file.
    const missing = await upload(player.token, {
      document_type: 'id_card',
      front: new File([], ''),
      back: new File([], ''),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      front: ['Choose a file: a photo or scan of the document as JPEG, PNG or PDF.'],
      back: ['Add the back of the document.'],
    });
    expect(
      (await upload(player.token, { document_type: 'driving_licence', front: file('jpeg', 'f.jpg') })).body,
    ).toEqual({ back: ['Add the back of the document.'] });
    expect((await upload(player.token, { document_type: 'passport', front: 'not a file' })).body).toEqual({
      front: ['Choose a file: a photo or scan of the document as JPEG, PNG or PDF.'],
    });
    expect(await stored(player.id)).toEqual([]);
  });

  it('refuses a back side sent with a passport rather than silently dropping it', async () => {
    const player = await ctx.api.player();
    const res = await upload(player.token, {
      document_type: 'passport',
      front: file('jpeg', 'f.jpg'),
      back: file('jpeg', 'b.jpg'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ back: ['A passport has no back side: send only the photo page.'] });
    expect(await stored(player.id)).toEqual([]);
  });

  it.each([
    ['a missing type', {}, 'This field is required.'],
    ['an unknown type', { document_type: 'library_card' }, 'Choose one of the offered options.'],
    [
      'a type with a text-direction override',
      { document_type: 'passport\u202e' },
      'Remove invisible or control characters, such as zero-width spaces or text-direction marks.',
    ],
    [
      'a type with a NUL',
      { document_type: 'pass\u0000port' },
      'Remove invisible or control characters, such as zero-width spaces or text-direction marks.',
    ],
    ['a type sent as a file', { document_type: file('jpeg', 'type.jpg') }, 'Choose one of the offered options.'],
    [
      'a second type value with a control character',
      { document_type: ['passport', 'passport\u0007'] },
      'Remove invisible or control characters, such as zero-width spaces or text-direction marks.',
    ],
  ])('refuses %s on document_type', async (_name, fields, message) => {
    const player = await ctx.api.player();
    const res = await upload(player.token, { ...fields, front: file('jpeg', 'f.jpg') });
    expect(res.status).toBe(400);
    expect(res.body.document_type).toEqual([message]);
    expect(await stored(player.id)).toEqual([]);
  });

  it('refuses fields the form does not have, and two files for one side', async () => {
    const player = await ctx.api.player();
    expect(
      (
        await upload(player.token, {
          document_type: 'passport',
          front: file('jpeg', 'f.jpg'),
          selfie: file('jpeg', 's.jpg'),
        })
      ).body,
    ).toEqual({
      selfie: ['This field does not exist.'],
    });
    expect(
      (await upload(player.token, { document_type: 'passport', front: [file('jpeg', 'a.jpg'), file('png', 'b.png')] }))
        .body,
    ).toEqual({
      front: ['Send one file for this side of the document.'],
    });
  });

  it('refuses a field name with a control character, and a form it cannot parse, storing nothing', async () => {
    const player = await ctx.api.player();
    const named = await upload(player.token, {
      document_type: 'passport',
      front: file('jpeg', 'f.jpg'),
      'fr\u0001ont': 'x',
    });
    expect(named.status).toBe(400);
    expect(named.body).toEqual({
      'fr\u0001ont': ['Remove invisible or control characters, such as zero-width spaces or text-direction marks.'],
    });
    const broken = await ctx.api.request('POST', '/api/user/verification', {
      token: player.token,
      raw: '--b\r\nContent-Disposition: form-data; name="front"\r\n\r\nno closing boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ detail: 'The upload could not be read. Choose the files again and try again.' });
    expect(await stored(player.id)).toEqual([]);
  });

  it('answers in the request language', async () => {
    const player = await ctx.api.player();
    const res = await upload(
      player.token,
      { document_type: 'passport', front: file('exe', 'scan.jpg') },
      { 'accept-language': 'de' },
    );
    expect(res.body).toEqual({
      front: [
        'Diese Datei ist kein JPEG, PNG oder PDF. Wählen Sie ein Foto oder einen Scan in einem dieser Formate aus.',
      ],
    });
  });

  it('is the one multipart route: JSON here is 415, and a form anywhere else is 415', async () => {
    const player = await ctx.api.player();
    const json = await ctx.api.request('POST', '/api/user/verification', {
      token: player.token,
      body: { document_type: 'passport' },
    });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ detail: 'Send the documents as a multipart/form-data upload.' });
    const elsewhere = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      form: form({ first_name: 'Ana' }),
    });
    expect(elsewhere.status).toBe(415);
    // The larger limit is the upload's only: a big form elsewhere meets the usual 64 KB limit.
    const big = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      form: form({ front: file('jpeg', 'a.jpg', 'image/jpeg', 100 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it('answers 401 signed out, for sending and for reading', async () => {
    const res = await upload(undefined, { document_type: 'passport', front: file('jpeg', 'f.jpg') });
    expect(res.status).toBe(401);
    expect((await ctx.api.request('GET', '/api/user/verification')).status).toBe(401);
    // The large limit is for signed-in players only: signed out, even an oversize body is just 401.
    const big = file('jpeg', 'a.jpg', 'image/jpeg', 6 * 1024 * 1024);
    expect((await upload(undefined, { document_type: 'id_card', front: big, back: big })).status).toBe(401);
  });

  it('answers 409 while a submission is pending or once verified, and takes a new one after a rejection', async () => {
    const player = await ctx.api.player();
    const send = () => upload(player.token, { document_type: 'passport', front: file('jpeg', 'f.jpg') });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'Your document is already being reviewed. You can send another one if it is rejected.',
    });

    await setStatus(player.id, 'rejected', 'The photo is blurred.');
    expect((await send()).status).toBe(201);
    await setStatus(player.id, 'verified');
    const verified = await send();
    expect(verified.status).toBe(409);
    expect(verified.body).toEqual({ detail: 'Your identity is already verified.' });
    const [{ n }] = (await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity_verifications WHERE user_id = $1',
      [player.id],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('makes one submission of two sent at once (a double click)', async () => {
    const player = await ctx.api.player();
    const replies = await Promise.all(
      [1, 2].map(() => upload(player.token, { document_type: 'passport', front: file('jpeg', 'f.jpg') })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(await stored(player.id)).toHaveLength(1);
  });
});

describe('GET /api/user/verification', () => {
  it('follows the newest submission: none, pending, rejected with its reason, verified', async () => {
    const player = await ctx.api.player();
    expect(await status(player.token)).toEqual({ status: 'none' });
    const sent = await upload(player.token, {
      document_type: 'id_card',
      front: file('jpeg', 'f.jpg'),
      back: file('png', 'b.png'),
    });
    expect(await status(player.token)).toEqual({
      status: 'pending',
      document_type: 'id_card',
      submitted_at: sent.body.submitted_at,
    });
    await setStatus(player.id, 'rejected', '<b>Blurred</b> photo');
    // The reason is staff's text, answered as it is; the site renders it as text.
    expect(await status(player.token)).toEqual({
      status: 'rejected',
      document_type: 'id_card',
      submitted_at: sent.body.submitted_at,
      reason: '<b>Blurred</b> photo',
    });
    const resent = await upload(player.token, { document_type: 'passport', front: file('pdf', 'p.pdf') });
    expect(await status(player.token)).toEqual({
      status: 'pending',
      document_type: 'passport',
      submitted_at: resent.body.submitted_at,
    });
    await setStatus(player.id, 'verified');
    expect(await status(player.token)).toEqual({
      status: 'verified',
      document_type: 'passport',
      submitted_at: resent.body.submitted_at,
    });
  });
});

describe('withdrawals need a verified identity', () => {
  const withdraw = (token: string) =>
    ctx.api.request('POST', '/api/user/withdrawal', {
      token,
      body: { amount: '25.00', method: 'card', destination: '4242 4242 4242 4242' },
    });

  it('refuses an unverified or pending player with 400 and moves no money; works once verified', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const refused = await withdraw(player.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      detail: 'Your identity must be verified before your first withdrawal. Send a document on your profile page.',
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');

    await upload(player.token, { document_type: 'passport', front: file('jpeg', 'f.jpg') });
    expect((await withdraw(player.token)).status).toBe(400);
    await setStatus(player.id, 'rejected', 'Expired');
    expect((await withdraw(player.token)).status).toBe(400);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    const [{ n }] = (await ctx.api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transactions WHERE user_id = $1 AND type = 'withdrawal'`,
      [player.id],
    )) as [{ n: number }];
    expect(n).toBe(0);

    await ctx.api.verify(player.id);
    const done = await withdraw(player.token);
    expect(done.status).toBe(201);
    expect(done.body.balance).toBe('75.00');
  });

  it('says to verify before it says the balance is short; a refused keyed request keeps no key', async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    const keyed = (amount: string) =>
      ctx.api.request('POST', '/api/user/withdrawal', {
        token: player.token,
        body: { amount, method: 'card', destination: '4242 4242 4242 4242' },
        headers: { 'idempotency-key': 'verify-first-1' },
      });
    const short = await keyed('25.00');
    expect([short.status, short.body]).toEqual([
      400,
      { detail: 'Your identity must be verified before your first withdrawal. Send a document on your profile page.' },
    ]);
    await ctx.api.verify(player.id);
    // The same key, now verified: the first refusal stored nothing, so this one is judged afresh.
    const stillShort = await keyed('25.00');
    expect([stillShort.status, stillShort.body]).toEqual([
      400,
      { amount: ['Insufficient funds: your balance is €20.00.'] },
    ]);
    const done = await keyed('15.00');
    expect([done.status, done.body.balance, done.headers.get('idempotent-replayed')]).toEqual([201, '5.00', null]);
  });

  it('explains in the request language', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const res = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '25.00', method: 'card', destination: '4242 4242 4242 4242' },
      headers: { 'accept-language': 'ja' },
    });
    expect(res.body).toEqual({
      detail: '初回の出金の前に本人確認が必要です。プロフィールページから書類を送信してください。',
    });
  });
});
