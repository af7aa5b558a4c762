// The list screens' actions: signing devices out (/profile/security) and the notifications' helpers.
import { describe, expect, it } from 'vitest';
import type { Notification } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createListActions } from '../../../src/stores/list-actions';
import { tabAfterKey, unreadCount } from '../../../src/stores/notifications';
import { createSessionsStore } from '../../../src/stores/sessions';
import { recordedCall } from './form-fixtures';

describe('list actions', () => {
  it('acts once while one is under way, then shows its notice', async () => {
    const actions = createListActions();
    const work = recordedCall<[], void>(undefined);
    work.hold();
    const first = actions.run(work.call, 'Deleted.');
    expect(actions.$working.get()).toBe(true);
    expect(await actions.run(work.call, 'Deleted.')).toBe(false);
    work.release();
    expect(await first).toBe(true);
    expect(work.calls).toHaveLength(1);
    expect(actions.$notice.get()).toBe('Deleted.');
    expect(actions.$working.get()).toBe(false);
  });

  it('flags a failure without a notice until dismissed', async () => {
    const actions = createListActions();
    await actions.run(async () => {}, 'Done.');
    expect(await actions.run(() => Promise.reject(new ApiError(0, null)), 'Done.')).toBe(false);
    expect(actions.$failed.get()).toBe(true);
    expect(actions.$notice.get()).toBeUndefined();
    actions.dismiss();
    expect(actions.$failed.get()).toBe(false);
  });
});

describe('sessions store', () => {
  it('signs out every other device one by one, a session already gone (404) counting as done', async () => {
    const end = recordedCall<[number], void>(undefined, new ApiError(404, {}), undefined);
    const store = createSessionsStore({ endSession: end.call });
    expect(await store.signOut([3, 4, 5], 'Signed out.')).toBe(true);
    expect(end.calls).toEqual([[3], [4], [5]]);
    expect(store.$notice.get()).toBe('Signed out.');
  });

  it('stops at any other failure and says so', async () => {
    const end = recordedCall<[number], void>(new ApiError(500, {}), undefined);
    const store = createSessionsStore({ endSession: end.call });
    expect(await store.signOut([3, 4], 'Signed out.')).toBe(false);
    expect(end.calls).toEqual([[3]]);
    expect(store.$failed.get()).toBe(true);
    expect(store.$notice.get()).toBeUndefined();
  });
});

describe('notifications helpers', () => {
  const note = (id: number, read: boolean) => ({ id, read }) as Notification;

  it('counts the unread messages of both lists', () => {
    expect(unreadCount({ own: [note(1, false), note(2, true)], mass: [note(3, false)] })).toBe(2);
    expect(unreadCount({ own: [note(1, true)], mass: [] })).toBe(0);
  });

  it('moves between the tabs with the arrow keys, wrapping, and ignores other keys', () => {
    expect(tabAfterKey('own', 'ArrowRight')).toBe('mass');
    expect(tabAfterKey('mass', 'ArrowRight')).toBe('own');
    expect(tabAfterKey('own', 'ArrowLeft')).toBe('mass');
    expect(tabAfterKey('own', 'Enter')).toBeUndefined();
  });
});
