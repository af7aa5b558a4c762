import type { Queryable } from '../db/database.ts';

/**
 * Whether a player may play for real money now. The safer-gambling rules (self-exclusion, loss
 * and session limits) plug in here as rules; with none registered everyone may play.
 */
export type PlayVerdict = { allowed: true } | { allowed: false; /** A message key, e.g. "games.may_not_play". */ reason: string };
export type PlayRule = (db: Queryable, userId: number, now: Date) => Promise<PlayVerdict>;

const rules: PlayRule[] = [];

/** Registers a rule; answers a function that removes it again. */
export function addPlayRule(rule: PlayRule): () => void {
  rules.push(rule);
  return () => {
    const index = rules.indexOf(rule);
    if (index >= 0) rules.splice(index, 1);
  };
}

/** The first refusal of any rule, else allowed. Checked at launch and before every real-money bet. */
export async function mayPlay(db: Queryable, userId: number, now: Date): Promise<PlayVerdict> {
  for (const rule of rules) {
    const verdict = await rule(db, userId, now);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}
