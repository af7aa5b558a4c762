/**
 * Bodies of the demo game provider's API (`/demo-games/api/sessions/:id/…`), which its game pages
 * send as plain JSON: the provider is a third party in real life, outside our encrypted contract.
 * Its refusals are the provider's own details (`{"detail": …}` in the session's language), so
 * these rules throw the domain error the provider always answered instead of adding field problems.
 */
import { isStepMechanic, type StepAction, type StepMechanic } from '#core/games/steps.ts';
import { bodyRule } from '../http/body-schema.ts';
import { InvalidRequest, NotFound } from '../base/domain-errors.ts';

/** `{bet}` of a new round: its shape depends on the game, so the game's maths check it (`checkedBet`). */
export const roundBody = bodyRule((input) => ({ bet: input.bet }));

const CLIENT_SEED_MAX = 64;
/** Printable text only: no control or bidirectional-override characters (they could disguise a seed). */
const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** `{client_seed}` of a seed rotation: printable text of 1 to 64 characters. */
export const seedsBody = bodyRule((input) => {
  const clientSeed = input.client_seed;
  if (typeof clientSeed !== 'string' || !clientSeed.trim()) throw new InvalidRequest('games.client_seed_required');
  if (UNSAFE.test(clientSeed)) throw new InvalidRequest('games.client_seed_characters');
  if ([...clientSeed].length > CLIENT_SEED_MAX)
    throw new InvalidRequest('games.client_seed_too_long', { max: CLIENT_SEED_MAX });
  return { client_seed: clientSeed };
});

const ACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ACTIONS: Record<StepMechanic, readonly string[]> = {
  blackjack: ['hit', 'stand', 'double', 'split'],
  mines: ['reveal', 'cashout'],
  crash: ['cashout'],
};

/**
 * `{action, action_id, cell?}` of one step of a multi-step round, by the session's game: a game
 * without steps has no round to act on (404, as before the body is read).
 */
export function stepActionBody(mechanic: string) {
  if (!isStepMechanic(mechanic)) throw new NotFound('games.round_unknown');
  return bodyRule((input): Omit<StepAction, 'elapsed_ms'> => {
    const { action, action_id: actionId, cell } = input;
    if (typeof actionId !== 'string' || !ACTION_ID.test(actionId)) throw new InvalidRequest('games.action_id_invalid');
    if (typeof action !== 'string' || !ACTIONS[mechanic].includes(action))
      throw new InvalidRequest('games.action_invalid');
    if (action === 'reveal') {
      if (!Number.isInteger(cell) || (cell as number) < 0 || (cell as number) > 24)
        throw new InvalidRequest('games.action_invalid');
      return { action_id: actionId, action, cell: cell as number };
    }
    return { action_id: actionId, action: action as StepAction['action'] };
  });
}
