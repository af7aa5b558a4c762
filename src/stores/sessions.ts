import { createListActions } from './list-actions';

export interface SessionsDeps {
  /** DELETE /api/user/sessions/:id (`endSession` in src/api/security.ts). */
  endSession: (id: number) => Promise<unknown>;
}

/** /profile/security, signed-in devices: sign out one device, or every device but this one. */
export function createSessionsStore({ endSession }: SessionsDeps) {
  const actions = createListActions();
  /** One by one: a session that ended meanwhile (404) is already what the player wants. */
  const signOut = (ids: number[], notice: string) =>
    actions.run(async () => {
      for (const id of ids)
        await endSession(id).catch((error: { status?: number }) => {
          if (error.status !== 404) throw error;
        });
    }, notice);
  return { ...actions, signOut };
}
