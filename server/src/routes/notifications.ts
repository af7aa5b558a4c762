import { Hono } from 'hono';
import { API_PATHS, type Notification, type SetReadResponse } from '../../../src/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { detailError, fieldError } from '../errors.ts';
import { notificationText } from '../services/texts.ts';

interface Row {
  id: number;
  template: string;
  params: Record<string, string>;
  created_at: Date;
  read: boolean;
}

/** Broadcast and personal notifications: list, mark read, delete. */
export function notificationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use(API_PATHS.notifications, requireUser(services));

  app.get(API_PATHS.notifications, async (c) => {
    const userId = c.get('userId');
    const mode = c.req.query('mode');
    if (mode === 'set_read') {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read', [userId]);
        await tx.query(
          `INSERT INTO notification_reads (user_id, notification_id)
           SELECT $1, id FROM notifications WHERE user_id IS NULL ON CONFLICT DO NOTHING`,
          [userId],
        );
      });
      return c.json<SetReadResponse>({ unread_count: 0 });
    }
    if (mode !== 'mass' && mode !== 'own') throw fieldError('mode', 'choice_invalid');
    const rows =
      mode === 'own'
        ? await db.query<Row>('SELECT id, template, params, created_at, read FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [userId])
        : await db.query<Row>(
            `SELECT n.id, n.template, n.params, COALESCE(n.publish_at, n.created_at) AS created_at, (r.user_id IS NOT NULL) AS read FROM notifications n
             LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $1
             WHERE n.user_id IS NULL -- no offers to a self-excluded player
               AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND u.self_excluded_until IS NOT NULL)
               -- news staff unpublished, or scheduled for later, is not shown (operator console)
               AND n.unpublished_at IS NULL AND (n.publish_at IS NULL OR n.publish_at <= $2::timestamptz)
             ORDER BY COALESCE(n.publish_at, n.created_at) DESC, n.id DESC`,
            [userId, services.clock().toISOString()],
          );
    const locale = c.get('locale');
    return c.json<Notification[]>(
      rows.map((row) => ({ id: row.id, ...notificationText(locale, row.template, row.params), created_at: new Date(row.created_at).toISOString(), read: row.read })),
    );
  });

  app.delete(API_PATHS.notifications, async (c) => {
    const id = c.req.query('id') ?? '';
    if (!/^\d{1,9}$/.test(id)) throw fieldError('id', 'number_invalid', { min: 1, max: 999_999_999 });
    // Only the player's own: a broadcast or someone else's notification is "not found" to them.
    const deleted = await db.query('DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id', [Number(id), c.get('userId')]);
    if (!deleted.length) throw detailError(404, 'not_found');
    return c.body(null, 204);
  });

  return app;
}
