import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { may, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../../server/src/operator/permissions.ts';
import { isOpenConsolePath } from '../../server/src/operator/routes/operator-routes.ts';
import { ROUTE_PERMISSIONS } from '../../server/src/operator/routes/route-permissions.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-06-01T09:00:00Z'));
const ctx = useTestApi({}, { clock });

/** Every console route of the running app (method and path as registered), open ones apart. */
function consoleRoutes(): string[] {
  const keys = ctx.api.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/operator') && !isOpenConsolePath(route.path))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

describe('every console route needs a permission', () => {
  it('the app has console routes, each in the permission table, and the table names no route that is gone', () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(70);
    const unlisted = routes.filter((key) => !(key in ROUTE_PERMISSIONS));
    expect(unlisted, 'routes with no permission: add them to route-permissions.ts').toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !routes.includes(key))).toEqual([]);
    // Every permission is needed somewhere, and each names a real one.
    expect(new Set(Object.values(ROUTE_PERMISSIONS))).toEqual(new Set(PERMISSIONS));
  });

  it('lists each route with the permission it needs and the roles that hold it', () => {
    const list = Object.entries(ROUTE_PERMISSIONS).map(
      ([route, permission]) =>
        `${route} → ${permission} (${ROLES.filter((role) => may({ role }, permission)).join(', ')})`,
    );
    for (const line of list) expect(line).toMatch(/^(GET|POST) \/operator\S* → [a-z]+\.[a-z]+ \(admin(, \w+)*\)$/);
    // The spot checks the roles table promises.
    expect(ROUTE_PERMISSIONS['GET /operator/ledger.csv']).toBe('exports.ledger');
    expect(ROUTE_PERMISSIONS['POST /operator/staff/invitations']).toBe('staff.manage');
    expect(ROUTE_PERMISSIONS['POST /operator/risk/alerts/:id/resolve']).toBe('risk.work');
  });

  it('admin holds every permission; each other role a strict subset; only admin manages staff', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(ROLE_PERMISSIONS[role].length).toBeLessThan(PERMISSIONS.length);
      expect(may({ role }, 'staff.manage')).toBe(false);
    }
    expect(ROLES.filter((role) => may({ role }, 'exports.ledger'))).toEqual(['admin', 'payments']);
    expect(ROLES.filter((role) => may({ role }, 'risk.work'))).toEqual(['admin', 'risk']);
    // An unknown role (a row the check constraint would refuse) may do nothing.
    expect(may({ role: 'owner' as 'admin' }, 'dashboard.view')).toBe(false);
  });
});

describe('the console refuses what a role does not hold', () => {
  it('payments sees the queues but neither works risk alerts nor manages staff', async () => {
    const payments = await staffMember(ctx.api, 'payments');
    expect((await payments.client.get('/operator/withdrawals')).status).toBe(200);
    expect((await payments.client.get('/operator/risk/alerts')).status).toBe(200);
    const staff = await payments.client.get('/operator/staff');
    expect(staff.status).toBe(403);
    expect(staff.text).toContain('Your role (payments) may look, write notes, decide payments and export the ledger');
    await payments.client.get('/operator');
    const resolve = await payments.client.post('/operator/risk/alerts/1/resolve', { outcome: 'no_action', note: 'x' });
    expect(resolve.status).toBe(403);
    // The navigation offers only what the role may open.
    const home = await payments.client.get('/operator');
    expect(home.text).toContain('href="/operator/withdrawals"');
    expect(home.text).not.toContain('href="/operator/staff"');
    expect(home.text).not.toContain('href="/operator/news"');
  });

  it('content edits the news only; marketing manages offers and reads reports, not players', async () => {
    const content = await staffMember(ctx.api, 'content');
    expect((await content.client.get('/operator/news')).status).toBe(200);
    expect((await content.client.get('/operator/players')).status).toBe(403);
    expect((await content.client.get('/operator/offers')).status).toBe(403);
    const marketing = await staffMember(ctx.api, 'marketing');
    expect((await marketing.client.get('/operator/offers')).status).toBe(200);
    expect((await marketing.client.get('/operator/reports')).status).toBe(200);
    expect((await marketing.client.get('/operator/players')).status).toBe(403);
    expect((await marketing.client.get('/operator/ledger.csv')).status).toBe(403);
  });

  it('support and risk keep what they had: look and notes; risk works alerts; neither edits the news', async () => {
    const support = await staffMember(ctx.api, 'support');
    expect((await support.client.get('/operator/players')).status).toBe(200);
    expect((await support.client.get('/operator/news')).status).toBe(403);
    const risk = await staffMember(ctx.api, 'risk');
    expect((await risk.client.get('/operator/news')).status).toBe(403);
    expect((await risk.client.get('/operator/risk/alerts')).status).toBe(200);
  });
});

describe('the ledger export', () => {
  it('needs exports.ledger (admin, payments) and writes an audit row with the range and who', async () => {
    const support = await staffMember(ctx.api, 'support');
    const refused = await support.client.get('/operator/ledger.csv?from=2026-05-01&to=2026-05-31');
    expect(refused.status).toBe(403);
    const payments = await staffMember(ctx.api, 'payments');
    const sent = await payments.client.get('/operator/ledger.csv?from=2026-05-01&to=2026-05-31');
    expect(sent.status).toBe(200);
    expect(sent.text.split('\n')[0]).toMatch(/^id,time_utc,/);
    const rows = await ctx.api.db.query<{
      staff_id: number;
      target_id: string;
      after: object;
      created_at: Date | string;
    }>("SELECT staff_id, target_id, after, created_at FROM staff_audit WHERE action = 'ledger.export' ORDER BY id");
    expect(rows.map((row) => [row.staff_id, row.target_id, row.after])).toEqual([
      [payments.id, '2026-05-01..2026-05-31', { from: '2026-05-01', to: '2026-05-31' }],
    ]);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(clock().toISOString());
    // A bad day is refused before anything is audited.
    expect((await payments.client.get('/operator/ledger.csv?from=2026-13-01')).status).toBe(400);
    const open = await payments.client.get('/operator/ledger.csv');
    expect(open.status).toBe(200);
    const last = await ctx.api.db.query<{ target_id: string; after: object }>(
      "SELECT target_id, after FROM staff_audit WHERE action = 'ledger.export' ORDER BY id DESC LIMIT 1",
    );
    expect(last).toEqual([{ target_id: 'start..now', after: { from: null, to: null } }]);
  });
});
