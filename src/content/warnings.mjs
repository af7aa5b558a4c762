// Content warnings (a missing translation shown in English) collected while pages render, so the
// build prints them once, as one block after its page list (integrations/content-warnings.mjs),
// instead of between the page lines. Pages and the integration run in one process; a global
// registry reaches across Vite's module graphs.
const KEY = Symbol.for('amberplay.content-warnings');

/** @returns {Set<string>} */
export function contentWarnings() {
  const registry = /** @type {Record<symbol, Set<string> | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (registry[KEY] ??= new Set());
}

/** Records a warning once; the dev server has no "build done", so there it is printed at once. */
export function warnContent(/** @type {string} */ message, dev = false) {
  const seen = contentWarnings();
  if (dev && !seen.has(message)) console.warn(`[content] ${message}`);
  seen.add(message);
}
