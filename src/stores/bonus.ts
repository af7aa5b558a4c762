import { atom } from 'nanostores';
import type { BonusStatus, User } from '../../core/api/contract';
import { toCents } from '../../core/api/money';
import type { Translate } from '../i18n/translator';

export interface BonusDeps {
  t: Translate<'profile'>;
  /** POST /api/user/bonus/cancel (`cancelBonus` in src/api/bonus.ts): answers the updated user. */
  cancelBonus: () => Promise<User>;
  /** The answer becomes the signed-in user: the header and every balance follow it. */
  setUser: (user: User) => void;
}

/** Where cancelling stands: `done` once cancelled (the screen says so), `error` with `$failed`'s message. */
export type CancelState = 'idle' | 'submitting' | 'done' | 'error';

/**
 * /profile/bonus, cancelling (forfeiting) the active bonus: asked first, then one request however
 * often it is clicked (the state is set before the first await). A failure is the server's own
 * message (`detail`, in the page language) or `bonus.cancel_failed`. It does not use
 * `createFormStore`: this screen has no fields, and the form errors' code would load with it.
 */
export function createBonusStore({ t, cancelBonus, setUser }: BonusDeps) {
  const $confirming = atom(false);
  const $state = atom<CancelState>('idle');
  const $failed = atom<string | undefined>();
  async function cancel() {
    if ($state.get() === 'submitting') return false;
    $state.set('submitting');
    $failed.set(undefined);
    try {
      setUser(await cancelBonus());
      $confirming.set(false);
      $state.set('done');
      return true;
    } catch (error) {
      console.error('[bonus] cancel failed', error);
      const detail = (error as { detail?: unknown } | undefined)?.detail;
      $failed.set(typeof detail === 'string' && detail ? detail : t('bonus.cancel_failed'));
      $state.set('error');
      return false;
    }
  }
  return {
    $confirming,
    $state,
    $failed,
    ask: () => $confirming.set(true),
    keep: () => $confirming.set(false),
    cancel,
  };
}

/** Whole percent of the wagering done (decimal strings, no floats), at most 100; display only. */
export function wageringPercent({ wagered, wagering_required }: Pick<BonusStatus, 'wagered' | 'wagering_required'>) {
  const total = toCents(wagering_required) ?? 0n;
  if (total === 0n) return 100;
  const done = toCents(wagered) ?? 0n;
  return Number(((done >= total ? total : done) * 100n) / total);
}
