import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { csvTextResponse } from '../views/csv.ts';
import { auditedLedgerExport, LEDGER_CSV_HEADER } from '../services/ledger-export.ts';
import { say } from '../views/messages.ts';
import { readDayRange } from './paging.ts';
import type { OperatorEnv } from '../operator-env.ts';

/** Rows a batch reads: a million rows are 200 short queries, and a batch is about half a megabyte of text. */
const LEDGER_BATCH = 5000;

/**
 * The whole ledger of any range of UTC days (`from`/`to`, both included, either open), streamed
 * oldest first; `exports.ledger` only, and audited.
 */
export function ledgerCsvRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();
  app.get('/operator/ledger.csv', async (c) => {
    const days = readDayRange(c, { from: say('ledger.from'), to: say('ledger.to') });
    const chunks = await auditedLedgerExport(services, c.get('staff').id, days, LEDGER_BATCH);
    return csvTextResponse(c, `ledger-${days.from || 'start'}-${days.to || 'now'}.csv`, LEDGER_CSV_HEADER, chunks);
  });
  return app;
}
