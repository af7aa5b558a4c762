import * as v from 'valibot';
import type { Services } from '../../app-env.ts';
import { NotFound } from '../../base/domain-errors.ts';
import { callProvider, ProviderCallFailed } from './provider-call.ts';

/** Verification data a provider publishes for one round (docs/provider-api.md, `GET {base}/v1/rounds/{id}`). */
const roundData = v.object({
  round_id: v.pipe(v.string(), v.maxLength(255)),
  server_seed_hash: v.optional(v.pipe(v.string(), v.maxLength(256))),
  server_seed: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
  client_seed: v.optional(v.pipe(v.string(), v.maxLength(256))),
  nonce: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  outcome: v.optional(v.unknown()),
});

export type ProviderRoundData = v.InferOutput<typeof roundData>;

/**
 * What the profile's "Verify round" page shows for a provider's round: its published data, or
 * undefined when the provider does not publish verification data (it answers 404 for the round).
 * Only a round of this player is asked about, so a player cannot read another's seeds.
 */
export async function providerRoundVerification(
  services: Services,
  userId: number,
  providerId: string,
  roundId: string,
): Promise<ProviderRoundData | undefined> {
  const [round] = await services.db.query(
    'SELECT 1 FROM provider_rounds WHERE provider_id = $1 AND round_id = $2 AND user_id = $3',
    [providerId, roundId, userId],
  );
  if (!round) throw new NotFound('games.round_unknown');
  const answer = await callProvider(services, providerId, {
    method: 'GET',
    path: `v1/rounds/${encodeURIComponent(roundId)}`,
    call: 'rounds',
    notFoundIsAnswer: true,
  });
  if (answer === undefined) return undefined;
  const parsed = v.safeParse(roundData, answer);
  if (!parsed.success || parsed.output.round_id !== roundId)
    throw new ProviderCallFailed('bad_answer', 'The provider answered no usable round data.');
  return parsed.output;
}
