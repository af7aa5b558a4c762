import type { Database, Queryable } from '../db/database.ts';

/** A notification as stored: its template and parameters are turned into text in the reader's language. */
export interface NotificationRow {
  id: number;
  template: string;
  params: Record<string, string>;
  created_at: Date;
  read: boolean;
}

/** Marks every notification read for the player: their own ones, and every broadcast so far. */
export async function markAllNotificationsRead(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read', [userId]);
    await tx.query(
      `INSERT INTO notification_reads (user_id, notification_id)
       SELECT $1, id FROM notifications WHERE user_id IS NULL ON CONFLICT DO NOTHING`,
      [userId],
    );
  });
}

/** The player's own notifications, newest first. */
export function ownNotifications(db: Queryable, userId: number): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `SELECT id, template, params, created_at, read
      FROM notifications
      WHERE user_id = $1
      ORDER BY created_at DESC, id DESC`,
    [userId],
  );
}

/** The broadcasts (news) the player may see now, newest first, each with whether the player read it. */
export function broadcastNotifications(db: Queryable, userId: number, now: Date): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `SELECT n.id, n.template, n.params, COALESCE(n.publish_at, n.created_at) AS created_at, (r.user_id IS NOT NULL) AS
      read FROM notifications n
     LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $1
     WHERE n.user_id IS NULL -- no offers to a self-excluded player
       AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = $1 AND u.self_excluded_until IS NOT NULL)
       -- news staff unpublished, or scheduled for later, is not shown (operator console)
       AND n.unpublished_at IS NULL AND (n.publish_at IS NULL OR n.publish_at <= $2::timestamptz)
     ORDER BY COALESCE(n.publish_at, n.created_at) DESC, n.id DESC`,
    [userId, now.toISOString()],
  );
}

/** Deletes one of the player's own notifications; false for a broadcast, someone else's, or none. */
export async function deleteOwnNotification(db: Queryable, userId: number, id: number): Promise<boolean> {
  const deleted = await db.query('DELETE FROM notifications WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return deleted.length > 0;
}
