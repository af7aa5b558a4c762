// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, guardedReload } from '../../../src/scripts/reload-guard';

describe('guardedReload', () => {
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.defineProperty(window, 'location', {
      value: { ...window.location, pathname: '/faq', reload },
      configurable: true,
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('reloads once, then refuses for 10 s on the same path', () => {
    expect(guardedReload('test', 1_000_000)).toBe(true);
    expect(guardedReload('test', 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('skipped'));
  });

  it('reloads again once 10 s have passed', () => {
    guardedReload('test', 1_000_000);
    expect(guardedReload('test', 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('guards each path on its own', () => {
    guardedReload('test', 1_000_000);
    window.location.pathname = '/rules';
    expect(guardedReload('test', 1_000_001)).toBe(true);
  });
});
