/**
 * A national self-exclusion register (GAMSTOP, OASIS, CRUKS): asked whether a person is listed. The registers each
 * have their own API; this client speaks one small protocol (docs/markets.md#exclusion-registers), which the local
 * stand-in serves and an adapter in front of a real register would too.
 */
export type RegisterAnswer = 'listed' | 'clear' | 'unreachable';

/** What identifies a person to a register: what the account holds (registers also match names and postcodes). */
export interface PersonToCheck {
  email: string;
  /** YYYY-MM-DD; null for an account that holds none (older accounts). */
  dateOfBirth: string | null;
  firstName: string;
  lastName: string;
}

export interface ExclusionRegister {
  check(person: PersonToCheck): Promise<RegisterAnswer>;
}

/** A register slower than this counts as unreachable: a sign-in waits for it. */
const TIMEOUT_MS = 5_000;

/**
 * `POST <url>/check` with the person as JSON and the operator's key as `X-API-Key` (as GAMSTOP takes it: never in
 * the URL). Only `200 {"status": "listed" | "clear"}` is an answer; anything else (no URL, refused, slow, another
 * status or body) is `unreachable`, and the caller fails closed.
 */
export function httpExclusionRegister({ url, key }: { url?: string; key?: string }): ExclusionRegister {
  return {
    async check(person) {
      if (!url) return 'unreachable';
      try {
        const res = await fetch(`${url}/check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
          body: JSON.stringify({
            email: person.email,
            date_of_birth: person.dateOfBirth,
            first_name: person.firstName,
            last_name: person.lastName,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
        if (res.status !== 200) return 'unreachable';
        const body = (await res.json()) as { status?: unknown };
        return body.status === 'listed' || body.status === 'clear' ? body.status : 'unreachable';
      } catch {
        return 'unreachable';
      }
    },
  };
}
