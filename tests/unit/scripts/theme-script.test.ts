// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themeScript } from '../../../src/scripts/inline/scripts.ts';

function runWith({ stored, forced, systemDark }: { stored?: string; forced?: string; systemDark: boolean }) {
  localStorage.clear();
  if (stored) localStorage.setItem('color-mode', stored);
  const root = document.documentElement;
  root.className = '';
  if (forced) root.setAttribute('data-force-color-mode', forced);
  else root.removeAttribute('data-force-color-mode');
  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: systemDark } as MediaQueryList);
  new Function(themeScript)();
  return root.classList.contains('p-dark');
}

describe('inline theme script', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('follows the system when nothing is stored', () => {
    expect(runWith({ systemDark: true })).toBe(true);
    expect(runWith({ systemDark: false })).toBe(false);
  });

  it('applies a stored preference over the system', () => {
    expect(runWith({ stored: 'light', systemDark: true })).toBe(false);
    expect(runWith({ stored: 'dark', systemDark: false })).toBe(true);
  });

  it('ignores a corrupt stored value', () => {
    expect(runWith({ stored: '<script>', systemDark: true })).toBe(true);
  });

  it('lets a page force light or dark', () => {
    expect(runWith({ stored: 'light', forced: 'dark', systemDark: false })).toBe(true);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('refuses a forced "system" with a warning and uses the stored preference', () => {
    expect(runWith({ stored: 'dark', forced: 'system', systemDark: false })).toBe(true);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('cannot force "system"'));
  });
});
