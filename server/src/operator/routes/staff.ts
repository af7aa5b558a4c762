import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { idParam, readForm } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv, Role } from '../operator-env.ts';
import {
  changeStaffRole,
  disableOrEnableStaff,
  listStaff,
  resetStaffCredentials,
  type StaffListRow,
} from '../services/staff-admin.ts';
import { staffInvitationMail, staffPasswordResetMail, staffTwoFactorResetMail } from '../views/staff-mail.ts';
import { ROLES } from '../services/staff.ts';
import { inviteStaff, openInvitations, revokeInvitation } from '../services/staff-invitations.ts';
import { invitationSection, roleOptions } from '../views/invitation-view.ts';
import { buttonForm, confirmBox, csrfField, html, page, table, when } from '../views/view.ts';

/**
 * Staff management (`/operator/staff`, `staff.manage`): invite, list, disable/enable, change role, reset
 * password or two-factor.
 */
export function staffRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  const render = async (c: Parameters<typeof page>[0], notice?: string) => {
    const rows = await listStaff(db);
    const invitations = await openInvitations(db, services.clock());
    const csrf = c.get('csrf');
    const me = c.get('staff');
    return page(c, {
      title: say('staff.title'),
      staff: me,
      csrf,
      notice,
      body: html`<p class="muted">${say('staff.intro')}</p>
${table(
  say('staff.caption'),
  [
    say('staff.email'),
    say('staff.role'),
    say('staff.state'),
    say('staff.last_sign_in'),
    say('staff.two_factor'),
    say('staff.actions'),
  ],
  rows.map(
    (row) =>
      html`<tr data-staff="${row.id}"><td>${row.email}${
        row.id === me.id ? html` <span class="muted">${say('staff.you')}</span>` : ''
      }</td>
<td>${say(`layout.role_${row.role}`)}</td>
<td data-state>${
        row.disabled_at
          ? say('staff.disabled_since', { when: when(row.disabled_at) })
          : row.must_change_password
            ? say('staff.must_change')
            : say('staff.active')
      }</td>
<td data-last-sign-in>${row.last_sign_in_at ? when(row.last_sign_in_at) : say('staff.never')}</td>
<td>${say(row.two_factor ? 'staff.two_factor_on' : 'staff.two_factor_off')}</td>
<td>${actions(row, csrf)}</td></tr>`,
  ),
)}
${invitationSection(invitations, csrf)}`,
    });
  };

  app.get('/operator/staff', (c) => {
    const done = c.req.query('done');
    if (done === 'revoked') return render(c, say('invitations.revoked'));
    return render(c, done && ['disabled', 'enabled', 'role'].includes(done) ? say(`staff.done_${done}`) : undefined);
  });

  app.post('/operator/staff/invitations', async (c) => {
    const form = await readForm(c, {
      email: { label: say('invitations.email'), max: 254, required: true },
      role: { label: say('invitations.role'), max: 10, required: true },
    });
    const admin = c.get('staff');
    const sent = await inviteStaff(services, form, admin.id);
    // The token goes after '#': the browser keeps it, no server or proxy log sees it.
    const link = `${services.config.apiUrl}/operator/invitation#${sent.token}`;
    const expires = sent.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
    const role = say(`layout.role_${sent.role}`);
    services.mailer.dispatch(staffInvitationMail(sent.email, { role, by: admin.email, link, expires }));
    return render(c, say('invitations.sent', { email: sent.email, role, expires }));
  });

  app.post('/operator/staff/invitations/:id/revoke', async (c) => {
    await readForm(c, {});
    await revokeInvitation(services, idParam(c.req.param('id')), c.get('staff').id);
    return c.redirect('/operator/staff?done=revoked', 303);
  });

  for (const disabled of [true, false]) {
    app.post(`/operator/staff/:id/${disabled ? 'disable' : 'enable'}`, async (c) => {
      await readForm(c, {});
      const id = idParam(c.req.param('id'));
      await disableOrEnableStaff(db, id, disabled, c.get('staff').id, services.clock);
      return c.redirect(`/operator/staff?done=${disabled ? 'disabled' : 'enabled'}`, 303);
    });
  }

  app.post('/operator/staff/:id/role', async (c) => {
    const { role } = await readForm(c, { role: { label: say('staff.role'), max: 10, required: true } });
    if (!ROLES.includes(role as Role)) throw new ConsoleError(400, say('staff.bad_role'));
    const id = idParam(c.req.param('id'));
    await changeStaffRole(db, id, role as Role, c.get('staff').id, services.clock);
    return c.redirect('/operator/staff?done=role', 303);
  });

  for (const [path, what] of [
    ['reset-password', { password: true, twoFactor: false }],
    ['reset-two-factor', { password: false, twoFactor: true }],
  ] as const) {
    app.post(`/operator/staff/:id/${path}`, async (c) => {
      const { confirm } = await readForm(c, { confirm: { label: say('staff.confirm'), max: 3 } });
      if (confirm !== 'yes') throw new ConsoleError(400, say('staff.confirm_required'));
      const id = idParam(c.req.param('id'));
      const admin = c.get('staff');
      const { password, email } = await resetStaffCredentials(db, id, what, admin.id, services.clock);
      // The new password goes to the staff member's mailbox only: the admin who reset it never sees it,
      // so resetting an account is no way into it.
      const signIn = `${services.config.apiUrl}/operator/sign-in`;
      services.mailer.dispatch(
        password
          ? staffPasswordResetMail(email, password, admin.email, signIn)
          : staffTwoFactorResetMail(email, admin.email, signIn),
      );
      return render(c, say(password ? 'staff.password_mailed' : 'staff.two_factor_reset', { email }));
    });
  }

  return app;
}

function actions(row: StaffListRow, csrf: string) {
  const toggle = row.disabled_at ? 'enable' : 'disable';
  const roleAction = `/operator/staff/${row.id}/role`;
  const makeRoles = html`<form method="post" action="${roleAction}" class="inline">${csrfField(csrf)}
<label for="role-${row.id}">${say('staff.role')}</label>
<select id="role-${row.id}" name="role">${roleOptions(row.role)}</select>
<button type="submit">${say('staff.change_role')}</button></form>`;
  return html`<div class="staff-actions">
${buttonForm(`/operator/staff/${row.id}/${toggle}`, csrf, say(`staff.${toggle}`))}
${makeRoles}
<form method="post" action="/operator/staff/${row.id}/reset-password" class="inline">${csrfField(csrf)}
${confirmBox(say('staff.confirm_for', { email: row.email }))}
<button type="submit">${say('staff.reset_password')}</button></form>
${
  row.two_factor
    ? html`<form method="post" action="/operator/staff/${row.id}/reset-two-factor" class="inline">${csrfField(csrf)}
${confirmBox(say('staff.confirm_for', { email: row.email }))}
<button type="submit">${say('staff.reset_two_factor')}</button></form>`
    : ''
}
</div>`;
}
