import { atom } from 'nanostores';

/**
 * The actions a list screen runs on its items (sign a device out, delete a message): one at a
 * time, a notice once done and a failure flag the player dismisses. `run` answers true once done,
 * for the screen to load its list again. The state is set before the first await, so a double
 * click acts once.
 */
export function createListActions() {
  const $working = atom(false);
  const $notice = atom<string | undefined>();
  const $failed = atom(false);

  async function run(work: () => Promise<unknown>, notice?: string) {
    if ($working.get()) return false;
    $working.set(true);
    $failed.set(false);
    $notice.set(undefined);
    try {
      await work();
      $notice.set(notice);
      return true;
    } catch (error) {
      console.error('[list] action failed', error);
      $failed.set(true);
      return false;
    } finally {
      $working.set(false);
    }
  }
  const dismiss = () => $failed.set(false);
  return { $working, $notice, $failed, run, dismiss };
}
