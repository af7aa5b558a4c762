import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { recordDocumentReading, type DocumentReadEvent } from './risk-document-reading.ts';
import { recordDocumentUpload } from './risk-document-events.ts';
import { recordDeclinedDeposit, recordLimitHit, recordLimitRaise } from './risk-harm-events.ts';
import { recordPaymentInstrument, recordSignInLinks, recordWithdrawalDestination } from './risk-link-events.ts';
import { recordDeposit, recordWithdrawal } from './risk-money-events.ts';
import { recordNetDeposit } from './risk-net-deposits.ts';
import { recordRound, type SettledRound } from './risk-play-events.ts';

/** What the risk rules hear about, each recorded where the server records the event itself. */
export type RiskEvent =
  | {
      kind: 'deposit';
      rules: RiskConfig;
      userId: number;
      paymentId: string;
      amount: string;
      /** The payment instrument's keyed hash, when the provider named one. */
      instrumentHash?: string;
      now: Date;
    }
  | { kind: 'deposit_declined'; rules: RiskConfig; userId: number; paymentId: string; now: Date }
  | {
      kind: 'withdrawal';
      rules: RiskConfig;
      userId: number;
      withdrawalId: number;
      amount: string;
      method: string;
      destination: string;
      now: Date;
    }
  | { kind: 'sign_in'; rules: RiskConfig; userId: number; deviceId?: string; network?: string; now: Date }
  | ({ kind: 'round'; rules: RiskConfig } & SettledRound)
  | { kind: 'limit_hit'; userId: number; limit: string; now: Date }
  | { kind: 'limit_raise'; rules: RiskConfig; userId: number; limit: string; now: Date }
  | { kind: 'document'; userId: number; verificationId: string; sha256: string[]; now: Date }
  | ({ kind: 'document_read' } & DocumentReadEvent);

/**
 * Evaluates the rules an event concerns, in the caller's transaction (so an event and its alert
 * commit together): one statement for the player's state, one more per alert raised. Never a scan
 * of the ledger (docs/risk.md).
 */
export async function recordRiskEvent(tx: Queryable, event: RiskEvent): Promise<void> {
  switch (event.kind) {
    case 'deposit':
      await recordDeposit(tx, event.rules, event);
      if (event.instrumentHash) await recordPaymentInstrument(tx, { ...event, instrumentHash: event.instrumentHash });
      if (event.rules.netDeposits)
        await recordNetDeposit(tx, event.rules.netDeposits, { ...event, ref: `payment:${event.paymentId}` });
      return;
    case 'deposit_declined':
      return recordDeclinedDeposit(tx, event.rules, event);
    case 'withdrawal':
      await recordWithdrawal(tx, event.rules, event);
      await recordWithdrawalDestination(tx, event);
      if (event.rules.netDeposits)
        await recordNetDeposit(tx, event.rules.netDeposits, {
          ...event,
          ref: `withdrawal:${event.withdrawalId}`,
          amount: `-${event.amount}`,
        });
      return;
    case 'round':
      return recordRound(tx, event.rules, event);
    case 'limit_hit':
      return recordLimitHit(tx, event);
    case 'limit_raise':
      return recordLimitRaise(tx, event.rules, event);
    case 'sign_in':
      return recordSignInLinks(tx, event.rules, event);
    case 'document':
      return recordDocumentUpload(tx, event);
    case 'document_read':
      return recordDocumentReading(tx, event);
  }
}
