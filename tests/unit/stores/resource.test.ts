// The data a profile screen loads: loading, ready, a failure to retry, and late answers ignored.
import { describe, expect, it } from 'vitest';
import { createResource } from '../../../src/stores/resource';
import { recordedCall } from './form-fixtures';

describe('resource store', () => {
  it('loads, then keeps the last data beside a new load and a failure, and a retry recovers', async () => {
    const load = recordedCall<[], string>('first', new Error('offline'), 'second');
    const resource = createResource(load.call);
    expect(resource.$resource.get()).toEqual({ state: 'loading' });
    await resource.run();
    expect(resource.$resource.get()).toEqual({ state: 'ready', data: 'first' });
    const failing = resource.run();
    expect(resource.$resource.get()).toEqual({ state: 'loading', data: 'first' });
    await failing;
    expect(resource.$resource.get()).toMatchObject({ state: 'error', data: 'first' });
    await resource.run();
    expect(resource.$resource.get()).toEqual({ state: 'ready', data: 'second' });
  });

  it('never lets an older answer overwrite a newer one', async () => {
    let answer = 'old';
    const gates: (() => void)[] = [];
    const resource = createResource(() => {
      const mine = answer;
      return new Promise<string>((resolve) => gates.push(() => resolve(mine)));
    });
    const older = resource.run();
    answer = 'new';
    const newer = resource.run();
    gates[1]!();
    await newer;
    gates[0]!();
    await older;
    expect(resource.$resource.get()).toEqual({ state: 'ready', data: 'new' });
  });
});
