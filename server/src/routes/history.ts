import { Hono } from 'hono';
import {
  API_PATHS,
  TRANSACTION_TYPES,
  type GameRoundCheck,
  type Paginated,
  type Transaction,
} from '#core/api/contract.ts';
import { isCalendarDate, type Problems } from '#core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { detailError, fieldErrors } from '../http/errors.ts';
import { countHistory, historyPage } from '../services/history.ts';
import { expirePayments } from '../services/payments.ts';
import { roundToVerify } from '../services/round-to-verify.ts';
import { describeTransaction } from '../services/texts.ts';
import { pageLink, wholeNumber } from '../http/query-params.ts';

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** The player's transactions, newest first, with DRF-style page links and filters. */
export function historyRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.get(API_PATHS.history, requireUser(services), async (c) => {
    const query = c.req.query();
    const problems: Problems = {};
    const type = query.type || undefined;
    if (type && !(TRANSACTION_TYPES as readonly string[]).includes(type)) problems.type = [{ key: 'choice_invalid' }];
    for (const field of ['date_from', 'date_to'] as const) {
      if (query[field] && !isCalendarDate(query[field])) problems[field] = [{ key: 'date_invalid' }];
    }
    if (
      !problems.date_from &&
      !problems.date_to &&
      query.date_from &&
      query.date_to &&
      query.date_from > query.date_to
    ) {
      problems.date_to = [{ key: 'date_range' }];
    }
    const page = wholeNumber(problems, 'page', query.page, 1, 999_999_999);
    const pageSize = wholeNumber(problems, 'page_size', query.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    if (Object.keys(problems).length) throw fieldErrors(problems);

    // Deposits left on the payment page past their deadline read as cancelled from now on.
    await expirePayments(db, { userId: c.get('userId') }, services.clock());
    const filter = { userId: c.get('userId'), type, dateFrom: query.date_from, dateTo: query.date_to };
    const count = await countHistory(db, filter);
    const pages = Math.max(1, Math.ceil(count / pageSize));
    if (page > pages) throw detailError(404, 'page_invalid');

    const rows = await historyPage(db, filter, page, pageSize);
    const locale = c.get('locale');
    const link = (target: number) => pageLink(config.apiUrl, c.req, target);
    return c.json<Paginated<Transaction>>({
      count,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount: row.amount,
        status: row.status,
        created_at: new Date(row.created_at).toISOString(),
        description: describeTransaction(locale, row.template, row.params),
        // A round that was played (not rolled back) links to its verification.
        ...(row.type === 'game' && row.status !== 'cancelled' && typeof row.params.round === 'string'
          ? { round_id: row.params.round }
          : {}),
      })),
    });
  });

  // One of the player's own rounds: ours with its seeds (once revealed), to verify it in the browser;
  // a provider's with what the provider publishes for it.
  app.get(API_PATHS.gameRound, requireUser(services), async (c) => {
    return c.json<GameRoundCheck>(await roundToVerify(services, c.get('userId'), c.req.param('round_id')));
  });

  return app;
}
