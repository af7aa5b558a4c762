/**
 * What a failed request tells the player: the server's own message (`detail`, already in the page's
 * language) when it sent one, else the screen's `fallback` (a network failure, an unexpected error).
 */
export function refusalText(error: unknown, fallback: string): string {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail ? detail : fallback;
}
