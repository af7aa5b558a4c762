import type { Context } from 'hono';
import type { WalletRefusal, WalletRefusalCode } from '../services/wallet-api/refusal.ts';

/** The one table from a wallet refusal to its HTTP status (docs/provider-api.md "Refusals"). */
export const STATUS_OF_WALLET_REFUSAL = {
  bad_request: 400,
  bad_signature: 401,
  session_expired: 401,
  insufficient_funds: 402,
  player_blocked: 403,
  limit_reached: 403,
  too_fast: 403,
  unknown_game: 404,
  duplicate_mismatch: 409,
  rolled_back: 409,
} as const satisfies Record<WalletRefusalCode, number>;

/** `{error, message, balance}`: the balance in cents once the player is known, otherwise left out. */
export const walletRefusalAnswer = (c: Context, refusal: WalletRefusal) =>
  c.json(
    {
      error: refusal.code,
      message: refusal.message,
      ...(refusal.balance === undefined ? {} : { balance: Number(refusal.balance) }),
    },
    STATUS_OF_WALLET_REFUSAL[refusal.code],
  );
