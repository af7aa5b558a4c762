import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ConsoleError } from '../services/console-error.ts';
import { may, type Permission } from '../permissions.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { say } from '../views/messages.ts';

/**
 * The permission each console route needs, by `METHOD path` as the route is registered. A route
 * of a signed-in session missing here is refused (tests/api/operator-permissions.test.ts lists
 * the app's routes against this table, so a new route without a permission fails there first).
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'GET /operator': 'dashboard.view',
  'GET /operator/dashboard/daily.csv': 'reports.view',
  'GET /operator/dashboard/games.csv': 'reports.view',
  'GET /operator/reports': 'reports.view',
  'GET /operator/ledger.csv': 'exports.ledger',
  'GET /operator/audit': 'audit.view',
  'GET /operator/audit.csv': 'audit.view',

  'GET /operator/withdrawals': 'payments.view',
  'GET /operator/withdrawals.csv': 'payments.view',
  'POST /operator/withdrawals/bulk-approve': 'payments.decide',
  'POST /operator/withdrawals/bulk-reject': 'payments.decide',
  'POST /operator/withdrawals/:id/approve': 'payments.decide',
  'POST /operator/withdrawals/:id/reject': 'payments.decide',
  'POST /operator/withdrawals/:id/refund': 'payments.decide',
  'GET /operator/payments': 'payments.view',
  'GET /operator/payments.csv': 'payments.view',
  'POST /operator/payments/:pid/chargeback': 'payments.decide',
  'POST /operator/payments/:pid/refund': 'payments.decide',
  'POST /operator/players/:id/withdrawals/release': 'payments.decide',
  'POST /operator/players/:id/history/:tid/void': 'rounds.void',

  'GET /operator/verifications': 'verifications.view',
  'GET /operator/verifications/:id': 'verifications.view',
  'GET /operator/verifications/:id/documents/:side': 'verifications.view',
  'POST /operator/verifications/:id/approve': 'verifications.decide',
  'POST /operator/verifications/:id/reject': 'verifications.decide',

  'GET /operator/players': 'players.view',
  'GET /operator/players/:id': 'players.view',
  'GET /operator/players/:id/history.csv': 'players.view',
  'POST /operator/players/:id/notes': 'players.note',
  'POST /operator/players/:id/interactions': 'players.note',
  'POST /operator/players/:id/suspend': 'players.edit',
  'POST /operator/players/:id/reinstate': 'players.edit',
  'POST /operator/players/:id/close': 'players.edit',
  'POST /operator/players/:id/limits': 'players.edit',
  'POST /operator/players/:id/time-out': 'players.edit',
  'POST /operator/players/:id/sessions/end': 'players.edit',
  'POST /operator/players/:id/two-factor/remove': 'players.edit',
  'POST /operator/players/:id/email': 'players.edit',
  'POST /operator/players/:id/bonus': 'bonuses.grant',
  'POST /operator/players/:id/adjustments': 'adjustments.request',
  'GET /operator/adjustments': 'players.view',
  'POST /operator/adjustments/:aid/approve': 'adjustments.approve',
  'POST /operator/adjustments/:aid/decline': 'adjustments.approve',
  'POST /operator/players/:id/source-of-funds': 'risk.work',
  'POST /operator/players/:id/source-of-funds/review': 'risk.work',

  'GET /operator/players/:id/source-of-funds/documents/:document': 'risk.view',
  'GET /operator/risk/alerts': 'risk.view',
  'GET /operator/risk/alerts.csv': 'risk.view',
  'GET /operator/risk/alerts/:id': 'risk.view',
  'POST /operator/risk/alerts/:id/assign': 'risk.work',
  'POST /operator/risk/alerts/:id/notes': 'risk.work',
  'POST /operator/risk/alerts/:id/interactions': 'risk.work',
  'POST /operator/risk/alerts/:id/resolve': 'risk.work',
  'POST /operator/risk/alerts/:id/reopen': 'risk.work',

  'GET /operator/news': 'content.edit',
  'POST /operator/news/preview': 'content.edit',
  'POST /operator/news/publish': 'content.edit',
  'GET /operator/news/:id/edit': 'content.edit',
  'POST /operator/news/:id/edit': 'content.edit',
  'POST /operator/news/:id/unpublish': 'content.edit',

  'GET /operator/offers': 'offers.manage',
  'POST /operator/offers': 'offers.manage',
  'POST /operator/offers/cashback': 'offers.manage',
  'GET /operator/races': 'offers.manage',
  'POST /operator/races': 'offers.manage',

  'GET /operator/games': 'games.manage',
  'POST /operator/games': 'games.manage',
  'GET /operator/games/:id': 'games.manage',
  'POST /operator/games/:id/refresh': 'games.manage',
  'POST /operator/games/:id/enable': 'games.manage',
  'POST /operator/games/:id/disable': 'games.manage',
  'POST /operator/games/:id/rotate-secret': 'games.manage',
  'POST /operator/games/:id/retire-secret': 'games.manage',
  'POST /operator/games/:id/game': 'games.manage',

  'GET /operator/staff': 'staff.manage',
  'POST /operator/staff/invitations': 'staff.manage',
  'POST /operator/staff/invitations/:id/revoke': 'staff.manage',
  'POST /operator/staff/:id/disable': 'staff.manage',
  'POST /operator/staff/:id/enable': 'staff.manage',
  'POST /operator/staff/:id/role': 'staff.manage',
  'POST /operator/staff/:id/reset-password': 'staff.manage',
  'POST /operator/staff/:id/reset-two-factor': 'staff.manage',
};

/**
 * The request's own route (not a middleware's `/operator/*`): the first matched handler registered
 * for a method. None matched means the console's not-found page answers.
 */
function routeKey(c: Parameters<MiddlewareHandler<OperatorEnv>>[0]): string | undefined {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path.startsWith('/operator'));
  return route && `${route.method} ${route.path}`;
}

/** After the session: 403 unless the staff member's role holds the route's permission. */
export const requirePermission: MiddlewareHandler<OperatorEnv> = async (c, next) => {
  const key = routeKey(c);
  if (key === undefined) return next();
  const permission = ROUTE_PERMISSIONS[key];
  const staff = c.get('staff');
  if (!permission || !may(staff, permission)) throw new ConsoleError(403, say(`errors.forbidden_${staff.role}`));
  await next();
};
