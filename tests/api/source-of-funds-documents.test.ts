import { describe, expect, it } from 'vitest';
import { SOF_MAX_DOCUMENTS } from '../../core/api/contract.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock();
const ctx = useTestApi({}, { clock });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
const EXE = [...Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00')];
const file = (head: number[], name: string, fill = 1) => {
  const bytes = new Uint8Array(head.length + 64).fill(fill);
  bytes.set(head);
  return new File([bytes], name, { type: 'image/png' });
};
const send = (token: string, fields: Record<string, File | string>, language = 'en') => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return ctx.api.request('POST', '/api/user/source-of-funds', {
    token,
    form,
    headers: { 'accept-language': language },
  });
};
const status = (token: string) => ctx.api.request('GET', '/api/user/source-of-funds', { token });

// Each test signs a staff member in and makes many requests: more than the default 20 s on a loaded machine.
describe('source-of-funds documents from the profile', { timeout: 60_000 }, () => {
  it('shows the outstanding request, takes documents for it, and staff see them with the request', async () => {
    const player = await ctx.api.player();
    const none = await status(player.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ request: null });
    expect(none.headers.get('cache-control')).toBe('no-store');
    // Nothing asked: an upload is refused, in the player's language, and nothing is stored.
    const early = await send(player.token, { file: file(PNG, 'payslip.png') }, 'de');
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: 'Zurzeit benötigen wir keine Angaben zur Herkunft Ihrer Mittel.' });

    clock.advance(3600);
    const asked = clock().toISOString();
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/players/${player.id}`);
    expect((await risk.client.post(`/operator/players/${player.id}/source-of-funds`)).status).toBe(303);
    expect((await status(player.token)).body).toEqual({
      request: { requested_at: asked, documents: 0, max_documents: SOF_MAX_DOCUMENTS },
    });
    expect((await risk.client.get(`/operator/players/${player.id}`)).text).toContain('sent no documents');

    const payslip = file(PNG, 'payslip.png', 7);
    const sent = await send(player.token, { file: payslip });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      request: { requested_at: asked, documents: 1, max_documents: SOF_MAX_DOCUMENTS },
    });

    const page = (await risk.client.get(`/operator/players/${player.id}`)).text;
    const link = page.match(/href="(\/operator\/players\/\d+\/source-of-funds\/documents\/(\d+))"/);
    expect(link).not.toBeNull();
    expect(page).toContain('data-sof="requested"');
    const opened = await risk.client.get(link![1]!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('content-security-policy')).toContain('sandbox');
    const [viewed] = await ctx.api.db.query<{ after: unknown }>(
      `SELECT after FROM staff_audit WHERE action = 'document.view' AND target_type = 'player' AND target_id = $1`,
      [String(player.id)],
    );
    expect(viewed!.after).toEqual({ source_of_funds_document: Number(link![2]) });
    // Another player's document id under this player's page is not found.
    const other = await ctx.api.player();
    await risk.client.get(`/operator/players/${other.id}`);
    expect((await risk.client.get(`/operator/players/${other.id}/source-of-funds/documents/${link![2]}`)).status).toBe(
      404,
    );

    // Marked reviewed with the existing action: nothing is outstanding, uploads are refused again.
    await risk.client.post(`/operator/players/${player.id}/source-of-funds/review`, { reason: 'Payslip seen' });
    expect((await status(player.token)).body).toEqual({ request: null });
    expect((await send(player.token, { file: payslip })).status).toBe(409);
    // The reviewed request still lists what was sent for it.
    expect((await risk.client.get(`/operator/players/${player.id}`)).text).toContain('data-sof-documents');
  });

  it('refuses a file that is not a document, a missing file, unknown fields and more than the maximum', async () => {
    const player = await ctx.api.player();
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/players/${player.id}`);
    await risk.client.post(`/operator/players/${player.id}/source-of-funds`);

    const exe = await send(player.token, { file: file(EXE, 'payslip.png') });
    expect(exe.status).toBe(400);
    expect(exe.body).toEqual({
      file: ['This file is not a JPEG, PNG or PDF. Choose a photo or scan in one of these formats.'],
    });
    const missing = await send(player.token, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty('file');
    expect((await send(player.token, { file: file(PNG, 'a.png'), note: 'x' })).status).toBe(400);
    const json = await ctx.api.request('POST', '/api/user/source-of-funds', { token: player.token, body: {} });
    expect(json.status).toBe(415);
    expect((await ctx.api.request('GET', '/api/user/source-of-funds')).status).toBe(401);

    // Sent in parallel, the request's row lock keeps the count at the maximum.
    const all = await Promise.all(
      Array.from({ length: SOF_MAX_DOCUMENTS + 3 }, (_, i) => send(player.token, { file: file(PNG, `${i}.png`, i) })),
    );
    expect(all.filter((res) => res.status === 201)).toHaveLength(SOF_MAX_DOCUMENTS);
    const full = all.find((res) => res.status === 409)!;
    expect(full.body).toEqual({
      detail:
        `You have sent the most documents we take for this request (${SOF_MAX_DOCUMENTS}). ` +
        'Write to support if you need to send more.',
    });
    const [row] = await ctx.api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM source_of_funds_documents d JOIN source_of_funds_requests r ON r.id = d.request_id
       WHERE r.user_id = $1`,
      [player.id],
    );
    expect(Number(row!.n)).toBe(SOF_MAX_DOCUMENTS);
  });
});
