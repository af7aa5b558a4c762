import { Hono } from 'hono';
import { API_PATHS, type Notification, type SetReadResponse } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { detailError, fieldError } from '../http/errors.ts';
import {
  broadcastNotifications,
  deleteOwnNotification,
  markAllNotificationsRead,
  ownNotifications,
} from '../services/notifications.ts';
import { notificationText } from '../services/texts.ts';

/** Broadcast and personal notifications: list, mark read, delete. */
export function notificationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use(API_PATHS.notifications, requireUser(services));

  app.get(API_PATHS.notifications, async (c) => {
    const userId = c.get('userId');
    const mode = c.req.query('mode');
    if (mode === 'set_read') {
      await markAllNotificationsRead(db, userId);
      return c.json<SetReadResponse>({ unread_count: 0 });
    }
    if (mode !== 'mass' && mode !== 'own') throw fieldError('mode', 'choice_invalid');
    const rows =
      mode === 'own' ? await ownNotifications(db, userId) : await broadcastNotifications(db, userId, services.clock());
    const locale = c.get('locale');
    return c.json<Notification[]>(
      rows.map((row) => ({
        id: row.id,
        ...notificationText(locale, row.template, row.params),
        created_at: new Date(row.created_at).toISOString(),
        read: row.read,
      })),
    );
  });

  app.delete(API_PATHS.notifications, async (c) => {
    const id = c.req.query('id') ?? '';
    if (!/^\d{1,9}$/.test(id)) throw fieldError('id', 'number_invalid', { min: 1, max: 999_999_999 });
    // Only the player's own: a broadcast or someone else's notification is "not found" to them.
    if (!(await deleteOwnNotification(db, c.get('userId'), Number(id)))) throw detailError(404, 'not_found');
    return c.body(null, 204);
  });

  return app;
}
