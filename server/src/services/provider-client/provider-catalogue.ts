import * as v from 'valibot';
import { fromCents } from '#core/api/money.ts';
import { catalogueProblem, providerCatalogue } from '../../schemas/provider-catalogue.ts';
import { callProvider, type ProviderServices } from './provider-call.ts';

/** A catalogue the provider answered, signed, that does not follow docs/provider-api.md. */
export class CatalogueRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueRefused';
  }
}

/**
 * Fetches a provider's catalogue and stores it into provider_games in one transaction: every game
 * added or updated; a game that left the catalogue is turned off (its open rounds still settle).
 * A game's on/off switch set in the back office is kept. Answers how many games the catalogue has.
 */
export async function refreshProviderCatalogue(services: ProviderServices, providerId: string): Promise<number> {
  const answer = await callProvider(services, providerId, { method: 'GET', path: 'v1/games', call: 'games' });
  const parsed = v.safeParse(providerCatalogue, answer);
  if (!parsed.success) throw new CatalogueRefused(`The catalogue is refused: ${catalogueProblem(parsed.issues)}.`);
  const games = parsed.output.games;
  await services.db.transaction(async (tx) => {
    for (const game of games) {
      await tx.query(
        `INSERT INTO provider_games (provider_id, game_id, name, names, category, mechanic, rtp, volatility,
           min_bet, max_bet, image, demo)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7::numeric, $8, $9::numeric, $10::numeric, $11, $12)
         ON CONFLICT (provider_id, game_id) DO UPDATE SET name = EXCLUDED.name, names = EXCLUDED.names,
           category = EXCLUDED.category, mechanic = EXCLUDED.mechanic, rtp = EXCLUDED.rtp,
           volatility = EXCLUDED.volatility, min_bet = EXCLUDED.min_bet, max_bet = EXCLUDED.max_bet,
           image = EXCLUDED.image, demo = EXCLUDED.demo`,
        [
          providerId,
          game.id,
          game.name,
          JSON.stringify(game.names),
          game.category,
          game.mechanic,
          game.rtp,
          game.volatility,
          fromCents(BigInt(game.min_bet)),
          fromCents(BigInt(game.max_bet)),
          game.image,
          game.demo,
        ],
      );
    }
    await tx.query(
      'UPDATE provider_games SET enabled = false WHERE provider_id = $1 AND NOT (game_id = ANY($2::text[]))',
      [providerId, games.map((game) => game.id)],
    );
  });
  return games.length;
}
