/**
 * Bodies of the wallet API that game providers call (docs/provider-api.md): plain signed JSON, not
 * the site's encrypted envelope. Amounts are integers in minor units (cents); anything else, an id
 * with a control character or a field of the wrong type is refused as `400 bad_request`.
 */
import { WalletRefusal } from '../services/wallet-api/refusal.ts';

/** Printable ASCII, 1 to 255 characters: no control, space or non-ASCII character in an id. */
const ID = /^[\x21-\x7e]{1,255}$/;
/** At most this many actions in one call (a round's bets and win fit with room to spare). */
const MAX_ACTIONS = 20;
/** 999,999,999,999.99: the largest amount NUMERIC(14,2) holds. */
const MAX_CENTS = 99_999_999_999_999;

export interface BalanceBody {
  token: string;
  game_id: string;
}
export interface MoneyAction {
  action: 'bet' | 'win';
  action_id: string;
  /** Minor units. */
  amount: bigint;
}
export interface PlayBody extends BalanceBody {
  round_id: string;
  finished: boolean;
  actions: MoneyAction[];
}
export interface RollbackAction {
  action: 'rollback';
  action_id: string;
  original_action_id: string;
}
export interface RollbackBody extends BalanceBody {
  round_id: string;
  actions: RollbackAction[];
}

const refuse = (message: string) => new WalletRefusal('bad_request', message);

function parseObject(raw: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw refuse('The body is not JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse('The body is not an object.');
  return value as Record<string, unknown>;
}

function id(input: Record<string, unknown>, field: string): string {
  const value = input[field];
  if (typeof value !== 'string' || !ID.test(value))
    throw refuse(`${field} must be 1 to 255 printable ASCII characters.`);
  return value;
}

function cents(input: Record<string, unknown>): bigint {
  const value = input.amount;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS)
    throw refuse('amount must be a non-negative integer in minor units.');
  return BigInt(value);
}

function actionList(input: Record<string, unknown>): Record<string, unknown>[] {
  const { actions } = input;
  if (!Array.isArray(actions) || !actions.length || actions.length > MAX_ACTIONS)
    throw refuse(`actions must be a list of 1 to ${MAX_ACTIONS} actions.`);
  if (actions.some((action) => typeof action !== 'object' || action === null || Array.isArray(action)))
    throw refuse('Each action must be an object.');
  return actions as Record<string, unknown>[];
}

/** One call may not name an action_id twice: which of the two would be "the" action? */
function distinct<T extends { action_id: string }>(actions: T[]): T[] {
  if (new Set(actions.map((action) => action.action_id)).size !== actions.length)
    throw refuse('An action_id appears twice in one call.');
  return actions;
}

const launchFields = (input: Record<string, unknown>): BalanceBody => ({
  token: id(input, 'token'),
  game_id: id(input, 'game_id'),
});

export const balanceBody = (raw: Uint8Array): BalanceBody => launchFields(parseObject(raw));

export function playBody(raw: Uint8Array): PlayBody {
  const input = parseObject(raw);
  if (typeof input.finished !== 'boolean') throw refuse('finished must be true or false.');
  const actions = actionList(input).map((action): MoneyAction => {
    if (action.action !== 'bet' && action.action !== 'win') throw refuse('action must be "bet" or "win".');
    return { action: action.action, action_id: id(action, 'action_id'), amount: cents(action) };
  });
  return {
    ...launchFields(input),
    round_id: id(input, 'round_id'),
    finished: input.finished,
    actions: distinct(actions),
  };
}

export function rollbackBody(raw: Uint8Array): RollbackBody {
  const input = parseObject(raw);
  const actions = actionList(input).map((action): RollbackAction => {
    if (action.action !== 'rollback') throw refuse('action must be "rollback".');
    return {
      action: 'rollback',
      action_id: id(action, 'action_id'),
      original_action_id: id(action, 'original_action_id'),
    };
  });
  return { ...launchFields(input), round_id: id(input, 'round_id'), actions: distinct(actions) };
}
