import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { batches, csvResponse, utcText } from '../views/csv.ts';
import { ledgerAfter, type LedgerExportRow, type LedgerKey } from '../services/ledger-export.ts';
import { say } from '../views/messages.ts';
import { readDayRange } from './paging.ts';
import type { OperatorEnv } from '../operator-env.ts';

/** Rows a batch reads: large enough that a million rows are a thousand short queries, small enough to stay a few MB. */
const LEDGER_BATCH = 2000;

export const LEDGER_CSV_HEADER = [
  'id',
  'time_utc',
  'player_id',
  'currency',
  'account',
  'amount',
  'history_id',
  'type',
  'status',
];

/** The whole ledger of any range of UTC days (`from`/`to`, both included, either open), streamed oldest first. */
export function ledgerCsvRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();
  app.get('/operator/ledger.csv', (c) => {
    const days = readDayRange(c, { from: say('ledger.from'), to: say('ledger.to') });
    const rows = batches<LedgerExportRow, LedgerKey>(
      (after, size) => ledgerAfter(services.db, { from: days.start, to: days.end }, after, size),
      (row) => [row.at_key, row.id],
      (row) => [
        row.id,
        utcText(row.created_at),
        row.user_id,
        row.currency,
        row.account,
        row.amount,
        row.transaction_id ?? '',
        row.type ?? '',
        row.status ?? '',
      ],
      LEDGER_BATCH,
    );
    return csvResponse(c, `ledger-${days.from || 'start'}-${days.to || 'now'}.csv`, LEDGER_CSV_HEADER, rows);
  });
  return app;
}
