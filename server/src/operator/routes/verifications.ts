import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { audit } from '../audit.ts';
import { ConsoleError, readForm } from '../form.ts';
import { say } from '../messages.ts';
import { adminOnly, type OperatorEnv } from '../session.ts';
import { csrfField, html, page, table, when } from '../view.ts';
import { playerLink } from './player-status.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIDES = ['front', 'back'] as const;

interface Submission {
  id: string;
  user_id: number;
  username: string;
  email: string;
  document_type: string;
  status: string;
  reason: string | null;
  submitted_at: Date | string;
  sides: string[] | null;
}

const SUBMISSION = `SELECT v.id, v.user_id, u.username, u.email, v.document_type, v.status, v.reason, v.submitted_at,
  (SELECT array_agg(d.side ORDER BY d.side DESC) FROM identity_documents d WHERE d.verification_id = v.id) AS sides
  FROM identity_verifications v JOIN users u ON u.id = v.user_id`;

const verificationId = (value: string) => {
  if (!UUID.test(value)) throw new ConsoleError(404, say('errors.not_found'));
  return value;
};

/**
 * Identity documents (barong's model: documents reviewed by staff, each decision audited). The
 * files are served only here, to signed-in staff, never cached. A decision is a conditional
 * UPDATE on the pending submission, so it is taken once.
 */
export function verificationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/verifications', async (c) => {
    const rows = await db.query<Submission>(`${SUBMISSION} WHERE v.status = 'pending' ORDER BY v.submitted_at, v.id LIMIT 500`);
    const done = c.req.query('done');
    return page(c, {
      title: say('verifications.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      notice: done === 'verified' ? say('verifications.approved') : done === 'rejected' ? say('verifications.rejected') : undefined,
      body: rows.length
        ? table(
            say('verifications.caption'),
            [say('verifications.player'), say('verifications.type'), say('verifications.sides'), say('verifications.submitted'), say('verifications.open')],
            rows.map((row) => html`<tr>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td>${say(`verifications.type_${row.document_type}`)}</td>
<td>${(row.sides ?? []).map((side) => say(`verifications.side_${side}`)).join(', ')}</td>
<td>${when(row.submitted_at)}</td>
<td><a href="/operator/verifications/${row.id}">${say('verifications.open')}<span class="visually-hidden"> ${row.username}</span></a></td>
</tr>`),
          )
        : html`<p>${say('verifications.empty')}</p>`,
    });
  });

  app.get('/operator/verifications/:id', async (c) => {
    const id = verificationId(c.req.param('id'));
    const [row] = await db.query<Submission>(`${SUBMISSION} WHERE v.id = $1`, [id]);
    if (!row) throw new ConsoleError(404, say('errors.not_found'));
    const mimes = await db.query<{ side: string; mime: string }>('SELECT side, mime FROM identity_documents WHERE verification_id = $1 ORDER BY side DESC', [id]);
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const documents = mimes.map(({ side, mime }) => {
      const src = `/operator/verifications/${id}/documents/${side}`;
      const label = say('verifications.document', { side: say(`verifications.side_${side}`) });
      return html`<figure class="document">
${mime === 'application/pdf' ? '' : html`<img src="${src}" alt="${label}">`}
<figcaption><a href="${src}">${say('verifications.open_document', { side: say(`verifications.side_${side}`) })}</a></figcaption>
</figure>`;
    });
    const decide = staff.role === 'admin' && row.status === 'pending'
      ? html`<div class="decide">
<form method="post" action="/operator/verifications/${id}/approve">${csrfField(csrf)}<button type="submit">${say('verifications.approve')}</button></form>
<form method="post" action="/operator/verifications/${id}/reject" class="stack">${csrfField(csrf)}
<label for="reason">${say('verifications.reason')}</label>
<textarea id="reason" name="reason" required maxlength="500" rows="3"></textarea>
<button type="submit">${say('verifications.reject')}</button></form>
</div>`
      : '';
    return page(c, {
      title: say('verifications.review_title'),
      staff,
      csrf,
      body: html`<dl class="facts">
<dt>${say('verifications.player')}</dt><dd>${playerLink(row.user_id, row.username, row.email)}</dd>
<dt>${say('verifications.type')}</dt><dd>${say(`verifications.type_${row.document_type}`)}</dd>
<dt>${say('verifications.submitted')}</dt><dd>${when(row.submitted_at)}</dd>
<dt>${say('verifications.status')}</dt><dd>${say(`status.${row.status}`)}${row.reason ? html` (${row.reason})` : ''}</dd>
</dl>
${documents}
${decide}`,
    });
  });

  app.get('/operator/verifications/:id/documents/:side', async (c) => {
    const id = verificationId(c.req.param('id'));
    const side = c.req.param('side');
    if (!SIDES.includes(side as never)) throw new ConsoleError(404, say('errors.not_found'));
    const [doc] = await db.query<{ mime: string; content: Uint8Array }>('SELECT mime, content FROM identity_documents WHERE verification_id = $1 AND side = $2', [id, side]);
    if (!doc) throw new ConsoleError(404, say('errors.not_found'));
    return c.body(new Uint8Array(doc.content), 200, {
      'Content-Type': doc.mime,
      // A player's file is untrusted: a PDF is downloaded (opened by the staff member's own viewer,
      // never rendered with the console's origin), an image shown; both under a sandboxing CSP.
      'Content-Disposition': `${doc.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="${side}.${doc.mime === 'application/pdf' ? 'pdf' : doc.mime === 'image/png' ? 'png' : 'jpg'}"`,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'; sandbox",
    });
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/operator/verifications/:id/${decision}`, adminOnly, async (c) => {
      const id = verificationId(c.req.param('id'));
      const { reason } = decision === 'reject'
        ? await readForm(c, { reason: { label: say('verifications.reason'), max: 500, required: true, multiline: true } })
        : { reason: null };
      const status = decision === 'approve' ? 'verified' : 'rejected';
      const staff = c.get('staff');
      const now = services.clock();
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: number }>(
          `UPDATE identity_verifications SET status = $2, reason = $3, reviewed_at = $4, reviewed_by = $5
           WHERE id = $1 AND status = 'pending' RETURNING user_id`,
          [id, status, reason, now.toISOString(), staff.id],
        );
        if (!row) return false;
        await audit(tx, {
          staffId: staff.id, action: `verification.${decision}`, targetType: 'verification', targetId: id,
          before: { status: 'pending', user_id: row.user_id }, after: { status, user_id: row.user_id, ...(reason ? { reason } : {}) }, at: now,
        });
        return true;
      });
      if (!done) throw new ConsoleError(409, say('errors.decided'));
      return c.redirect(`/operator/verifications?done=${status}`, 303);
    });
  }

  return app;
}
