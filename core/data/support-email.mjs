// The one support channel players have: an email address, set at build time with
// PUBLIC_SUPPORT_EMAIL (docs/configuration.md). The footer links to it, and editors
// write `{support_email}` in Markdown, which every content reader (the build, the dev preview and
// `npm run i18n:check`) replaces with a mailto link before checking or rendering the file.

export const DEFAULT_SUPPORT_EMAIL = 'support@amberplay.test';

/** The placeholder editors write in Markdown instead of the address. */
export const SUPPORT_EMAIL_TOKEN = '{support_email}';

/** The same shape the content check accepts in a mailto: link (and the server's configuration). */
export const EMAIL_PATTERN = /^[^\s@/<>()[\]\\,;:"]+@[^\s@/<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/**
 * The address in `env[name]` (PUBLIC_SUPPORT_EMAIL for the site), else the default. A malformed
 * value stops the build, or the server's start, rather than publishing an address that cannot work.
 * @param {Record<string, string | undefined>} env the build's or the server's variables: core/ reads no environment
 * @param {string} [name]
 * @returns {string}
 */
export function supportEmail(env, name = 'PUBLIC_SUPPORT_EMAIL') {
  const value = env[name]?.trim() || DEFAULT_SUPPORT_EMAIL;
  if (!EMAIL_PATTERN.test(value))
    throw new Error(`${name} must be an email address such as ${DEFAULT_SUPPORT_EMAIL}, got "${value}"`);
  return value;
}

/**
 * Replaces every `{support_email}` in a Markdown text with a mailto link to the address. The
 * link text is escaped so that an address with `_` or `*` cannot turn into emphasis.
 * @param {string} text
 * @param {string} email
 * @returns {string}
 */
export function expandContentTokens(text, email) {
  if (!text.includes(SUPPORT_EMAIL_TOKEN)) return text;
  const label = email.replace(/[\\`*_[\]]/g, (char) => `\\${char}`);
  return text.replaceAll(SUPPORT_EMAIL_TOKEN, `[${label}](mailto:${email})`);
}
