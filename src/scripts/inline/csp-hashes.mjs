import { createHash } from 'node:crypto';
import { localeRedirectScript, sessionScript, themeScript } from './scripts.ts';

/**
 * @param {string} source the exact text between <script> and </script>
 * @returns {`sha256-${string}`}
 */
export const cspHash = (source) => `sha256-${createHash('sha256').update(source).digest('base64')}`;

/** Hashes of every inline script, for `security.csp.scriptDirective.hashes`. */
export const inlineScriptHashes = [themeScript, sessionScript, localeRedirectScript].map(cspHash);
