// The security screen's email and password forms, and the profile's own fields (names, time zone).
import { describe, expect, it } from 'vitest';
import type { SetEmailRequest, SetPasswordRequest, User, UserUpdateRequest } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createChangeEmailForm } from '../../../src/stores/change-email';
import { createChangePasswordForm } from '../../../src/stores/change-password';
import { createUserFieldsForm } from '../../../src/stores/user-fields';
import { player, recordedCall, translators } from './form-fixtures';

const { t, api } = translators;

describe('change password form store', () => {
  const setup = (...answers: (undefined | Error)[]) => {
    const call = recordedCall<[SetPasswordRequest], void>(...answers);
    return { call, store: createChangePasswordForm({ t, api, setPassword: call.call }) };
  };

  it('refuses a short or common new password before any call', async () => {
    const { store, call } = setup(undefined);
    await store.submit({ current_password: 'old secret 1', new_password: 'short' });
    expect(store.$errors.get()).toEqual({ new_password: [api('errors.password_too_short', { min: 8 })] });
    await store.submit({ current_password: 'old secret 1', new_password: 'password' });
    expect(store.$errors.get().new_password?.length).toBeGreaterThan(0);
    expect(call.calls).toEqual([]);
    expect(store.$state.get()).toBe('error');
  });

  it('sends a strong one, and shows the server refusing the current password on its field', async () => {
    const { store, call } = setup(new ApiError(400, { current_password: ['Invalid password.'] }), undefined);
    const values = { current_password: 'wrong', new_password: 'amber-lantern-harbour-93' };
    expect(await store.submit(values)).toBe(false);
    expect(store.$errors.get()).toEqual({ current_password: ['Invalid password.'] });
    expect(await store.submit(values)).toBe(true);
    expect(store.$state.get()).toBe('done');
    expect(call.calls).toEqual([[values], [values]]);
  });
});

describe('change email form store', () => {
  it('sends the trimmed address and says where the link went; a refusal says nothing was sent', async () => {
    const call = recordedCall<[SetEmailRequest], void>(
      undefined,
      new ApiError(400, { new_email: ['Enter a valid email address.'] }),
    );
    const store = createChangeEmailForm({ t, setEmail: call.call });
    expect(await store.submit({ current_password: 'pw', new_email: ' new@example.com ' })).toBe(true);
    expect(call.calls).toEqual([[{ current_password: 'pw', new_email: 'new@example.com' }]]);
    expect(store.$sentTo.get()).toBe('new@example.com');
    expect(await store.submit({ current_password: 'pw', new_email: 'nope' })).toBe(false);
    expect(store.$sentTo.get()).toBeUndefined();
    expect(store.$errors.get()).toEqual({ new_email: ['Enter a valid email address.'] });
  });
});

describe('profile fields form store', () => {
  const setup = (...answers: (User | Error)[]) => {
    const call = recordedCall<[UserUpdateRequest], User>(...answers);
    const saved: User[] = [];
    return { call, saved, store: createUserFieldsForm({ t, api, updateUser: call.call, saved: (u) => saved.push(u) }) };
  };

  it('checks the shared rules first: a bad username or time zone is never sent', async () => {
    const { store, call } = setup(player());
    await store.submit({ username: 'a', first_name: '<b>' });
    expect(Object.keys(store.$errors.get()).sort()).toEqual(['first_name', 'username']);
    expect(store.$errors.get().first_name).toEqual([api('errors.name_invalid')]);
    await store.submit({ time_zone: 'Mars/Olympus' });
    expect(store.$errors.get()).toEqual({ time_zone: [api('errors.time_zone_invalid')] });
    expect(call.calls).toEqual([]);
  });

  it('saves, hands the answer to the session, and maps a taken username', async () => {
    const renamed = { ...player(), username: 'ana.b' };
    const { store, call, saved } = setup(renamed, new ApiError(400, { username: [api('errors.username_taken')] }));
    expect(await store.submit({ username: 'ana.b' })).toBe(true);
    expect(saved).toEqual([renamed]);
    expect(await store.submit({ username: 'bob' })).toBe(false);
    expect(store.$errors.get()).toEqual({ username: [api('errors.username_taken')] });
    expect(call.calls).toEqual([[{ username: 'ana.b' }], [{ username: 'bob' }]]);
    expect(saved).toHaveLength(1);
  });
});
