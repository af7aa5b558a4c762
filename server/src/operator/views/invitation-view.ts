import { ROLES } from '../permissions.ts';
import { INVITATION_HOURS, type OpenInvitation } from '../staff-invitation-model.ts';
import { say } from './messages.ts';
import { buttonForm, csrfField, html, option, problemList, table, when } from './view.ts';

/** Every role as a select's options, `current` chosen. */
export const roleOptions = (current: string) => ROLES.map((role) => option(role, say(`layout.role_${role}`), current));

/** The staff page's invitation form and its open invitations (each can be withdrawn). */
export function invitationSection(invitations: OpenInvitation[], csrf: string) {
  return html`<section aria-labelledby="invite-title"><h2 id="invite-title">${say('invitations.section')}</h2>
<p class="muted">${say('invitations.invite_intro', { hours: INVITATION_HOURS })}</p>
<form method="post" action="/operator/staff/invitations" class="stack" data-invite>${csrfField(csrf)}
<label for="invite-email">${say('invitations.email')}</label>
<input id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off">
<label for="invite-role">${say('invitations.role')}</label>
<select id="invite-role" name="role">${roleOptions('support')}</select>
<button type="submit">${say('invitations.send')}</button>
</form>
${
  invitations.length
    ? table(
        say('invitations.open_caption'),
        [
          say('invitations.email'),
          say('invitations.role'),
          say('invitations.invited_by'),
          say('invitations.expires'),
          '',
        ],
        invitations.map(
          (row) => html`<tr data-invitation="${row.id}"><td>${row.email}</td><td>${say(`layout.role_${row.role}`)}</td>
<td>${row.invited_by_email}</td><td>${when(row.expires_at)}</td>
<td>${buttonForm(`/operator/staff/invitations/${row.id}/revoke`, csrf, say('invitations.revoke'))}</td></tr>`,
        ),
      )
    : html`<p class="muted">${say('invitations.none')}</p>`
}</section>`;
}

/**
 * The invitee's page: their password twice. The token is in the link's fragment, which the browser
 * never sends; the page's script (a file, as the CSP wants) copies it into the form and takes it
 * out of the address bar.
 */
export function acceptForm(csrf: string, problems: { field: string; message: string }[] = [], token = '') {
  return html`<p>${say('invitations.intro')}</p>${problemList(problems)}
<p class="error" data-no-token hidden>${say('invitations.no_token')}</p>
<form method="post" action="/operator/invitation" class="stack" data-accept-invitation>
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="token" value="${token}">
<label for="new_password">${say('password.new')}</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required>
<label for="confirm_password">${say('password.confirm')}</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required>
<button type="submit">${say('invitations.submit')}</button>
</form>`;
}
