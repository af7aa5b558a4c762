// Wires the header's colour-mode select to the pre-paint theme script (inline in <head>),
// which owns the logic of turning a preference into the `p-dark` class.
export type ColorModePreference = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'color-mode';

function isPreference(value: string): value is ColorModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function initColorMode(): void {
  const controller = window.__colorMode;
  const selects = document.querySelectorAll<HTMLSelectElement>('[data-color-mode-select]');
  for (const select of selects) {
    select.value = controller.stored();
    select.addEventListener('change', () => {
      if (!isPreference(select.value)) return;
      try {
        localStorage.setItem(STORAGE_KEY, select.value);
      } catch {
        // Private mode may refuse storage: the choice still applies to this page.
      }
      controller.apply(select.value);
    });
  }
  // A "system" preference follows the operating system live, not only at load.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    controller.apply(controller.stored());
  });
}
