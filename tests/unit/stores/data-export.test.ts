// "Download my data" on /profile/security.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { createDataExport } from '../../../src/stores/data-export';
import { recordedCall } from './form-fixtures';

const setup = (...answers: (Blob | Error)[]) => {
  const load = recordedCall<[], Blob>(...answers);
  const saved: [Blob, string][] = [];
  const store = createDataExport({
    exportData: load.call,
    save: (file, name) => saved.push([file, name]),
    now: () => new Date('2026-03-04T23:30:00Z'),
  });
  return { load, saved, store };
};

describe('data export store', () => {
  it('saves the file under the dated name once, even clicked twice', async () => {
    const file = new Blob(['{}']);
    const { load, saved, store } = setup(file);
    load.hold();
    const first = store.download();
    expect(store.$state.get()).toBe('busy');
    await store.download();
    load.release();
    await first;
    expect(load.calls).toHaveLength(1);
    expect(saved).toEqual([[file, 'amberplay-data-2026-03-04.json']]);
    expect(store.$state.get()).toBe('done');
  });

  it('says it failed and saves nothing when the file cannot be loaded', async () => {
    const { saved, store } = setup(new ApiError(0, null));
    await store.download();
    expect(store.$state.get()).toBe('error');
    expect(saved).toEqual([]);
  });
});
