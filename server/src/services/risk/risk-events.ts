import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { recordDocumentUpload } from './risk-document-events.ts';
import { recordDeposit, recordStake, recordWithdrawal } from './risk-money-events.ts';
import { recordNetDeposit } from './risk-net-deposits.ts';

/** What the risk rules hear about, each recorded where the server records the event itself. */
export type RiskEvent =
  | { kind: 'deposit'; rules: RiskConfig; userId: number; paymentId: string; amount: string; now: Date }
  | { kind: 'withdrawal'; rules: RiskConfig; userId: number; withdrawalId: number; amount: string; now: Date }
  | { kind: 'stake'; userId: number; stake: string; balance: string; now: Date }
  | { kind: 'document'; userId: number; verificationId: string; sha256: string[]; now: Date };

/**
 * Evaluates the rules an event concerns, in the caller's transaction (so an event and its alert
 * commit together): one statement for the player's state, one more per alert raised. Never a scan
 * of the ledger (docs/risk.md).
 */
export async function recordRiskEvent(tx: Queryable, event: RiskEvent): Promise<void> {
  switch (event.kind) {
    case 'deposit':
      await recordDeposit(tx, event.rules, event);
      if (event.rules.netDeposits)
        await recordNetDeposit(tx, event.rules.netDeposits, { ...event, ref: `payment:${event.paymentId}` });
      return;
    case 'withdrawal':
      await recordWithdrawal(tx, event.rules, event);
      if (event.rules.netDeposits)
        await recordNetDeposit(tx, event.rules.netDeposits, {
          ...event,
          ref: `withdrawal:${event.withdrawalId}`,
          amount: `-${event.amount}`,
        });
      return;
    case 'stake':
      return recordStake(tx, event);
    case 'document':
      return recordDocumentUpload(tx, event);
  }
}
