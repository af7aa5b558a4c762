import { atom } from 'nanostores';
import type { BonusStatus, User } from '../../core/api/contract';
import { toCents } from '../../core/api/money';
import type { Translate } from '../i18n/translator';
import { createFormStore } from './form';

export interface BonusDeps {
  t: Translate<'profile'>;
  /** POST /api/user/bonus/cancel (`cancelBonus` in src/api/bonus.ts): answers the updated user. */
  cancelBonus: () => Promise<User>;
  /** The answer becomes the signed-in user: the header and every balance follow it. */
  setUser: (user: User) => void;
}

/**
 * /profile/bonus, cancelling (forfeiting) the active bonus: asked first, then one request. `$state`
 * is `done` once cancelled (the screen says so), and a failure is the server's message or
 * `bonus.cancel_failed` in `$errors.form`.
 */
export function createBonusStore({ t, cancelBonus, setUser }: BonusDeps) {
  const $confirming = atom(false);
  const failed = t('bonus.cancel_failed');
  const form = createFormStore<void>(
    async () => {
      setUser(await cancelBonus());
      $confirming.set(false);
    },
    { network: failed, unknown: failed },
  );
  return {
    ...form,
    $confirming,
    ask: () => $confirming.set(true),
    keep: () => $confirming.set(false),
    cancel: () => form.submit(),
  };
}

/** Whole percent of the wagering done (decimal strings, no floats), at most 100; display only. */
export function wageringPercent({ wagered, wagering_required }: Pick<BonusStatus, 'wagered' | 'wagering_required'>) {
  const total = toCents(wagering_required) ?? 0n;
  if (total === 0n) return 100;
  const done = toCents(wagered) ?? 0n;
  return Number(((done >= total ? total : done) * 100n) / total);
}
