// Prints the content warnings collected while pages rendered (a missing translation shown in
// English) as one block after the build's page list: each file once, with its locale.
import { contentWarnings } from '../src/content/warnings.mjs';

export function contentWarningsReport() {
  return {
    name: 'content-warnings',
    hooks: {
      'astro:build:start': () => contentWarnings().clear(),
      /** @param {{ logger: import('astro').AstroIntegrationLogger }} options */
      'astro:build:done': ({ logger }) => {
        const warnings = [...contentWarnings()].sort();
        if (warnings.length === 0) return;
        logger.warn(
          `${warnings.length} content warning(s); \`npm run i18n:check\` explains each:\n  ${warnings.join('\n  ')}`,
        );
      },
    },
  };
}
