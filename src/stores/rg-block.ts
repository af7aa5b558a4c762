import { atom } from 'nanostores';
import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type SelfExclusionPeriod,
  type SelfExclusionRequest,
  type TimeOutPeriod,
  type TimeOutRequest,
} from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';

export type RgBlockKind = 'time_out' | 'self_exclusion';

export interface RgBlockFormDeps {
  kind: RgBlockKind;
  t: Translate<'profile'>;
  startTimeOut: (body: TimeOutRequest) => Promise<{ time_out_until: string }>;
  startSelfExclusion: (body: SelfExclusionRequest) => Promise<{ self_excluded_until: string }>;
  /** Every token is revoked once the block starts: the page forgets the player (`forgetPlayer`). */
  forgetPlayer: () => void;
}

/** A kind's periods, shortest first (the form's first choice). */
export const blockPeriods = (kind: RgBlockKind): readonly (TimeOutPeriod | SelfExclusionPeriod)[] =>
  kind === 'time_out' ? TIME_OUT_PERIODS : SELF_EXCLUSION_PERIODS;

/**
 * A time-out or a self-exclusion: the period, the password and (self-exclusion) the confirmation,
 * sent as they are: the server checks each. `$until` is when the block ends, once it started.
 */
export function createRgBlockForm({ kind, t, startTimeOut, startSelfExclusion, forgetPlayer }: RgBlockFormDeps) {
  const $period = atom<TimeOutPeriod | SelfExclusionPeriod>(blockPeriods(kind)[0]!);
  const $password = atom('');
  const $confirm = atom(false);
  const $until = atom<string | undefined>();
  const form = createFormStore<void>(async () => {
    const password = $password.get();
    const until =
      kind === 'time_out'
        ? (await startTimeOut({ period: $period.get() as TimeOutPeriod, password })).time_out_until
        : (
            await startSelfExclusion({
              period: $period.get() as SelfExclusionPeriod,
              password,
              confirm: $confirm.get() as true,
            })
          ).self_excluded_until;
    // No name or balance any more, and no cookie, so the next page load is simply signed out (no
    // "session expired, sign in again"). The notice stays until the player closes it.
    forgetPlayer();
    $until.set(until);
  }, failureMessages(t));
  return { ...form, $period, $password, $confirm, $until };
}
