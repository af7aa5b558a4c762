import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { verificationDecisionMail } from '../../mail/messages.ts';
import { REJECTION_CODES, rejectionText } from '../../services/verifications.ts';
import { readForm, type FieldRule } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { playerFileResponse } from './player-file.ts';
import type { OperatorEnv } from '../operator-env.ts';
import {
  decideVerification,
  documentForStaff,
  documentTypes,
  pendingSubmissions,
  submissionById,
} from '../services/verification-review.ts';
import { csrfField, html, page, problemList, table, visuallyHidden, when } from '../views/view.ts';
import { approveForm, readingFacts } from '../views/verification-view.ts';
import { checkReading } from '../services/document-reading.ts';
import type { ReadingFields, ReadingProblem } from '../document-reading-model.ts';
import { playerLink } from './player-status.ts';
import { may } from '../permissions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIDES = ['front', 'back'] as const;

/** The approval's reading, through the console's text-input guard; checkReading judges the values. */
const READING_RULES: Record<keyof ReadingFields, FieldRule> = {
  document_number: { label: say('verifications.document_number'), max: 60 },
  read_name: { label: say('verifications.read_name'), max: 200 },
  read_date_of_birth: { label: say('verifications.read_date_of_birth'), max: 10 },
  expires_on: { label: say('verifications.expires_on'), max: 10 },
};

/** A date of birth as YYYY-MM-DD, whatever the driver answers (a Date at UTC midnight or a string). */
const isoDate = (value: Date | string) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

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
    const rows = await pendingSubmissions(db);
    const done = c.req.query('done');
    const openLabel = say('verifications.open');
    return page(c, {
      title: say('verifications.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      notice:
        done === 'verified'
          ? say('verifications.approved')
          : done === 'rejected'
            ? say('verifications.rejected')
            : undefined,
      body: rows.length
        ? table(
            say('verifications.caption'),
            [
              say('verifications.player'),
              say('verifications.type'),
              say('verifications.sides'),
              say('verifications.submitted'),
              say('verifications.open'),
            ],
            rows.map(
              (row) =>
                html`<tr>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td>${say(`verifications.type_${row.document_type}`)}</td>
<td>${(row.sides ?? []).map((side) => say(`verifications.side_${side}`)).join(', ')}</td>
<td>${when(row.submitted_at)}</td>
<td><a href="/operator/verifications/${row.id}">${openLabel}${visuallyHidden(` ${row.username}`)}</a></td>
</tr>`,
            ),
          )
        : html`<p>${say('verifications.empty')}</p>`,
    });
  });

  /** The review page; a refused approval comes back with what was typed and its problems (400). */
  const reviewPage = async (
    c: Context<OperatorEnv>,
    id: string,
    approval: { typed?: ReadingFields; problems?: ReadingProblem[] } = {},
  ) => {
    const row = await submissionById(db, id);
    if (!row) throw new ConsoleError(404, say('errors.not_found'));
    const mimes = await documentTypes(db, id);
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const documents = mimes.map(({ side, mime }) => {
      const src = `/operator/verifications/${id}/documents/${side}`;
      const sideName = say(`verifications.side_${side}`);
      const label = say('verifications.document', { side: sideName });
      return html`<figure class="document">
${mime === 'application/pdf' ? '' : html`<img src="${src}" alt="${label}">`}
<figcaption><a href="${src}">${say('verifications.open_document', { side: sideName })}</a></figcaption>
</figure>`;
    });
    const decide =
      may(staff, 'verifications.decide') && row.status === 'pending'
        ? html`<div class="decide">
${approveForm(id, csrf!, approval.typed, approval.problems)}
<form method="post" action="/operator/verifications/${id}/reject" class="stack">${csrfField(csrf)}
<label for="reason_code">${say('verifications.reason')}</label>
<select id="reason_code" name="reason_code">${REJECTION_CODES.map(
            (code) => html`<option value="${code}">${say(`verifications.code_${code}`)}</option>`,
          )}</select>
<label for="reason">${say('verifications.note')}</label>
<textarea id="reason" name="reason" maxlength="500" rows="3" aria-describedby="reason-hint"></textarea>
<p id="reason-hint" class="muted">${say('verifications.note_hint')}</p>
<button type="submit">${say('verifications.reject')}</button></form>
</div>`
        : '';
    const fullName = `${row.first_name} ${row.last_name}`.trim();
    const birthDate = row.date_of_birth ? isoDate(row.date_of_birth) : undefined;
    const notGiven = say('verifications.not_given');
    return page(c, {
      title: say('verifications.review_title'),
      staff,
      csrf,
      status: approval.problems?.length ? 400 : 200,
      body: html`${problemList(approval.problems ?? [])}<dl class="facts">
<dt>${say('verifications.player')}</dt><dd>${playerLink(row.user_id, row.username, row.email)}</dd>
<dt>${say('verifications.name')}</dt><dd data-name>${fullName || notGiven}</dd>
<dt>${say('verifications.date_of_birth')}</dt><dd data-date-of-birth>${birthDate ?? notGiven}</dd>
<dt>${say('verifications.account_age')}</dt><dd data-account-age>${say('withdrawals.days', {
        days: Math.floor((services.clock().getTime() - new Date(row.date_joined).getTime()) / 86_400_000),
      })}</dd>
<dt>${say('verifications.type')}</dt><dd>${say(`verifications.type_${row.document_type}`)}</dd>
<dt>${say('verifications.submitted')}</dt><dd>${when(row.submitted_at)}</dd>
<dt>${say('verifications.status')}</dt><dd>${say(`status.${row.status}`)}${
        row.reason_code
          ? html` (${say(`verifications.code_${row.reason_code}`)}${row.reason ? `: ${row.reason}` : ''})`
          : row.reason
            ? html` (${row.reason})`
            : ''
      }</dd>
${readingFacts(row)}
</dl>
${documents}
${decide}`,
    });
  };

  app.get('/operator/verifications/:id', (c) => reviewPage(c, verificationId(c.req.param('id'))));

  app.get('/operator/verifications/:id/documents/:side', async (c) => {
    const id = verificationId(c.req.param('id'));
    const side = c.req.param('side');
    if (!SIDES.includes(side as never)) throw new ConsoleError(404, say('errors.not_found'));
    const doc = await documentForStaff(services, c.get('staff').id, id, side);
    if (!doc) throw new ConsoleError(404, say('errors.not_found'));
    return playerFileResponse(c, doc, side);
  });

  app.post('/operator/verifications/:id/approve', async (c) => {
    const id = verificationId(c.req.param('id'));
    const typed = await readForm(c, READING_RULES);
    const checked = checkReading(typed, services.clock().toISOString().slice(0, 10));
    if (!('reading' in checked)) return reviewPage(c, id, { typed, problems: checked.problems });
    const player = await decideVerification(services, {
      id,
      staffId: c.get('staff').id,
      approve: true,
      reading: checked.reading,
      code: null,
      note: null,
    });
    if (!player) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(verificationDecisionMail(player, true, undefined, services.config.mail.supportEmail));
    return c.redirect('/operator/verifications?done=verified', 303);
  });

  app.post('/operator/verifications/:id/reject', async (c) => {
    const id = verificationId(c.req.param('id'));
    const form = await readForm(c, {
      reason_code: { label: say('verifications.reason'), max: 20, required: true },
      reason: { label: say('verifications.note'), max: 500, multiline: true },
    });
    const code = REJECTION_CODES.find((known) => known === form.reason_code);
    if (!code) throw new ConsoleError(400, say('verifications.code_invalid'));
    if (code === 'other' && !form.reason)
      throw new ConsoleError(400, say('errors.required', { field: say('verifications.note') }));
    const note = form.reason || null;
    const player = await decideVerification(services, {
      id,
      staffId: c.get('staff').id,
      approve: false,
      code,
      note,
    });
    if (!player) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(
      verificationDecisionMail(
        player,
        false,
        rejectionText(player.locale, code, note),
        services.config.mail.supportEmail,
      ),
    );
    return c.redirect('/operator/verifications?done=rejected', 303);
  });

  return app;
}
