import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Services } from '../../app-env.ts';
import { ConsoleError } from '../services/console-error.ts';
import {
  clearConsoleCookie,
  sameSecret,
  SESSION_COOKIE,
  setConsoleCookie,
  SIGN_IN_COOKIE,
  STAGE_PATHS,
} from '../services/session.ts';
import { acceptInvitation } from '../services/staff-invitations.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { acceptForm } from '../views/invitation-view.ts';
import { say } from '../views/messages.ts';
import { page } from '../views/view.ts';
import { readForm } from './form.ts';

const SCRIPT = readFileSync(new URL('../views/invitation.js', import.meta.url), 'utf8');

/**
 * The invitee's page (`/operator/invitation`, before any session): their password, then the
 * sign-in's own two-factor enrolment. The form's token is a cookie of its own, as on the sign-in page.
 */
export function invitationRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.get('/operator/assets/invitation.js', (c) =>
    c.body(SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  const form = (c: Parameters<typeof page>[0], problems: { field: string; message: string }[] = [], token = '') => {
    const csrf = randomBytes(24).toString('base64url');
    setConsoleCookie(c, services, SIGN_IN_COOKIE, csrf);
    return page(c, {
      title: say('invitations.title'),
      status: problems.length ? 400 : 200,
      scripts: ['/operator/assets/invitation.js'],
      body: acceptForm(csrf, problems, token),
    });
  };

  app.get('/operator/invitation', (c) => form(c));

  app.post('/operator/invitation', async (c) => {
    const sent = await readForm(c, {
      csrf: { label: 'csrf', max: 100 },
      token: { label: 'token', max: 64 },
      new_password: { label: say('password.new'), max: 200, required: true },
      confirm_password: { label: say('password.confirm'), max: 200, required: true },
    });
    const expected = getCookie(c, SIGN_IN_COOKIE);
    if (!expected || !sameSecret(sent.csrf, expected)) throw new ConsoleError(403, say('errors.csrf'));
    const result = await acceptInvitation(services, {
      token: sent.token,
      password: sent.new_password,
      confirm: sent.confirm_password,
    });
    if ('problems' in result) return form(c, result.problems, sent.token);
    clearConsoleCookie(c, SIGN_IN_COOKIE);
    setConsoleCookie(c, services, SESSION_COOKIE, result.session);
    return c.redirect(STAGE_PATHS.enrol, 303);
  });

  return app;
}
