import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { WalletRefusal } from './refusal.ts';

/** What a call answers per action, and what a repeat of it answers again. */
export interface ProcessedAction {
  action_id: string;
  tx_id: string;
  processed_at: string;
}

export interface ActionClaim {
  providerId: string;
  userId: number;
  roundId: string;
  gameId: string;
  kind: 'bet' | 'win' | 'rollback';
  actionId: string;
  /** Decimal string; 0.00 for a rollback. */
  amount: string;
  originalActionId: string | null;
  now: Date;
}

export type Claimed =
  { fresh: true; processed: ProcessedAction } | { fresh: false; processed: ProcessedAction; balance: string };

/**
 * Claims an action_id for its provider: the INSERT either records the action (first delivery: the
 * caller then moves the money, in the same transaction) or finds it (a repeat: on PostgreSQL a
 * concurrent repeat waits for the first to commit). A repeat with the same content answers the
 * stored result; other content is `duplicate_mismatch`. A bet whose id an earlier rollback named is
 * not recorded: `rolled_back`.
 */
export async function claimAction(tx: Queryable, claim: ActionClaim): Promise<Claimed> {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([claim.kind, claim.userId, claim.gameId, claim.roundId, claim.amount, claim.originalActionId]),
    )
    .digest('hex');
  const [inserted] = await tx.query<{ tx_id: string }>(
    `INSERT INTO provider_actions (provider_id, action_id, kind, user_id, round_id, amount, original_action_id,
       request_hash, processed_at)
     SELECT $1, $2, $3, $4, $5, $6::numeric, $7, $8, $9
     WHERE $3 <> 'bet' OR NOT EXISTS (SELECT 1 FROM provider_actions r WHERE r.provider_id = $1
       AND r.original_action_id = $2 AND r.kind = 'rollback')
     ON CONFLICT (provider_id, action_id) DO NOTHING RETURNING tx_id::text`,
    [
      claim.providerId,
      claim.actionId,
      claim.kind,
      claim.userId,
      claim.roundId,
      claim.amount,
      claim.originalActionId,
      hash,
      claim.now.toISOString(),
    ],
  );
  if (inserted)
    return {
      fresh: true,
      processed: { action_id: claim.actionId, tx_id: inserted.tx_id, processed_at: claim.now.toISOString() },
    };
  const [stored] = await tx.query<{
    tx_id: string;
    request_hash: string;
    processed_at: Date | string;
    balance: string | null;
  }>(
    `SELECT tx_id::text, request_hash, processed_at, balance::text FROM provider_actions
     WHERE provider_id = $1 AND action_id = $2`,
    [claim.providerId, claim.actionId],
  );
  if (!stored) throw new WalletRefusal('rolled_back', 'A rollback of this bet arrived before it.', claim.userId);
  if (stored.request_hash !== hash)
    throw new WalletRefusal('duplicate_mismatch', 'This action_id was used for another action.', claim.userId);
  return {
    fresh: false,
    processed: {
      action_id: claim.actionId,
      tx_id: stored.tx_id,
      processed_at: new Date(stored.processed_at).toISOString(),
    },
    balance: stored.balance ?? '0.00',
  };
}

/** Stores the balance the call answers on its new actions, for their replay. */
export async function recordAnswerBalance(tx: Queryable, providerId: string, actionIds: string[], balance: string) {
  if (!actionIds.length) return;
  await tx.query(
    'UPDATE provider_actions SET balance = $3::numeric WHERE provider_id = $1 AND action_id = ANY($2::text[])',
    [providerId, actionIds, balance],
  );
}

/** The action a rollback names, as recorded. */
export async function betOf(tx: Queryable, providerId: string, actionId: string) {
  const [row] = await tx.query<{
    kind: string;
    amount: string;
    round_id: string;
    user_id: number;
    rolled_back_by: string | null;
  }>(
    `SELECT kind, amount::text, round_id, user_id, rolled_back_by FROM provider_actions
     WHERE provider_id = $1 AND action_id = $2`,
    [providerId, actionId],
  );
  return row;
}
