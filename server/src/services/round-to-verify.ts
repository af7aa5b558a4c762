import type { GameRoundCheck, ProviderRoundCheck } from '#core/api/contract.ts';
import type { Services } from '../app-env.ts';
import { Busy } from '../base/domain-errors.ts';
import { playerRound } from '../providers/games/round-check.ts';
import { PROVIDER_RETRY_SECONDS } from './provider-game-launch.ts';
import { ProviderCallFailed } from './provider-client/provider-call.ts';
import { providerRoundVerification } from './provider-client/provider-round-check.ts';

interface ProviderRoundRow {
  provider_id: string;
  game_id: string;
  game_name: string | null;
  stake: string;
  win: string;
  state: 'open' | 'settled';
  created_at: Date;
}

/**
 * The "Verify round" page's round `roundId` of player `userId`: a third-party provider's round
 * (provider_rounds) with what its provider publishes for it, else a round of our own games
 * (`playerRound`, 404 for anyone else's). Round ids are the provider's own; should two providers
 * have given this player the same id, the newest round is the one shown.
 */
export async function roundToVerify(services: Services, userId: number, roundId: string): Promise<GameRoundCheck> {
  const [row] = await services.db.query<ProviderRoundRow>(
    `SELECT r.provider_id, r.game_id, g.name AS game_name, r.stake::text, r.win::text, r.state, r.created_at
       FROM provider_rounds r
       LEFT JOIN provider_games g ON g.provider_id = r.provider_id AND g.game_id = r.game_id
      WHERE r.user_id = $1 AND r.round_id = $2
      ORDER BY r.created_at DESC LIMIT 1`,
    [userId, roundId],
  );
  if (!row) return playerRound(services, userId, roundId);
  return {
    kind: 'provider',
    game: { id: row.game_id, name: row.game_name ?? row.game_id },
    round: {
      round_id: roundId,
      created_at: new Date(row.created_at).toISOString(),
      stake: row.stake,
      win: row.win,
      state: row.state,
    },
    published: await publishedData(services, userId, row.provider_id, roundId),
  };
}

/** The provider's verification data without its echo of the round id; a provider that fails is a 503. */
async function publishedData(
  services: Services,
  userId: number,
  providerId: string,
  roundId: string,
): Promise<ProviderRoundCheck['published']> {
  try {
    const data = await providerRoundVerification(services, userId, providerId, roundId);
    if (!data) return null;
    const { round_id: _echo, ...published } = data;
    return published;
  } catch (error) {
    if (error instanceof ProviderCallFailed) throw new Busy('games.provider_unavailable', PROVIDER_RETRY_SECONDS);
    throw error;
  }
}
