import type { Services } from '../../app-env.ts';
import { createRace, type RaceInput } from '../../services/promotions/races/race-definition.ts';
import { forgetRunningRaces } from '../../services/promotions/races/running-races.ts';
import { audit } from './audit.ts';

/** Staff save a race through its checks and audit it (`race.create`, every figure in `after`) in one transaction. */
export async function createRaceAsStaff(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  input: RaceInput,
): Promise<number> {
  const now = services.clock();
  const id = await services.db.transaction(async (tx) => {
    const raceId = await createRace(tx, input, staffId, now);
    await audit(tx, {
      staffId,
      action: 'race.create',
      targetType: 'race',
      targetId: raceId,
      after: { ...input },
      at: now,
    });
    return raceId;
  });
  // This node counts stakes for the new race at once (other nodes within their cache's lifetime).
  forgetRunningRaces(services.db);
  return id;
}
