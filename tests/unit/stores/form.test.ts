import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { createFormStore } from '../../../src/stores/form';

const failure = { network: 'offline', unknown: 'unknown' };

describe('form store', () => {
  it('goes idle → submitting → done, and error with the errors the action answers', async () => {
    const answers = [{ name: ['Too long.'] }, null];
    const store = createFormStore(async (name: string) => (name ? answers.shift() : null), failure);
    expect(store.$state.get()).toBe('idle');
    const first = store.submit('x');
    expect(store.$state.get()).toBe('submitting');
    expect(await first).toBe(false);
    expect([store.$state.get(), store.$errors.get()]).toEqual(['error', { name: ['Too long.'] }]);
    expect(await store.submit('x')).toBe(true);
    expect([store.$state.get(), store.$errors.get()]).toEqual(['done', {}]);
  });

  it('maps what the action throws: network, server fields and detail, anything else', async () => {
    const thrown: unknown[] = [
      new ApiError(0, undefined),
      new ApiError(400, { name: ['Taken.'], non_field_errors: ['No.'] }),
      new ApiError(429, { detail: 'Slow down.' }),
      new ApiError(500, 'Internal'),
      new TypeError('bug'),
    ];
    const store = createFormStore(async () => {
      throw thrown.shift();
    }, failure);
    const errors = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (let i = 0; i < 5; i++) {
      await store.submit(undefined);
      errors.push(store.$errors.get());
    }
    expect(errors).toEqual([
      { form: ['offline'] },
      { name: ['Taken.'], form: ['No.'] },
      { form: ['Slow down.'] },
      { form: ['unknown'] },
      { form: ['unknown'] },
    ]);
    expect(store.$state.get()).toBe('error');
  });

  it('ignores a submit while one is under way (a double click acts once)', async () => {
    let calls = 0;
    let finish = () => {};
    const store = createFormStore(async () => {
      calls++;
      await new Promise<void>((resolve) => (finish = resolve));
    }, failure);
    const first = store.submit(undefined);
    const second = store.submit(undefined);
    finish();
    expect([await first, await second, calls]).toEqual([true, false, 1]);
  });

  it('an edit after saving takes the form back to idle, but never hides errors', async () => {
    const store = createFormStore(async (ok: boolean) => (ok ? null : { form: ['No.'] }), failure);
    await store.submit(true);
    store.edited();
    expect(store.$state.get()).toBe('idle');
    await store.submit(false);
    store.edited();
    expect(store.$state.get()).toBe('error');
  });
});
