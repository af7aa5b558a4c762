// App start on every page: with a token, load the user, then register the player with the game
// gateway. The API client is loaded only when there is a token to use it with.
import { $token } from '../stores/session';
import { guardedReload } from './reload-guard';

export async function initSessionStart() {
  const token = $token.get();
  if (!token) return;
  const [{ startSession }, { getMe }, { playerSet }] = await Promise.all([
    import('../stores/app-start'),
    import('../api/user'),
    import('../api/games'),
  ]);
  await startSession({
    token,
    loadUser: () => getMe(),
    registerPlayer: () => playerSet(document.documentElement.lang),
    reloadOnce: (reason) => guardedReload(reason),
  });
  // Signed in: the balance now follows the live stream (docs/live-stream.md).
  if ($token.get()) void import('./live-balance').then(({ initLiveBalance }) => initLiveBalance());
}
