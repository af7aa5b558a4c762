// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { DEFAULT_LOCALE, LOCALES } from './core/i18n/locales.ts';
import { inlineScriptHashes } from './src/scripts/inline/csp-hashes.mjs';
import { buildInfo, createBuildId } from './integrations/build-info.mjs';
import { contentWarningsReport } from './integrations/content-warnings.mjs';
import { cdnRules } from './integrations/cdn-rules.mjs';
import { contentMarkdownProcessor } from './src/content/markdown-processor.mjs';
import { publicKeySpkiBase64 } from './server/src/data-dir/key-files.ts';
import { namesFor, parseEnv } from './server/src/config/variables.ts';

/** The locales the site is built in, exported for tools and tests (as Starlight does). */
export const locales = LOCALES;

/**
 * The build's variables, through the same schema as the server's (docs/configuration.md): blank
 * means the default, and an invalid value stops the build with the variable's name. The pages
 * read the `PUBLIC_*` ones as `import.meta.env` constants, checked here first.
 */
const env = parseEnv(process.env, namesFor('build'));

/** Where the site is deployed; canonical links, hreflang and the sitemap use it. */
const site = env.SITE_URL ?? 'http://localhost:4321';

/** The API origin, when it is not the site's own (operators set it at build time). */
const apiOrigin = env.PUBLIC_API_BASE ?? '';

/**
 * The demo game provider's origin when it is not the site's own; /play frames its pages. Our server
 * adds the active third-party providers' origins to /play's frame-src as it serves the page
 * (server/src/http/play-frame-policy.ts); a CDN serving dist/ itself has only this one.
 */
const gameProviderOrigin = env.PUBLIC_GAME_PROVIDER_ORIGIN ?? '';

const build = { id: createBuildId(), timestamp: new Date().toISOString() };

/**
 * The API's RSA public key (base64 SPKI), embedded so the browser can encrypt request bodies.
 * `npm start` creates the key pair before it builds; operators pass PUBLIC_RSA_PUBLIC_KEY.
 */
const rsaPublicKey = publicKeySpkiBase64(process.env);
if (!rsaPublicKey)
  console.warn(
    '[keys] no RSA public key: the site will send request bodies unencrypted. ' +
      'Run `npm start` once or set PUBLIC_RSA_PUBLIC_KEY.',
  );

// The reset and activation pages are noindex and carry their token in the fragment: nothing for a search engine.
/** @param {string} url */
const isPrivateRoute = (url) =>
  /\/profile(\/|$)|\/(reset-password|activate|confirm-email)(\.html)?\/?$|\/(404|500)(\.html)?\/?$/.test(
    new URL(url).pathname,
  );

/**
 * A test for a chunk group: our files whose path ends with one of `files` (without extension:
 * `api/instance`, or a bare name for the shared code that may move between folders), and these
 * packages.
 * @param {string[]} files
 * @param {string[]} [packages]
 */
const chunkOf = (files, packages = []) => {
  const file = new RegExp(`[\\\\/](${files.join('|').replaceAll('/', '[\\\\/]')})\\.(ts|tsx|mjs)$`);
  const pkg = new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
  /** @param {string} id */
  return (id) => (id.includes('node_modules') ? packages.length > 0 && pkg.test(id) : file.test(id));
};

/**
 * The browser's shared code in a few chunks instead of about twenty small ones. Each script is
 * compressed on its own, so each small chunk costs its own gzip header and dictionary (about 200
 * bytes); merged, a signed-in public page loads 2 KB less (docs/architecture.md, "The client runs
 * on ofetch"). `site` holds what every page's script imports (stores, money, the API paths, Vite's
 * preload helper); `api-client` holds ofetch, the body encryption and the calls a signed-in page
 * makes at start, and loads only with a token. `site` goes first: a group takes its modules'
 * dependencies with it, and the stores must stay in `site`, or a signed-out page would load the
 * API client (`npm run bench` fails when one does). Anything else keeps rolldown's own chunks.
 */
const siteModules = chunkOf([
  'stores/(session|token-cookie|dialogs|low-balance|referral-capture)',
  'api/(base|get-public)',
  // Shared with the server (they may move to a folder of their own).
  'money-format',
  'locales',
  'interpolate',
  'money',
  'contract',
]);
export const CLIENT_CHUNKS = [
  {
    name: 'site',
    priority: 2,
    test: (/** @type {string} */ id) => id.includes('vite/preload-helper') || siteModules(id),
  },
  {
    name: 'api-client',
    priority: 1,
    test: chunkOf(
      ['api/(instance|client|encrypt-body|envelope|public-key|errors|user|games|favourites)', 'stores/app-start'],
      ['ofetch', 'destr', 'ufo'],
    ),
  },
  {
    // The date check that /profile/history's filters share with the forms' rules: on its own, so the
    // history screen (which has no form) does not load the whole `forms` chunk for one function.
    name: 'calendar-date',
    priority: 1,
    test: chunkOf(['api/calendar-date']),
  },
  {
    // Every form's submit flow and the rules it checks with: one chunk on the screens with a form
    // (and in the sign-in dialogs), where they were two; screens without one load none of it.
    name: 'forms',
    priority: 0,
    test: chunkOf(['stores/(form|form-errors)', 'api/validation']),
  },
  {
    // The small pieces every profile screen's island is built from (fields, alerts, the message
    // and resource hooks): one chunk instead of ten, each of which paid its own gzip overhead.
    name: 'profile-kit',
    priority: 0,
    test: chunkOf([
      'islands/(FormField|FormAlert|PasswordField|use-form-store)',
      'islands/profile/(use-messages|use-resource|use-user|format|Status|messages|SignOutHome)',
    ]),
  },
];

export default defineConfig({
  site,
  output: 'static',
  // `faq.astro` becomes `faq.html`, `[...lang]/index.astro` becomes `ru/index.html`:
  // plain files any CDN serves at `/faq` and `/ru/`, and per-locale `ru/404.html`.
  build: { format: 'preserve' },
  trailingSlash: 'ignore',
  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: LOCALES,
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !isPrivateRoute(page),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(LOCALES.map((l) => [l, l])) },
    }),
    buildInfo(build),
    contentWarningsReport(),
    cdnRules(),
  ],
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        // blob: for the preview of an identity document the player has just chosen (an object URL
        // of their own file, made by the page; nothing from elsewhere).
        `img-src 'self' data: blob:${apiOrigin ? ` ${apiOrigin}` : ''}`,
        "font-src 'self'",
        `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
        `frame-src 'self'${gameProviderOrigin ? ` ${gameProviderOrigin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { hashes: inlineScriptHashes },
    },
  },
  markdown: {
    // Raw HTML removed, unsafe link schemes dropped, site links localized: see the module.
    processor: contentMarkdownProcessor(),
    // Shiki colours code with inline styles, which the CSP (no 'unsafe-inline') would block.
    syntaxHighlight: false,
  },
  vite: {
    define: {
      __BUILD_ID__: JSON.stringify(build.id),
      __RSA_PUBLIC_KEY__: JSON.stringify(rsaPublicKey),
    },
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } } } },
    },
  },
});
