/**
 * The wallet API's named refusals (docs/provider-api.md "Refusals"): a provider reads `error`, so
 * these codes are a contract. The one table from a code to an HTTP status is
 * `STATUS_OF_WALLET_REFUSAL` in http/wallet-errors.ts; services name only the code.
 */
export type WalletRefusalCode =
  | 'bad_signature'
  | 'bad_request'
  | 'session_expired'
  | 'insufficient_funds'
  | 'player_blocked'
  | 'limit_reached'
  | 'too_fast'
  | 'unknown_game'
  | 'duplicate_mismatch'
  | 'rolled_back';

export class WalletRefusal extends Error {
  readonly code: WalletRefusalCode;
  /** The player's balance in cents, once the player is known (filled in after the transaction rolled back). */
  balance?: bigint;
  /** The player whose balance the answer shows. */
  readonly userId?: number;

  constructor(code: WalletRefusalCode, message: string, userId?: number) {
    super(message);
    this.code = code;
    this.userId = userId;
  }
}
