import * as v from 'valibot';
import {
  addressList,
  amount,
  email,
  flag,
  hours,
  httpUrl,
  oneOf,
  origin,
  originList,
  port,
  positiveAmount,
  proxyCount,
  rate,
  seconds,
  smtpUrl,
  text,
  textList,
  token,
  urlOrigin,
  whole,
  type ValueType,
} from './types.ts';
import { MARKET_CODES } from '../markets/market-profile.ts';

/** Who reads a variable: the site's build, the running server, or the tests and tools. */
export type When = 'build' | 'run' | 'test';

export interface Variable<T = unknown, Defaulted extends boolean = boolean> {
  when: readonly When[];
  type: ValueType<T>;
  /** The value used when the variable is unset or blank, written as it would be in the environment. */
  fallback?: string;
  /** The documentation's Default column when the default is not a plain value (derived from others). */
  defaultText?: string;
  description: string;
  /** Never printed in an error (passwords in URLs, tokens). */
  secret?: boolean;
  /** Type-level only: whether the parsed value is never undefined. */
  readonly defaulted?: Defaulted;
}

type Rest<W> = Omit<Variable, 'type' | 'fallback' | 'defaulted' | 'when'> & { when: W };
const setting = <T, const W extends readonly When[]>(
  type: ValueType<T>,
  fallback: string,
  rest: Rest<W>,
): Variable<T, true> & { when: W } => ({ ...rest, type, fallback });
const optional = <T, const W extends readonly When[]>(
  type: ValueType<T>,
  rest: Rest<W>,
): Variable<T, false> & { when: W } => ({ ...rest, type });

const RUN = ['run'] as const;
const BUILD = ['build'] as const;
const TEST = ['test'] as const;

/**
 * Every environment variable AmberPlay reads, in the order docs/configuration.md lists them. The
 * table there is generated from this list (`npm run docs:config`), and a test checks it is current.
 *
 * One rule for all of them: an unset or blank value (empty or only spaces) means the default; any
 * other value must be valid, or the server (or the build) stops at start with an error naming the
 * variable and what it must be.
 */
export const VARIABLES = {
  // Where it runs
  PORT: setting(port, '4321', {
    when: RUN,
    description: 'Where `npm start` listens (`0`: any free port, printed at start)',
  }),
  HOST: setting(text, '0.0.0.0', { when: RUN, description: 'The address `npm start` listens on' }),
  SITE_URL: optional(origin, {
    when: ['build', 'run'],
    defaultText: '`http://localhost:<PORT>` (build: `http://localhost:4321`)',
    description:
      'Public origin: canonical links, hreflang, sitemap; at run time where the payment page sends players ' +
      'back (return paths resolve against it) and where mail links point',
  }),
  API_URL: optional(origin, {
    when: RUN,
    defaultText: '`SITE_URL`',
    description:
      "The API's public origin: the payment page's address (`redirect_url`), history page links and the " +
      "operator console's cookie. Absolute URLs are built from `SITE_URL` and `API_URL`, never from the " +
      '`Host` header',
  }),
  DIST_DIR: optional(text, {
    when: RUN,
    defaultText: '`dist/`',
    description: 'The built site the server serves (the e2e suite points its second server at a copy)',
  }),
  FORCE_BUILD: setting(flag, '0', {
    when: RUN,
    description: '`1` makes `npm start` rebuild even when `dist/` looks fresh',
  }),

  // The site's build
  PUBLIC_API_BASE: optional(urlOrigin, {
    when: BUILD,
    defaultText: "the site's origin",
    description: 'API address; its origin is added to the CSP `connect-src`',
  }),
  PUBLIC_GAME_PROVIDER_ORIGIN: optional(urlOrigin, {
    when: BUILD,
    defaultText: "the site's origin",
    description:
      "The game provider's origin when its pages are served apart from the site (set it to the server's " +
      '`GAME_PROVIDER_ORIGIN`): added to the CSP `frame-src`, and the only origin `/play` accepts balance ' +
      'messages from',
  }),
  PUBLIC_COOKIE_CROSS_ORIGIN: setting(flag, '0', {
    when: BUILD,
    description: '`1` when site and API are on different origins: the locale cookie becomes `SameSite=None; Secure`',
  }),
  PUBLIC_BUILD_CHECK_MINUTES: setting(whole(1), '60', {
    when: BUILD,
    description: 'How often an open page checks `builds/latest.json` for a new deploy',
  }),
  PUBLIC_SUPPORT_EMAIL: setting(email, 'support@amberplay.test', {
    when: ['build', 'run'],
    description:
      "The players' support address (the only contact channel): a mailto link in every page's footer and " +
      'the FAQ\'s "Still have a question?" box, and what `{support_email}` in Markdown becomes (see ' +
      '[editors.md](editors.md)). A malformed address stops the build',
  }),
  PUBLIC_RSA_PUBLIC_KEY: optional(text, {
    when: BUILD,
    defaultText: 'derived from our key',
    description: "The API's RSA public key (PEM or base64 SPKI), for a site built against another API",
  }),
  CONTENT_DIR: optional(text, {
    when: ['build', 'test'],
    defaultText: '`src/content`',
    description:
      'The Markdown content folder for the build, `astro dev` and `npm run i18n:check` (tests point it at ' +
      'a broken copy)',
  }),

  // Data and keys
  DATA_DIR: setting(text, '.data', {
    when: RUN,
    description:
      "PGlite's data (`pglite/`), the key pair (`rsa-private.pem`, `rsa-public.pem`) and the mail outbox; " +
      "private to the server's user (folders 0700, files 0600, see [Data folder](security.md#data-folder))",
  }),
  DATABASE_URL: optional(text, {
    when: RUN,
    secret: true,
    defaultText: 'unset (PGlite)',
    description: 'PostgreSQL connection string; the same migrations run on it at start',
  }),
  DATABASE_SCHEMA: optional(text, {
    when: RUN,
    defaultText: '`public`',
    description: 'PostgreSQL schema to use (tests give each run its own)',
  }),
  RSA_PRIVATE_KEY_FILE: optional(text, {
    when: ['build', 'run'],
    defaultText: '`<DATA_DIR>/rsa-private.pem`',
    description: 'Use this key instead of generating one',
  }),
  RSA_PREVIOUS_PRIVATE_KEY_FILE: optional(text, {
    when: RUN,
    description: 'A second key still accepted while a key rotation rolls out',
  }),
  REQUIRE_ENCRYPTION: setting(flag, '0', {
    when: RUN,
    description: "`1` refuses plain-JSON bodies (the browser's fallback when it cannot encrypt)",
  }),
  DEMO: setting(flag, '1', { when: RUN, description: '`0` skips seeding the demo player' }),

  // The licensed market (docs/markets.md)
  MARKET: setting(oneOf(MARKET_CODES), 'MT', {
    when: RUN,
    description:
      'The market this deployment is licensed in: selects the rule profile `server/src/markets/<market>.json` ' +
      '(game cycle, stake caps, games allowed, verification before play; see [markets.md](markets.md)). An ' +
      'invalid profile stops the server',
  }),
  LICENCE_NUMBER: optional(text, {
    when: RUN,
    defaultText: 'unset (no number shown)',
    description: "The operator's licence number with the market's regulator, shown beside the regulator's name",
  }),
  EXCLUSION_REGISTER_URL: optional(httpUrl, {
    when: RUN,
    defaultText: 'unset (every check fails closed)',
    description:
      "The national self-exclusion register the market's profile checks (GAMSTOP, OASIS, CRUKS; see " +
      '[markets.md](markets.md#exclusion-registers)); unset where the profile checks one, registration and ' +
      'sign-in are refused. `npm run exclusion-register` starts the local stand-in',
  }),
  EXCLUSION_REGISTER_KEY: optional(token, {
    when: RUN,
    secret: true,
    defaultText: 'unset (no key sent)',
    description: 'The API key the register gave the operator, sent as the `X-API-Key` header, never in the URL',
  }),

  // Money
  CURRENCY: optional(text, {
    when: RUN,
    defaultText: "the market's currency (`MT`: `EUR`)",
    description: "The players' currency",
  }),
  DEPOSIT_MIN: setting(amount, '10.00', { when: RUN, description: 'Smallest deposit' }),
  DEPOSIT_MAX: setting(amount, '10000.00', { when: RUN, description: 'Largest deposit' }),
  WITHDRAWAL_MIN: setting(amount, '10.00', { when: RUN, description: 'Smallest withdrawal' }),
  WITHDRAWAL_MAX: setting(amount, '5000.00', { when: RUN, description: 'Largest withdrawal' }),
  REFERRAL_RATE: setting(rate, '0.05', {
    when: RUN,
    description: "Share of a referred player's deposit credited to the referrer",
  }),
  LIVE_HIGH_ROLLER_AMOUNT: setting(positiveAmount, '100.00', {
    when: RUN,
    description:
      'A settled bet whose stake or payout is above this amount is listed under "High rollers" in the live feed',
  }),
  PAYMENT_EXPIRY_MINUTES: setting(whole(1), '30', {
    when: RUN,
    description: 'A deposit not confirmed on the payment page within this time is cancelled',
  }),
  RETURN_ORIGINS: setting(originList, '', {
    when: RUN,
    description:
      "Exact origins the demo payment page may send players back to, besides `SITE_URL`'s (and `CORS_ORIGINS`)",
  }),
  CORS_ORIGINS: setting(textList, '', {
    when: RUN,
    description:
      'Site origins allowed to call the API from another origin; the demo payment page may also send ' +
      'players back to them',
  }),

  // Sign-in, registration and tokens (docs/security.md)
  LOGIN_MAX_FAILURES: setting(whole(1), '5', {
    when: RUN,
    description:
      'Password checks per (email, client address) before 429, per `LOGIN_WINDOW_SECONDS`; also wrong ' +
      'operator codes and two-factor changes (see [security.md](security.md#sign-in-limits))',
  }),
  LOGIN_WINDOW_SECONDS: setting(whole(1), '900', { when: RUN, description: 'The window sign-in failures count in' }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: setting(whole(1), '50', {
    when: RUN,
    description: 'Failed or refused sign-ins per client address, over all emails, per `LOGIN_WINDOW_SECONDS`',
  }),
  REGISTER_MAX_PER_ADDRESS: setting(whole(1), '5', {
    when: RUN,
    description: 'Registrations per client address per `REGISTER_WINDOW_SECONDS`; more get 429',
  }),
  REGISTER_WINDOW_SECONDS: setting(whole(1), '3600', { when: RUN, description: 'The window registrations count in' }),
  TRUST_PROXY: setting(proxyCount, '0', {
    when: RUN,
    description:
      'Number of reverse proxies in front of the server; with `n` ≥ 1 the client address is the `n`-th ' +
      '`X-Forwarded-For` entry from the right (`true` means 1)',
  }),
  PASSWORD_HASH_CONCURRENCY: setting(whole(1), '2', { when: RUN, description: 'scrypt jobs at once' }),
  PASSWORD_QUEUE_MAX: setting(whole(0), '32', {
    when: RUN,
    description: 'scrypt jobs that may wait; beyond that sign-in and registration answer 503',
  }),
  TOKEN_IDLE_DAYS: setting(whole(1), '30', {
    when: RUN,
    description: 'A token expires this many days after its last use (at most `TOKEN_MAX_AGE_DAYS`)',
  }),
  TOKEN_MAX_AGE_DAYS: setting(whole(1), '90', {
    when: RUN,
    description: 'A token expires this many days after sign-in, however often it is used',
  }),
  TWO_FACTOR_CODE_MAX_FAILURES: setting(whole(1), '10', {
    when: RUN,
    description:
      'Wrong two-factor sign-in codes per player, from any address, per `TWO_FACTOR_CODE_WINDOW_SECONDS`; ' +
      'then 429 and a security mail',
  }),
  TWO_FACTOR_CODE_WINDOW_SECONDS: setting(whole(1), '900', {
    when: RUN,
    description: 'The window wrong two-factor codes count in',
  }),
  DEMO_MAX_PER_ADDRESS: setting(whole(1), '60', {
    when: RUN,
    description:
      'Anonymous demo launches, and as many demo seed rotations, per client address per `DEMO_WINDOW_SECONDS`',
  }),
  DEMO_WINDOW_SECONDS: setting(whole(1), '3600', { when: RUN, description: 'The window demo launches count in' }),

  // Mail (docs/security.md, "Email")
  SMTP_URL: optional(smtpUrl, {
    when: RUN,
    secret: true,
    defaultText: 'unset',
    description:
      '`smtp://user:pass@host:587` or `smtps://…:465`: mail goes there. Unset, each message is written to ' +
      '`DATA_DIR/outbox/` as an `.eml` file (see [Email](security.md#email))',
  }),
  MAIL_FROM: setting(text, 'AmberPlay <no-reply@amberplay.test>', {
    when: RUN,
    description: 'The sender of every mail',
  }),
  SUPPORT_EMAIL: optional(email, {
    when: RUN,
    defaultText: '`PUBLIC_SUPPORT_EMAIL`',
    description:
      'The support address mails name ("if you did not change your password, write to …"); set it with the ' +
      "site's `PUBLIC_SUPPORT_EMAIL` when the API runs apart from the build. A malformed address stops " +
      'the server',
  }),
  PASSWORD_RESET_TIMEOUT: setting(whole(1), '3600', {
    when: RUN,
    description: 'Seconds a password-reset link works (once)',
  }),
  PASSWORD_RESET_MAX_PER_EMAIL: setting(whole(1), '3', {
    when: RUN,
    description:
      'Reset mails per email per window (beyond: still 204, no mail); the same number limits activation ' +
      'mails per email',
  }),
  PASSWORD_RESET_MAX_PER_ADDRESS: setting(whole(1), '20', {
    when: RUN,
    description:
      'Reset requests per client address per window (beyond: 429); the same number limits `resend_activation` requests',
  }),
  PASSWORD_RESET_WINDOW_SECONDS: setting(whole(1), '3600', {
    when: RUN,
    description: 'The window reset and activation mails count in',
  }),
  ACTIVATION_TIMEOUT: setting(whole(1), '86400', {
    when: RUN,
    description: 'Seconds an account-activation link works (once); the mail says it in hours',
  }),

  // Games and bonuses
  GAME_PROVIDER_ORIGIN: optional(urlOrigin, {
    when: RUN,
    defaultText: '`SITE_URL`, else `http://<HOST or localhost>:<PORT>`',
    description:
      "Origin of the demo provider's game pages when hosted apart; launch URLs are " +
      '`<origin>/demo-games/play/<session>`, built from configuration only (never the Host header). Unset, ' +
      'launch URLs are relative to the site',
  }),
  GAME_MIN_BET: setting(positiveAmount, '0.10', {
    when: RUN,
    description:
      'Smallest stake of one round (roulette: the sum of its stakes); at most `GAME_MAX_BET`; ' +
      'a bet whose win rounds may take only the multiples of a step or a higher minimum (docs/games.md)',
  }),
  GAME_MAX_BET: setting(positiveAmount, '100.00', { when: RUN, description: 'Largest stake of one round' }),
  GAME_SESSION_HOURS: setting(whole(1, 24 * 7), '4', {
    when: RUN,
    description: 'How long a launched game session lives (then 410)',
  }),
  ROUND_SWEEP_SECONDS: setting(seconds(300), '60', {
    when: RUN,
    description:
      'How often housekeeping settles open multi-step rounds whose game session ended (one node at a time); ' +
      'at most 300',
  }),
  CRASH_ROOM: setting(flag, '1', {
    when: RUN,
    description:
      '`1` runs the shared crash room on this node (docs/multiplayer-crash.md): one node at a time drives each ' +
      "currency's game, another takes over when its lease expires; the room's first run builds its hash chain. " +
      '`0` on every node leaves /play?game=crash to the single-player title',
  }),
  CRASH_ROOM_BETTING_SECONDS: setting(whole(2, 60), '6', {
    when: RUN,
    description: "How long the shared crash room takes bets before a game's multiplier starts rising",
  }),
  CRASH_ROOM_CHAIN_LENGTH: setting(whole(1, 100_000_000), '10000000', {
    when: RUN,
    description:
      'Games in a new crash room hash chain (built once per currency, about 1.2 s per million on 2 cores, ' +
      'in the background)',
  }),
  CRASH_ROOM_SALT: setting(text, 'amberplay-crash-room-salt-v1', {
    when: RUN,
    description:
      "The public salt a new crash room chain is committed with; fix it after the chain's terminating hash " +
      'is published (for example a future block hash), as docs/multiplayer-crash.md says',
  }),
  PROVIDER_CALL_TIMEOUT_SECONDS: setting(seconds(30), '5', {
    when: RUN,
    description:
      "How long the operator waits for a game provider's answer (catalogue, launch, sessions/end, round data); " +
      'at most 30',
  }),
  BONUS_WAGERING_MULTIPLIER: setting(whole(1, 1000), '10', {
    when: RUN,
    description: 'Settled real-money stakes needed to release a bonus, as a multiple of it',
  }),

  // Safer gambling
  RG_COOLING_OFF_HOURS: setting(hours, '24', {
    when: RUN,
    description: 'How long a raised or removed deposit/loss limit waits before it applies (UKGC RTS 12)',
  }),
  RG_REALITY_CHECK_TEST_MINUTES: optional(whole(1), {
    when: ['run', 'test'],
    description:
      '**Tests only**: one extra reality-check interval the API accepts besides 15–120 (the API tests use ' +
      '`1`; the browser tests move the clock instead). Leave unset in production',
  }),

  // The risk desk (docs/risk.md)
  RISK_CYCLING_PLAY_SHARE: setting(rate, '0.25', {
    when: RUN,
    description:
      'aml.cycling: a withdrawal after a deposit counts as a cycle when the stakes settled since the deposit are ' +
      'below this share of it',
  }),
  RISK_CYCLING_MAX: setting(whole(1), '2', {
    when: RUN,
    description: 'aml.cycling: an alert when a player makes more than this many cycles in 30 days',
  }),
  RISK_DEPOSITS_30D: setting(positiveAmount, '5000.00', {
    when: RUN,
    description: 'aml.deposits_no_sof: an alert when completed deposits in 30 days reach this amount',
  }),
  RISK_SOF_WITHDRAWAL_THRESHOLD: setting(positiveAmount, '2000.00', {
    when: RUN,
    description: 'source of funds: while a request is unreviewed, withdrawals above this amount are refused',
  }),
  RISK_REDEPOSIT_MINUTES: setting(whole(1, 1440), '10', {
    when: RUN,
    description: 'harm.rapid_redeposit: a deposit this many minutes or fewer after a round left the balance at zero',
  }),
  RISK_REDEPOSIT_PER_DAY: setting(whole(1), '3', {
    when: RUN,
    description: 'harm.rapid_redeposit: an alert when a player makes this many such re-deposits in 24 hours',
  }),
  RISK_STRUCTURING_THRESHOLD: setting(positiveAmount, '2000.00', {
    when: RUN,
    description: 'aml.structuring: the amount at which one deposit needs due diligence (EU AMLD art. 11(d): €2,000)',
  }),
  RISK_STRUCTURING_MARGIN: setting(rate, '0.10', {
    when: RUN,
    description: 'aml.structuring: a deposit counts as just under the threshold within this share below it',
  }),
  RISK_STRUCTURING_PER_DAY: setting(whole(2), '3', {
    when: RUN,
    description:
      'aml.structuring: an alert when a player makes this many deposits just under the threshold in 24 hours',
  }),
  RISK_CHASE_STEPS: setting(whole(2), '4', {
    when: RUN,
    description: 'harm.loss_chasing: an alert after this many losing rounds in a row each followed by a larger stake',
  }),
  RISK_CHASE_MINUTES: setting(whole(1, 1440), '60', {
    when: RUN,
    description: 'harm.loss_chasing: the rising stakes count only within this many minutes',
  }),
  RISK_SESSION_HOURS: setting(whole(1, 48), '3', {
    when: RUN,
    description: 'harm.long_session: an alert when one session of play lasts this many hours',
  }),
  RISK_SESSION_GAP_MINUTES: setting(whole(1, 1440), '20', {
    when: RUN,
    description: 'harm.long_session: a pause this long or longer between settled rounds ends a session',
  }),
  RISK_NIGHT_DAYS_7D: setting(whole(1, 7), '3', {
    when: RUN,
    description: 'harm.night_play: an alert when rounds fall between 00:00 and 06:00 local time on this many days in 7',
  }),
  RISK_NIGHT_DAYS_30D: setting(whole(1, 30), '8', {
    when: RUN,
    description:
      'harm.night_play: an alert when rounds fall between 00:00 and 06:00 local time on this many days in 30',
  }),
  RISK_DECLINED_DEPOSITS_24H: setting(whole(2), '3', {
    when: RUN,
    description: 'harm.declined_deposits: an alert when this many deposits are declined or cancelled in 24 hours',
  }),
  RISK_LIMIT_RAISE_HOURS: setting(whole(1, 720), '24', {
    when: RUN,
    description:
      'harm.limit_raise_after_hit: an alert when a limit increase is asked this many hours or fewer after a limit ' +
      'refused a deposit or a stake',
  }),
  RISK_SHARED_NETWORK_ACCOUNTS: setting(whole(2), '5', {
    when: RUN,
    description:
      'link.shared_network: a low alert when this many accounts (the signing-in one included) signed in from one ' +
      'network address within 30 days',
  }),
  RISK_SLA_HOURS_HIGH: setting(whole(1), '24', { when: RUN, description: 'Hours staff have to resolve a high alert' }),
  RISK_SLA_HOURS_MEDIUM: setting(whole(1), '72', {
    when: RUN,
    description: 'Hours staff have to resolve a medium alert',
  }),
  RISK_SLA_HOURS_LOW: setting(whole(1), '168', { when: RUN, description: 'Hours staff have to resolve a low alert' }),

  // Connections and operations (docs/deploying.md)
  HEADERS_TIMEOUT_SECONDS: setting(seconds(30), '10', {
    when: RUN,
    description: 'Time a request has to send its headers (never above the request timeout)',
  }),
  REQUEST_TIMEOUT_SECONDS: setting(seconds(30), '30', {
    when: RUN,
    description: 'Time a whole request, headers and body, may take; also how long an idle socket stays open',
  }),
  KEEP_ALIVE_TIMEOUT_SECONDS: setting(seconds(), '5', {
    when: RUN,
    description: 'How long a kept-alive connection waits for its next request',
  }),
  MAX_CONNECTIONS_PER_ADDRESS: setting(whole(1), '100', {
    when: RUN,
    description: 'Open connections one client address may hold; more get `503` and are closed',
  }),
  METRICS_TOKEN: optional(token, {
    when: RUN,
    secret: true,
    description:
      'Bearer token `GET /metrics` needs; unset, only the machine itself may read it (see ' +
      '[deploying.md](deploying.md#6-health-metrics-logs))',
  }),
  SHUTDOWN_GRACE_SECONDS: setting(seconds(600), '20', {
    when: RUN,
    description: 'After SIGTERM, how long requests in flight may take to finish',
  }),

  // The operator console (docs/operators.md)
  OPERATOR_ALLOWED_IPS: setting(addressList, '', {
    when: RUN,
    defaultText: 'unset (any address)',
    description:
      'Addresses and CIDR ranges (`203.0.113.7, 10.0.0.0/8, 2001:db8::/32`) that may open `/operator`; ' +
      'every other address gets 403 on every console path. The address is taken as for the rate limits ' +
      '(`TRUST_PROXY`). See [operators.md](operators.md)',
  }),
  ADJUSTMENT_SECOND_APPROVAL: setting(amount, '500.00', {
    when: RUN,
    description:
      "A staff balance adjustment that takes one admin's credits (or debits) to one player over 24 hours above " +
      'this waits for a second admin (four eyes). See [operator-actions.md](operator-actions.md)',
  }),
  ADJUSTMENT_APPROVER_CHANGE_DAYS: setting(whole(1), '7', {
    when: RUN,
    description:
      "Days during which an admin may not approve an adjustment whose requester reset the admin's password " +
      'or two-factor or changed their role. See [operator-actions.md](operator-actions.md)',
  }),
  ACCOUNT_RETENTION_DAYS: setting(whole(1), '30', {
    when: RUN,
    description: "Days a closed account's personal data is kept before it is pseudonymised ([account.md](account.md))",
  }),
  UNACTIVATED_ACCOUNT_DAYS: setting(whole(1), '30', {
    when: RUN,
    description: 'Days after which an account never activated is deleted',
  }),

  // Tests and tools
  CHROMIUM_PATH: optional(text, {
    when: TEST,
    defaultText: '`/usr/bin/chromium`',
    description: 'Browser for Playwright, bench and audit',
  }),
  TEST_DATABASE_URL: optional(text, {
    when: TEST,
    secret: true,
    description: '`npm test` also runs the API suite on this PostgreSQL',
  }),
  E2E_PORT: setting(port, '4510', {
    when: TEST,
    description: 'Port of the server Playwright starts ([testing.md](testing.md))',
  }),
  E2E_ISOLATED_PORT: optional(port, {
    when: TEST,
    defaultText: '`E2E_PORT + 1`',
    description: 'Port of the second server, for `*.isolated.spec.ts`',
  }),
  E2E_DEV_PORT: setting(port, '4644', {
    when: TEST,
    description: 'Port of the `astro dev` server that `tests/e2e/content-dev.spec.ts` starts on a copy of the content',
  }),
  E2E_BASE_URL: optional(urlOrigin, {
    when: TEST,
    description:
      'A deployment to check: Playwright starts no server of ours and runs only `@deploy` tests ' +
      '([deploying.md](deploying.md#testing-a-deployment))',
  }),
  E2E_API_BASE: optional(urlOrigin, {
    when: TEST,
    description: "The deployment's API origin when it is not the site's",
  }),
  E2E_PLAYER_EMAIL: optional(text, {
    when: TEST,
    description: 'An existing, activated player `npm run test:deploy` signs in as',
  }),
  E2E_PLAYER_PASSWORD: optional(text, { when: TEST, secret: true, description: "That player's password" }),
  E2E_ALLOW_WRITES: setting(flag, '0', {
    when: TEST,
    description: '`1` adds one registration and one deposit to `npm run test:deploy`',
  }),
  E2E_API_NODES: optional(originList, {
    when: TEST,
    description:
      'The API nodes behind the deployment, comma-separated origins the test machine reaches directly: the live ' +
      "stream's `@deploy` tests play a round on each (`npm run test:deploy:servers` sets it)",
  }),
  DEPLOY_TEST_PORT: setting(port, '4700', {
    when: TEST,
    description: 'First of the five loopback ports `npm run test:deploy:servers` uses',
  }),
  BENCH_PORT: setting(port, '4520', { when: TEST, description: 'Port of the server `npm run bench` starts' }),
  BENCH_API_PORT: setting(port, '4540', {
    when: TEST,
    description: 'Port of the server `npm run bench:api`, `bench:games` and `bench:stream` start',
  }),
  BENCH_SECONDS: setting(whole(1), '10', {
    when: TEST,
    description: 'Seconds each `bench:api` and `bench:games` measurement runs',
  }),
  BENCH_STREAMS: setting(whole(1, 20_000), '10000', {
    when: TEST,
    description: 'Idle live streams `npm run bench:stream` opens (at most 20,000)',
  }),
  EXCLUSION_REGISTER_PORT: setting(port, '5990', {
    when: TEST,
    description: 'Port of the exclusion register stand-in `npm run exclusion-register` starts (loopback only)',
  }),
  EXCLUSION_REGISTER_LISTED: optional(textList, {
    when: TEST,
    defaultText: 'unset (nobody listed)',
    description: 'The people the stand-in lists, as `email/YYYY-MM-DD` items',
  }),
  CMS_PORT: setting(port, '4330', { when: TEST, description: 'Port of the browser editor `npm run cms` opens' }),
  CMS_BRANCH: setting(text, 'main', { when: TEST, description: 'The branch the browser editor writes to' }),
  I18N_STALE_WARN_DAYS: setting(whole(1), '30', {
    when: TEST,
    description:
      '`npm test` and `npm run i18n:status` warn about a translation stale for more than this many days (by git ' +
      'commit times); a warning, never a failure (`i18n:status --fail-stale-days N` fails)',
  }),
  CMS_LOG_LEVEL: setting(text, 'warn', {
    when: TEST,
    description: "Log level of the editor's file handler (`decap-server`'s, run inside `npm run cms`)",
  }),
  BENCH_PROFILE: optional(text, {
    when: TEST,
    description:
      'Any value: the back-office bench (`scripts/bench-back-office.mjs`) also prints the time of each dashboard query',
  }),
  CI: setting(flag, '0', { when: TEST, description: 'Set by CI systems: Playwright then refuses `test.only`' }),
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;

/** The parsed value of each variable: never undefined when it has a default. */
export type Values = {
  [K in VariableName]: (typeof VARIABLES)[K] extends Variable<infer T, infer Defaulted>
    ? Defaulted extends true
      ? T
      : T | undefined
    : never;
};

/** The names of the variables read by `when` (the build, the server, the tests). */
export type NamesFor<W extends When> = {
  [K in VariableName]: W extends (typeof VARIABLES)[K]['when'][number] ? K : never;
}[VariableName];

/** Unset or blank (empty or only spaces): the one rule for every variable. */
export const isBlank = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw.trim() === '';

/** A startup error listing every variable that is wrong, each with what it must be. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `The configuration has ${problems.length} problems:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses one variable: blank means the default; anything else must be valid. */
function parseOne(name: VariableName, raw: string | undefined): { value?: unknown; problem?: string } {
  const variable: Variable = VARIABLES[name];
  const input = isBlank(raw) ? variable.fallback : raw;
  if (input === undefined) return { value: undefined };
  const result = v.safeParse(variable.type.schema, input);
  if (result.success) return { value: result.output };
  const shown = variable.secret ? '' : `, got "${input}"`;
  return { problem: `${name} must be ${variable.type.expects}${shown}` };
}

/**
 * Reads the variables named (all of them by default) from `env`. Throws a `ConfigError` naming
 * each invalid one; never answers half a configuration.
 */
export function parseEnv<K extends VariableName = VariableName>(
  env: Record<string, string | undefined>,
  names?: readonly K[],
): Pick<Values, K> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of names ?? (Object.keys(VARIABLES) as K[])) {
    const { value, problem } = parseOne(name, env[name]);
    if (problem) problems.push(problem);
    else values[name] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return values as Pick<Values, K>;
}

/** The variables a given reader uses: the server at run time, the site's build, the tests. */
export const namesFor = <W extends When>(when: W): NamesFor<W>[] =>
  (Object.keys(VARIABLES) as VariableName[]).filter((name): name is NamesFor<W> =>
    (VARIABLES[name].when as readonly When[]).includes(when),
  );

/**
 * The variables the running server reads (docs/configuration.md, generated from the schema). The
 * slices (mail, games, safer gambling, sign-in limits) take it from here, not from the one reading
 * that imports them, so no slice and the reading import each other.
 */
export type RunValues = Pick<Values, NamesFor<'run'>>;
