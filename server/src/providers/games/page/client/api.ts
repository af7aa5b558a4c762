// The provider's JSON API (core/games/protocol.ts), from the game page. Plain JSON: the session
// id in the path is the capability; the site's token never comes here.
import type { GameBet, GameSessionState, RoundResponse, SeedRotation } from '#core/games/protocol.ts';

/** A refused call: the HTTP status (0 when unreachable) and the provider's localized reason. */
export class GameError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  constructor(status: number, detail?: string) {
    super(detail ?? `status ${status}`);
    this.status = status;
    this.detail = detail;
  }
}

export function providerApi(sessionId: string) {
  const base = `/demo-games/api/sessions/${encodeURIComponent(sessionId)}`;
  async function call<T>(path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(
        base + path,
        body === undefined
          ? { headers: { Accept: 'application/json' } }
          : {
              method: 'POST',
              headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            },
      );
    } catch {
      throw new GameError(0);
    }
    const data = (await response.json().catch(() => ({}))) as T & { detail?: string };
    if (!response.ok) throw new GameError(response.status, typeof data.detail === 'string' ? data.detail : undefined);
    return data;
  }
  return {
    /** Any call under the session's API path (the multi-step games' rounds and actions). */
    request: call,
    state: () => call<GameSessionState>(''),
    play: (bet: GameBet) => call<RoundResponse>('/rounds', { bet }),
    rotate: (clientSeed: string) => call<SeedRotation>('/seeds', { client_seed: clientSeed }),
  };
}
export type ProviderApi = ReturnType<typeof providerApi>;
