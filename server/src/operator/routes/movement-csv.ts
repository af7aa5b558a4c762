import type { WithdrawalRow } from '../services/withdrawal-list.ts';
import { methodName } from './player-status.ts';

/**
 * The columns the payments and the withdrawals CSV files share, in the same order in both: the
 * status, the player, the amount in its currency and the method, so a spreadsheet reads them alike.
 */
export const MOVEMENT_CSV_HEADER = ['status', 'player_id', 'username', 'email', 'amount', 'currency', 'method'];

export const movementCsvCells = (
  row: Pick<WithdrawalRow, 'user_id' | 'username' | 'email' | 'amount' | 'currency' | 'method'> & { status: string },
) => [row.status, row.user_id, row.username, row.email, row.amount, row.currency, methodName(row.method)];
