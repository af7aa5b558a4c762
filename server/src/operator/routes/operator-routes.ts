import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every, except } from 'hono/combine';
import { setAnswerHeader } from '../../http/answer-headers.ts';
import type { Services } from '../../app-env.ts';
import { ConsoleRefusal, DomainError, STATUS_OF_REFUSAL } from '../../base/domain-errors.ts';
import { ApiError, apiErrorOf } from '../../http/errors.ts';
import { controlRoutes } from './control.ts';
import { providerControlRoutes } from './provider-control.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { auditRoutes } from './audit-log.ts';
import { dashboardRoutes } from './dashboard.ts';
import { gamesConsoleRoutes } from './games-console.ts';
import { newsRoutes } from './news.ts';
import { offersConsoleRoutes } from './offers-console.ts';
import { racesConsoleRoutes } from './races-console.ts';
import { paymentActionRoutes } from './payment-actions.ts';
import { playerActionRoutes } from './player-actions.ts';
import { waitingAdjustmentRoutes } from './waiting-adjustments.ts';
import { playerRoutes } from './players.ts';
import { reportRoutes } from './reports.ts';
import { ledgerCsvRoutes } from './ledger-csv.ts';
import { reportsPageRoutes } from './reports-page.ts';
import { riskAlertRoutes } from './risk-alerts.ts';
import { signInRoutes } from './sign-in.ts';
import { invitationRoutes } from './invitation.ts';
import { staffRoutes } from './staff.ts';
import { verificationRoutes } from './verifications.ts';
import { withdrawalQueueRoutes } from './withdrawal-queue.ts';
import { withdrawalRoutes } from './withdrawals.ts';
import { requirePermission } from './route-permissions.ts';
import {
  allowedAddresses,
  refusePlayerTokens,
  requireCsrf,
  requireSession,
  requireStage,
} from '../services/session.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { CONSOLE_CSP, errorPage } from '../views/view.ts';
import { withSharedStyles } from '../../http/shared-styles.ts';

const STYLESHEET = withSharedStyles(new URL('../views/console.css', import.meta.url));
/** The withdrawals queue's keys and select-all (a file, as the CSP allows no inline script). */
const QUEUE_SCRIPT = readFileSync(new URL('../views/withdrawal-queue-keys.js', import.meta.url), 'utf8');

/** Paths reachable before the console session is complete; every other /operator path needs it. */
const OPEN =
  /^\/operator\/(sign-in|sign-out|password|invitation|two-factor(\/setup)?|assets\/(console\.css|[a-z-]+\.js))$/;
const OPEN_CONTROL = /^\/operator\/control\/(staff|providers)$/;
/** Whether a path works without a signed-in session (so needs no permission either). */
export const isOpenConsolePath = (path: string) => OPEN.test(path) || OPEN_CONTROL.test(path);

/**
 * The operator console (docs/operators.md): server-rendered pages with plain forms, under
 * /operator only. Not linked from the site, never indexed, its own strict CSP, never cached.
 */
export function operatorRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.use('/operator/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) setAnswerHeader(c, 'Content-Security-Policy', CONSOLE_CSP);
    setAnswerHeader(c, 'X-Robots-Tag', 'noindex, nofollow');
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'no-store');
  });
  app.use('/operator/*', bodyLimit({ maxSize: 128 * 1024, onError: (c) => c.text('Too large', 413) }));
  app.use('/operator/*', allowedAddresses(services), refusePlayerTokens);
  // The add-staff command's endpoint: behind the address check, plus its own guard (the machine
  // itself, this process's control file, and its secret).
  app.route('/', controlRoutes(services));
  app.route('/', providerControlRoutes(services));

  app.get('/operator/assets/console.css', (c) =>
    c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/operator/assets/withdrawal-queue.js', (c) =>
    c.body(QUEUE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.route('/', signInRoutes(services));
  app.route('/', invitationRoutes(services));

  const session = requireSession(services);
  const active = requireStage('active');
  app.use(
    '/operator/*',
    except((c) => isOpenConsolePath(c.req.path), every(session, active, requireCsrf, requirePermission)),
  );

  // The queue's list (withdrawal-queue.ts) comes before withdrawals.ts, whose decisions it links to.
  for (const routes of [
    dashboardRoutes,
    withdrawalQueueRoutes,
    withdrawalRoutes,
    verificationRoutes,
    playerRoutes,
    playerActionRoutes,
    paymentActionRoutes,
    waitingAdjustmentRoutes,
    newsRoutes,
    offersConsoleRoutes,
    racesConsoleRoutes,
    auditRoutes,
    reportRoutes,
    ledgerCsvRoutes,
    reportsPageRoutes,
    staffRoutes,
    riskAlertRoutes,
    gamesConsoleRoutes,
  ])
    app.route('/', routes(services));
  app.all('/operator/*', (c) => errorPage(c, 404, say('errors.not_found')));

  app.onError((thrown, c) => {
    // A staff action refused (ActionRefused, WithdrawalRefused, StaffChangeRefused): its own message,
    // in the status of its refusal (STATUS_OF_REFUSAL, as for the API).
    if (thrown instanceof ConsoleRefusal)
      return errorPage(c, STATUS_OF_REFUSAL[thrown.refusal], say(thrown.key, thrown.params));
    // The console's own services refuse an unknown record with NotFound: the console's 404 page.
    if (thrown instanceof DomainError && thrown.refusal === 'not_found')
      return errorPage(c, 404, say('errors.not_found'));
    const error = thrown instanceof DomainError ? apiErrorOf(thrown) : thrown;
    if (error instanceof ConsoleError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return errorPage(c, error.status, error.message);
    }
    // Shared limits (sign-in attempts, the password queue) speak the API's language: show their message.
    if (error instanceof ApiError && (error.status === 429 || error.status === 503)) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return errorPage(c, 429, String(error.render('en').detail));
    }
    throw error;
  });

  return app;
}
