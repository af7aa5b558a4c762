import { Hono } from 'hono';
import { API_PATHS, type CashbackStatus, type OfferTerms } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { NotFound } from '../base/domain-errors.ts';
import { offersFor } from '../services/promotions/offers.ts';
import { acceptOffer } from '../services/promotions/offer-takes.ts';
import { cashbackFor, claimCashback } from '../services/promotions/cashback.ts';

/** The offers a player may take, with their computed terms, and taking one; cashback and claiming it. */
export function offerRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.offers, API_PATHS.offerAccept, API_PATHS.cashback, API_PATHS.cashbackClaim]);

  app.get(API_PATHS.offers, async (c) => c.json<OfferTerms[]>(await offersFor(db, c.get('userId'), services.clock())));

  app.post(API_PATHS.offerAccept, async (c) => {
    await acceptOffer(db, c.get('userId'), offerId(c.req.param('id')), services.clock());
    return c.body(null, 204);
  });

  app.get(API_PATHS.cashback, async (c) =>
    c.json<CashbackStatus[]>(await cashbackFor(db, c.get('userId'), services.clock())),
  );

  app.post(API_PATHS.cashbackClaim, async (c) => {
    const id = offerId(c.req.param('id'));
    const paid = await claimCashback(db, c.get('userId'), id, services.config.currency, services.clock());
    return c.json<CashbackStatus>(paid);
  });

  return app;
}

/** An offer's id from the path; anything else is an offer the player cannot have. */
function offerId(raw: string) {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound('promotions.offer_unavailable');
  return id;
}
