import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';
import { auditOf, ConsoleClient, mailTo, staffMember } from './operator-harness.ts';

const ctx = useTestApi();
/** The smallest PNG there is (1×1), as the upload API would have stored it. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
/** What staff read from the document at approval (the account's own name and birth, so no mismatch). */
const READING = {
  document_number: 'c01x 4f7 2a',
  read_name: 'Anna Berg',
  read_date_of_birth: '1990-04-12',
  expires_on: '2099-12-31',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A pending submission written straight into the schema (the upload API lives on wip/verify). */
async function submission(userId: number, type = 'passport', back?: Buffer) {
  const id = randomUUID();
  await ctx.api.db.query(
    'INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at) VALUES ($1, $2, ' +
      "$3, 'pending', $4)",
    [id, userId, type, ctx.api.services.clock().toISOString()],
  );
  await ctx.api.db.query(
    "INSERT INTO identity_documents (verification_id, side, mime, size, content) VALUES ($1, 'front', " +
      "'image/png', $2, $3)",
    [id, PNG.length, PNG],
  );
  if (back)
    await ctx.api.db.query(
      "INSERT INTO identity_documents (verification_id, side, mime, size, content) VALUES ($1, 'back', " +
        "'application/pdf', $2, $3)",
      [id, back.length, back],
    );
  return id;
}
const row = async (id: string) =>
  (
    await ctx.api.db.query<{
      status: string;
      reason: string | null;
      reviewed_by: number | null;
      reviewed_at: Date | null;
    }>('SELECT status, reason, reviewed_by, reviewed_at FROM identity_verifications WHERE id = $1', [id])
  )[0]!;

describe('verification queue', () => {
  it('lists pending submissions and shows each document inline, served only to staff and never cached', async () => {
    const player = await ctx.api.player();
    const id = await submission(player.id, 'id_card', PDF);
    const support = await staffMember(ctx.api, 'support');
    const queue = await support.client.get('/operator/verifications');
    expect(queue.text).toContain(player.username);
    expect(queue.text).toContain(`/operator/verifications/${id}`);
    expect(queue.text).toContain('Identity card');
    const review = await support.client.get(`/operator/verifications/${id}`);
    expect(review.status).toBe(200);
    expect(review.text).toContain(`<img src="/operator/verifications/${id}/documents/front" alt="front page">`);
    // A PDF is never rendered inside the console: a link downloads it.
    expect(review.text).not.toContain('<iframe');
    expect(review.text).toContain(`<a href="/operator/verifications/${id}/documents/back">`);
    // Support may look, not decide.
    expect(review.text).not.toContain(`/operator/verifications/${id}/approve`);
    const front = await ctx.api.app.request(`/operator/verifications/${id}/documents/front`, {
      headers: { cookie: `operator_session=${support.client.cookies.get('operator_session')}` },
    });
    expect(front.status).toBe(200);
    expect(front.headers.get('content-type')).toBe('image/png');
    expect(front.headers.get('cache-control')).toBe('no-store');
    expect(front.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
    expect(Buffer.from(await front.arrayBuffer()).equals(PNG)).toBe(true);
    const back = await support.client.get(`/operator/verifications/${id}/documents/back`);
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(back.headers.get('cache-control')).toBe('no-store');
    expect(back.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
    expect(back.headers.get('content-disposition')).toBe('attachment; filename="back.pdf"');
    // Nobody else gets the file: no session, or a player's token.
    const anonymous = await new ConsoleClient(ctx.api).get(`/operator/verifications/${id}/documents/front`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toBe('/operator/sign-in');
    expect(
      (
        await new ConsoleClient(ctx.api, { authorization: `Token ${player.token}` }).get(
          `/operator/verifications/${id}/documents/front`,
        )
      ).status,
    ).toBe(403);
    expect((await support.client.get('/operator/verifications/not-a-uuid')).status).toBe(404);
    expect((await support.client.get(`/operator/verifications/${id}/documents/side`)).status).toBe(404);
  });

  it('approve: verified, with reviewer and time, and an audit row; it leaves the queue', async () => {
    const player = await ctx.api.player();
    const id = await submission(player.id);
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/verifications/${id}`);
    await ctx.api.db.query(
      "UPDATE users SET locale = 'de', first_name = 'Anna', last_name = 'Berg', date_of_birth = " +
        "'1990-04-12' WHERE id = $1",
      [player.id],
    );
    const review = await admin.client.get(`/operator/verifications/${id}`);
    expect(review.text).toContain('<dd data-name>Anna Berg</dd>');
    expect(review.text).toContain('<dd data-date-of-birth>1990-04-12</dd>');
    expect(review.text).toContain('<dd data-account-age>0 days</dd>');
    expect(review.text).toContain('<input id="document_number" name="document_number" value=""');
    const res = await admin.client.post(`/operator/verifications/${id}/approve`, READING);
    expect(res.location).toBe('/operator/verifications?done=verified');
    const notes = await ctx.api.request('GET', '/api/user/notification?mode=own', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    expect(notes.body[0]).toMatchObject({
      title: 'Identität bestätigt',
      body: 'Wir haben Ihr Dokument geprüft: Ihre Identität ist bestätigt. Sie können jetzt auszahlen.',
    });
    expect((await mailTo(ctx.api, player.email)).map((mail) => mail.subject)).toContain('Ihre Identität ist bestätigt');
    expect(await row(id)).toMatchObject({ status: 'verified', reason: null, reviewed_by: admin.id });
    expect((await row(id)).reviewed_at).not.toBeNull();
    expect((await admin.client.get('/operator/verifications')).text).not.toContain(id);
    expect(await auditOf(ctx.api, 'verification', id)).toEqual([
      {
        staff_id: admin.id,
        action: 'verification.approve',
        before: { status: 'pending', user_id: player.id },
        after: { status: 'verified', user_id: player.id, document_number: 'C01X4F72A', expires_on: '2099-12-31' },
      },
    ]);
    // What staff read is kept with the verification and shown on its page.
    const decided = (await admin.client.get(`/operator/verifications/${id}`)).text;
    expect(decided).toContain('<dd data-document-number>C01X4F72A</dd>');
    expect(decided).toContain('<dd data-expires-on>2099-12-31</dd>');
    expect(
      (await admin.client.post(`/operator/verifications/${id}/reject`, { reason_code: 'other', reason: 'late' }))
        .status,
    ).toBe(409);
  });

  it('reject with a reason code the player reads in their language; "other" needs a clean note', async () => {
    const player = await ctx.api.player();
    const id = await submission(player.id, 'driving_licence');
    const admin = await staffMember(ctx.api, 'admin');
    const review = await admin.client.get(`/operator/verifications/${id}`);
    expect(review.text).toContain('<option value="name_mismatch">name does not match the account</option>');
    expect(
      (await admin.client.post(`/operator/verifications/${id}/reject`, { reason_code: '', reason: '' })).status,
    ).toBe(400);
    expect(
      (await admin.client.post(`/operator/verifications/${id}/reject`, { reason_code: 'ugly', reason: '' })).status,
    ).toBe(400);
    expect(
      (await admin.client.post(`/operator/verifications/${id}/reject`, { reason_code: 'other', reason: '' })).status,
    ).toBe(400);
    expect(
      (
        await admin.client.post(`/operator/verifications/${id}/reject`, {
          reason_code: 'other',
          reason: 'blurry\u0007',
        })
      ).status,
    ).toBe(400);
    expect((await row(id)).status).toBe('pending');
    const res = await admin.client.post(`/operator/verifications/${id}/reject`, {
      reason_code: 'other',
      reason: 'The photo is cut off.\nPlease send the whole page.',
    });
    expect(res.status).toBe(303);
    expect(await row(id)).toMatchObject({
      status: 'rejected',
      reason: 'The photo is cut off.\nPlease send the whole page.',
      reviewed_by: admin.id,
    });
    const [entry] = await auditOf(ctx.api, 'verification', id);
    expect(entry).toMatchObject({
      action: 'verification.reject',
      after: { status: 'rejected', reason_code: 'other', reason: 'The photo is cut off.\nPlease send the whole page.' },
    });

    // A code: each player reads it in the language of their page, and the mail in theirs.
    const second = await submission(player.id, 'passport');
    await ctx.api.db.query("UPDATE users SET locale = 'ja' WHERE id = $1", [player.id]);
    await admin.client.get(`/operator/verifications/${second}`);
    expect(
      (await admin.client.post(`/operator/verifications/${second}/reject`, { reason_code: 'expired', reason: '' }))
        .status,
    ).toBe(303);
    for (const [language, reason] of [
      ['en', 'The document has expired.'],
      ['es', 'El documento está caducado.'],
    ] as const) {
      const status = await ctx.api.request('GET', '/api/user/verification', {
        token: player.token,
        headers: { 'accept-language': language },
      });
      expect(status.body).toMatchObject({ status: 'rejected', reason });
    }
    const notes = await ctx.api.request('GET', '/api/user/notification?mode=own', {
      token: player.token,
      headers: { 'accept-language': 'fr' },
    });
    expect(notes.body[0]).toMatchObject({
      title: 'Document refusé',
      body:
        'Nous n’avons pas pu accepter votre document. Motif : Le document a expiré. Vous pouvez en envoyer ' +
        'un autre depuis votre profil.',
    });
    const mail = (await mailTo(ctx.api, player.email)).find(
      (each) => each.subject === '本人確認書類を承認できませんでした',
    );
    expect(mail!.text).toContain('理由：書類の有効期限が切れています。');
  });

  it('two staff deciding at once: exactly one wins', async () => {
    const player = await ctx.api.player();
    const id = await submission(player.id);
    const [a, b] = [await staffMember(ctx.api, 'admin'), await staffMember(ctx.api, 'admin')];
    await a.client.get('/operator');
    await b.client.get('/operator');
    const results = await Promise.all([
      a.client.post(`/operator/verifications/${id}/approve`, READING),
      b.client.post(`/operator/verifications/${id}/reject`, { reason_code: 'blurred' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(await auditOf(ctx.api, 'verification', id)).toHaveLength(1);
  });

  it('support and player tokens cannot decide (403), and nothing changes', async () => {
    const player = await ctx.api.player();
    const id = await submission(player.id);
    const support = await staffMember(ctx.api, 'support');
    await support.client.get('/operator');
    expect((await support.client.post(`/operator/verifications/${id}/approve`, READING)).status).toBe(403);
    expect((await support.client.post(`/operator/verifications/${id}/reject`, { reason_code: 'blurred' })).status).toBe(
      403,
    );
    const withToken = new ConsoleClient(ctx.api, { authorization: `Token ${player.token}` });
    expect((await withToken.post(`/operator/verifications/${id}/approve`, {}, { csrf: 'x' })).status).toBe(403);
    expect((await row(id)).status).toBe('pending');
    expect(await auditOf(ctx.api, 'verification', id)).toEqual([]);
  });
});
