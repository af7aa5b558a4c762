import type { Money } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';

export type Account = 'cash' | 'bonus';
const COLUMN: Record<Account, string> = { cash: 'balance', bonus: 'bonus_balance' };

/**
 * Adds a positive amount to one of a player's accounts and writes its ledger row, in the
 * caller's transaction. Answers the new balance.
 */
export async function credit(
  tx: Queryable,
  userId: number,
  account: Account,
  amount: Money,
  transactionId: number | null,
  now: Date,
): Promise<Money> {
  const column = COLUMN[account];
  const [row] = await tx.query<{ balance: string }>(
    `UPDATE users SET ${column} = ${column} + $2::numeric WHERE id = $1 RETURNING ${column}::text AS balance`,
    [userId, amount],
  );
  if (!row) throw new Error(`No user ${userId}`);
  await tx.query(
    'INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, $2, $3::numeric, $4, $5)',
    [userId, account, amount, transactionId, now.toISOString()],
  );
  return row.balance;
}

/**
 * Takes a positive amount from an account only if the balance covers it: one conditional UPDATE,
 * so concurrent debits on PostgreSQL queue on the row lock and none can overdraw. Answers the new
 * balance, or undefined (and changes nothing) when funds are insufficient. The caller writes the
 * ledger row with `recordDebit` once it knows the history item's id.
 */
export async function debit(
  tx: Queryable,
  userId: number,
  account: Account,
  amount: Money,
): Promise<Money | undefined> {
  const column = COLUMN[account];
  const [row] = await tx.query<{ balance: string }>(
    `UPDATE users
      SET ${column} = ${column} - $2::numeric
      WHERE id = $1 AND ${column} >= $2::numeric
      RETURNING ${column}::text AS balance`,
    [userId, amount],
  );
  return row?.balance;
}

export async function recordDebit(
  tx: Queryable,
  userId: number,
  account: Account,
  amount: Money,
  transactionId: number,
  now: Date,
) {
  await tx.query(
    'INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, $2, -($3::numeric), $4, $5)',
    [userId, account, amount, transactionId, now.toISOString()],
  );
}

/** Players whose balance differs from the sum of their ledger: must always be empty. */
export async function ledgerMismatches(db: Queryable): Promise<{ id: number; account: Account }[]> {
  return db.query(`
    SELECT u.id, a.account FROM users u CROSS JOIN (VALUES ('cash'), ('bonus')) AS a(account)
    WHERE CASE a.account WHEN 'cash' THEN u.balance ELSE u.bonus_balance END
      <> COALESCE((SELECT sum(l.amount) FROM ledger l WHERE l.user_id = u.id AND l.account = a.account), 0)`);
}
