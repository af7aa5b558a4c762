import { Hono } from 'hono';
import { API_PATHS, type OfferTerms } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { NotFound } from '../base/domain-errors.ts';
import { offersFor } from '../services/promotions/offers.ts';
import { acceptOffer } from '../services/promotions/offer-takes.ts';

/** The offers a player may take, with their computed terms, and taking one. */
export function offerRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.offers, API_PATHS.offerAccept]);

  app.get(API_PATHS.offers, async (c) => c.json<OfferTerms[]>(await offersFor(db, c.get('userId'), services.clock())));

  app.post(API_PATHS.offerAccept, async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1) throw new NotFound('promotions.offer_unavailable');
    await acceptOffer(db, c.get('userId'), id, services.clock());
    return c.body(null, 204);
  });

  return app;
}
