import type { Database, Queryable } from '../../db/database.ts';
import { audit } from './audit.ts';

/**
 * News for every player (broadcast notifications with the 'news' template), as staff write it in
 * the console (routes/news.ts): publish now or later, edit, unpublish. Each change commits with
 * its audit row.
 */

/** The texts of a news item by field (`title_en`, `body_de`, ...). */
export type NewsTexts = Record<string, string>;

export interface NewsItem {
  id: number;
  params: NewsTexts;
  publish_at: Date | string | null;
}

export interface NewsListRow {
  id: number;
  params: NewsTexts;
  created_at: Date;
  publish_at: Date | null;
  unpublished_at: Date | null;
  edited_at: Date | null;
}

/**
 * Publishes a news item, or schedules it when `at` is later than `now`; audited with the locales
 * that fall back to English. Answers its id.
 */
export async function publishNews(
  db: Database,
  staffId: number,
  news: { params: NewsTexts; fallbacks: string[]; at: Date | null },
  now: Date,
): Promise<number> {
  const { params, fallbacks, at } = news;
  const scheduled = at !== null && at.getTime() > now.getTime();
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO notifications (user_id, template, params, created_at, publish_at)
        VALUES (NULL, 'news', $1::jsonb, $2, $3)
        RETURNING id`,
      [JSON.stringify(params), now.toISOString(), scheduled ? at!.toISOString() : null],
    );
    await audit(tx, {
      staffId,
      action: scheduled ? 'news.schedule' : 'news.publish',
      targetType: 'notification',
      targetId: row!.id,
      before: null,
      after: { ...params, english_fallback: fallbacks, ...(scheduled ? { publish_at: at!.toISOString() } : {}) },
      at: now,
    });
    return row!.id;
  });
}

/**
 * Replaces an item's texts and publish time, audited before → after. False (nothing changed) when
 * it was unpublished meanwhile.
 */
export async function editNews(
  db: Database,
  staffId: number,
  item: NewsItem,
  change: { params: NewsTexts; publishAt: string | null },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `UPDATE notifications
        SET params = $2::jsonb, publish_at = $3, edited_at = $4
        WHERE id = $1 AND user_id IS NULL AND template = 'news' AND unpublished_at IS NULL
        RETURNING id`,
      [item.id, JSON.stringify(change.params), change.publishAt, now.toISOString()],
    );
    if (!row) return false;
    await audit(tx, {
      staffId,
      action: 'news.edit',
      targetType: 'notification',
      targetId: item.id,
      before: { ...item.params, publish_at: item.publish_at ? new Date(item.publish_at).toISOString() : null },
      after: { ...change.params, publish_at: change.publishAt },
      at: now,
    });
    return true;
  });
}

/** Takes an item off the players' lists, audited. False (nothing changed) when it was already unpublished. */
export async function unpublishNews(db: Database, staffId: number, itemId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `UPDATE notifications
        SET unpublished_at = $2
        WHERE id = $1 AND user_id IS NULL AND template = 'news' AND unpublished_at IS NULL
        RETURNING id`,
      [itemId, now.toISOString()],
    );
    if (!row) return false;
    await audit(tx, {
      staffId,
      action: 'news.unpublish',
      targetType: 'notification',
      targetId: itemId,
      before: { published: true },
      after: { published: false },
      at: now,
    });
    return true;
  });
}

/** One news item by id, whatever its state. */
export async function newsItemById(db: Queryable, id: number): Promise<NewsItem | undefined> {
  const [item] = await db.query<NewsItem>(
    "SELECT id, params, publish_at FROM notifications WHERE id = $1 AND user_id IS NULL AND template = 'news'",
    [id],
  );
  return item;
}

/** Every news item, newest first (the latest 200): published, scheduled or unpublished. */
export function allNews(db: Queryable): Promise<NewsListRow[]> {
  return db.query<NewsListRow>(
    `SELECT id, params, created_at, publish_at, unpublished_at, edited_at
      FROM notifications
      WHERE user_id IS NULL AND template = 'news'
      ORDER BY COALESCE(publish_at, created_at) DESC, id DESC
      LIMIT 200`,
  );
}
