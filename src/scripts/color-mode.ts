// Wires the header's colour-mode radio group to the pre-paint theme script (inline at the start
// of <body>), which owns the logic of turning a preference into the `p-dark` class.
export type ColorModePreference = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'color-mode';

function isPreference(value: string): value is ColorModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function initColorMode(): void {
  const controller = window.__colorMode;
  const radios = document.querySelectorAll<HTMLInputElement>('[data-color-mode] input[type="radio"]');
  const stored = controller.stored();
  for (const radio of radios) {
    radio.checked = radio.value === stored;
    radio.addEventListener('change', () => {
      if (!radio.checked || !isPreference(radio.value)) return;
      try {
        localStorage.setItem(STORAGE_KEY, radio.value);
      } catch {
        // Private mode may refuse storage: the choice still applies to this page.
      }
      controller.apply(radio.value);
    });
  }
  // A "system" preference follows the operating system live, not only at load.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    controller.apply(controller.stored());
  });
}
