/**
 * What the API client needs from the signed-in session, which lives above it in `src/stores/`:
 * the token to send, what to do when the API refuses it, and the cookie to renew. The API layer
 * never imports the stores; `src/stores/session.ts` links itself here as it loads, and every
 * module that holds a token imports that store, so the link is made before any call can carry one.
 */
export interface SessionLink {
  /** The token to send, or null when signed out. */
  token(): string | null;
  /** A call made with a token was answered 401: the session is over. */
  refused(): void;
  /** An authenticated answer said when the token now expires. */
  renewed(token: string, expiresAt: string): void;
}

let link: SessionLink | undefined;

export function linkSession(next: SessionLink) {
  link = next;
}

/** The linked session. Without one, a call fails loudly rather than going out without its token. */
export function sessionLink(): SessionLink {
  if (!link) throw new Error('The API client was used before src/stores/session.ts linked the session');
  return link;
}
