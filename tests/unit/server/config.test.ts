// One rule for every variable: unset or blank means the default; anything else must be valid, or
// the start stops with an error naming the variable. Valid values mean what they always meant.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/server-config.ts';
import { namesFor, parseEnv } from '#server/config/variables.ts';

const defaults = loadConfig({});

describe('server configuration: defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    expect(defaults).toMatchObject({
      port: 4321,
      host: '0.0.0.0',
      distDir: undefined,
      dataDir: '.data',
      databaseUrl: undefined,
      databaseSchema: undefined,
      keys: { privateKeyFile: undefined, previousPrivateKeyFile: undefined },
      siteUrlSet: false,
      requireEncryption: false,
      demo: true,
      currency: 'EUR',
      limits: { deposit_min: '10.00', deposit_max: '10000.00', withdrawal_min: '10.00', withdrawal_max: '5000.00' },
      referralRate: '0.05',
      loginMaxFailures: 5,
      loginWindowSeconds: 900,
      auth: {
        trustProxy: 0,
        loginMaxFailuresPerAddress: 50,
        registerMaxPerAddress: 5,
        registerWindowSeconds: 3600,
        passwordConcurrency: 2,
        passwordQueueMax: 32,
        tokenIdleDays: 30,
        tokenMaxAgeDays: 90,
        twoFactorCodeMaxFailures: 10,
        twoFactorCodeWindowSeconds: 900,
        demoMaxPerAddress: 60,
        demoWindowSeconds: 3600,
      },
      corsOrigins: [],
      returnOrigins: [],
      games: {
        minBet: '0.10',
        maxBet: '100.00',
        sessionHours: 4,
        bonusWageringMultiplier: 10,
        providerOrigin: 'http://localhost:4321',
        siteOrigin: 'http://localhost:4321',
        separateProvider: false,
      },
      siteUrl: 'http://localhost:4321',
      apiUrl: 'http://localhost:4321',
      paymentExpiryMinutes: 30,
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        maxConnectionsPerAddress: 100,
      },
      mail: {
        smtpUrl: undefined,
        from: 'AmberPlay <no-reply@amberplay.test>',
        supportEmail: 'support@amberplay.test',
        outboxDir: '.data/outbox',
        resetTimeoutSeconds: 3600,
        activationTimeoutSeconds: 86_400,
        resetMaxPerEmail: 3,
        resetMaxPerAddress: 20,
        resetWindowSeconds: 3600,
      },
      rg: { coolingOffHours: 24, realityCheckTestMinutes: undefined },
      operator: { allowedIps: [], idleMinutes: 30, adjustmentSecondApproval: '500.00', approverChangeDays: 7 },
      accountRetentionDays: 30,
      unactivatedAccountDays: 30,
      ops: { metricsToken: undefined, shutdownGraceMs: 20_000 },
    });
  });

  it.each(namesFor('run'))('%s: blank (empty or spaces) means the same as unset', (name) => {
    expect(loadConfig({ [name]: '' })).toEqual(defaults);
    expect(loadConfig({ [name]: '   ' })).toEqual(defaults);
  });
});

describe('server configuration: valid values', () => {
  it('reads each kind of value as before', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_URL: 'https://play.example/',
      API_URL: 'https://api.play.example',
      DIST_DIR: '/srv/site',
      DATABASE_URL: 'postgres://u:p@db/amber',
      DATABASE_SCHEMA: 'test_1',
      RSA_PRIVATE_KEY_FILE: '/k/a.pem',
      RSA_PREVIOUS_PRIVATE_KEY_FILE: '/k/b.pem',
      REQUIRE_ENCRYPTION: '1',
      DEMO: '0',
      DEPOSIT_MIN: '5',
      REFERRAL_RATE: '0.1',
      TRUST_PROXY: 'true',
      PASSWORD_QUEUE_MAX: '0',
      CORS_ORIGINS: ' https://a.example , https://b.example ,',
      RETURN_ORIGINS: 'https://c.example/',
      OPERATOR_ALLOWED_IPS: '203.0.113.7, 10.0.0.0/8, 2001:db8::/32',
      HEADERS_TIMEOUT_SECONDS: '30',
      REQUEST_TIMEOUT_SECONDS: '2.5',
      KEEP_ALIVE_TIMEOUT_SECONDS: '0.5',
      SHUTDOWN_GRACE_SECONDS: '600',
      RG_COOLING_OFF_HOURS: '0',
      RG_REALITY_CHECK_TEST_MINUTES: '1',
      METRICS_TOKEN: 'abcdefghijklmnop',
      SMTP_URL: 'smtps://u:p@mail:465',
      SUPPORT_EMAIL: ' help@play.example ',
      GAME_PROVIDER_ORIGIN: 'https://games.example:8443/any/path',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      siteUrl: 'https://play.example',
      apiUrl: 'https://api.play.example',
      siteUrlSet: true,
      distDir: '/srv/site',
      databaseUrl: 'postgres://u:p@db/amber',
      databaseSchema: 'test_1',
      keys: { privateKeyFile: '/k/a.pem', previousPrivateKeyFile: '/k/b.pem' },
      requireEncryption: true,
      demo: false,
      referralRate: '0.1',
      corsOrigins: ['https://a.example', 'https://b.example'],
      returnOrigins: ['https://c.example'],
      // The headers timeout never exceeds the request's.
      http: { headersTimeoutMs: 2_500, requestTimeoutMs: 2_500, keepAliveTimeoutMs: 500 },
      rg: { coolingOffHours: 0, realityCheckTestMinutes: 1 },
      operator: { allowedIps: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'] },
      ops: { metricsToken: 'abcdefghijklmnop', shutdownGraceMs: 600_000 },
      mail: { smtpUrl: 'smtps://u:p@mail:465', supportEmail: 'help@play.example' },
      games: {
        providerOrigin: 'https://games.example:8443',
        siteOrigin: 'https://play.example',
        separateProvider: true,
      },
    });
    expect(config.limits.deposit_min).toBe('5');
    expect(config.auth).toMatchObject({ trustProxy: 1, passwordQueueMax: 0 });
  });

  it('takes switches as 1/0 or true/false, in any case', () => {
    expect(loadConfig({ DEMO: 'FALSE', REQUIRE_ENCRYPTION: 'True' })).toMatchObject({
      demo: false,
      requireEncryption: true,
    });
    expect(loadConfig({ DEMO: '1', REQUIRE_ENCRYPTION: '0' })).toMatchObject({ demo: true, requireEncryption: false });
  });

  it('derives SITE_URL from PORT, and the game origin from HOST and PORT, when SITE_URL is unset', () => {
    expect(loadConfig({ PORT: '4645' })).toMatchObject({
      siteUrl: 'http://localhost:4645',
      apiUrl: 'http://localhost:4645',
    });
    expect(loadConfig({ PORT: '4645', HOST: '::1' }).games.providerOrigin).toBe('http://[::1]:4645');
  });
});

describe('server configuration: invalid values stop the start', () => {
  it.each([
    ['PORT', '70000', 'PORT must be a port number from 0 to 65535, got "70000"'],
    ['PORT', 'http', 'PORT must be a port number from 0 to 65535, got "http"'],
    ['DEMO', 'yes', 'DEMO must be 1 or 0 (or true or false), got "yes"'],
    ['DEPOSIT_MIN', '1e3', 'DEPOSIT_MIN must be an amount such as 10.00, got "1e3"'],
    ['GAME_MIN_BET', '0', 'GAME_MIN_BET must be a positive amount such as 0.10, got "0"'],
    ['REFERRAL_RATE', '1.5', 'REFERRAL_RATE must be a decimal from 0 to 1, e.g. 0.05, got "1.5"'],
    ['LOGIN_MAX_FAILURES', '0', 'LOGIN_MAX_FAILURES must be a whole number of at least 1, got "0"'],
    ['TOKEN_IDLE_DAYS', '2.5', 'TOKEN_IDLE_DAYS must be a whole number of at least 1, got "2.5"'],
    ['TRUST_PROXY', '-1', 'TRUST_PROXY must be a whole number of at least 0, got "-1"'],
    ['GAME_SESSION_HOURS', '169', 'GAME_SESSION_HOURS must be a whole number from 1 to 168, got "169"'],
    [
      'SHUTDOWN_GRACE_SECONDS',
      '0',
      'SHUTDOWN_GRACE_SECONDS must be a number of seconds above 0 and at most 600, got "0"',
    ],
    [
      'KEEP_ALIVE_TIMEOUT_SECONDS',
      'Infinity',
      'KEEP_ALIVE_TIMEOUT_SECONDS must be a number of seconds above 0, got "Infinity"',
    ],
    ['RG_COOLING_OFF_HOURS', '-1', 'RG_COOLING_OFF_HOURS must be a number of hours ≥ 0, got "-1"'],
    [
      'SITE_URL',
      'https://play.example/path',
      'SITE_URL must be an origin such as https://play.example (no path), got "https://play.example/path"',
    ],
    [
      'API_URL',
      'ftp://play.example',
      'API_URL must be an origin such as https://play.example (no path), got "ftp://play.example"',
    ],
    [
      'RETURN_ORIGINS',
      'https://ok.example, nope',
      'RETURN_ORIGINS must be a comma-separated list of origins such as https://play.example (no path), ' +
        'got "https://ok.example, nope"',
    ],
    [
      'GAME_PROVIDER_ORIGIN',
      'javascript:alert(1)',
      'GAME_PROVIDER_ORIGIN must be an http(s) origin such as https://games.example.com, got "javascript:alert(1)"',
    ],
    [
      'OPERATOR_ALLOWED_IPS',
      '10.0.0.0/99',
      'OPERATOR_ALLOWED_IPS must be a list of addresses or CIDR ranges such as 203.0.113.7, 10.0.0.0/8, ' +
        'got "10.0.0.0/99"',
    ],
    ['SUPPORT_EMAIL', 'nobody', 'SUPPORT_EMAIL must be an email address such as support@amberplay.test, got "nobody"'],
  ])('%s=%j', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError([message]));
  });

  it('never prints a secret it refuses', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short secret' })).toThrow(
      new ConfigError(['METRICS_TOKEN must be at least 16 printable characters without spaces']),
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(
      new ConfigError(['SMTP_URL must be a URL that starts with smtp:// or smtps://']),
    );
  });

  it('names every wrong variable at once, not only the first', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', DEMO: 'maybe', CURRENCY: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a port number from 0 to 65535, got "x"',
      'DEMO must be 1 or 0 (or true or false), got "maybe"',
    ]);
    expect((error as ConfigError).message).toBe(
      'The configuration has 2 problems:\n  PORT must be a port number from 0 to 65535, got "x"\n  DEMO ' +
        'must be 1 or 0 (or true or false), got "maybe"',
    );
  });

  it('checks settings against each other', () => {
    expect(() => loadConfig({ TOKEN_IDLE_DAYS: '100', TOKEN_MAX_AGE_DAYS: '90' })).toThrow(
      new ConfigError(['TOKEN_IDLE_DAYS must not exceed TOKEN_MAX_AGE_DAYS']),
    );
    expect(() => loadConfig({ GAME_MIN_BET: '10', GAME_MAX_BET: '5' })).toThrow(
      new ConfigError(['GAME_MIN_BET must not exceed GAME_MAX_BET']),
    );
  });

  it('lets the server ignore a wrong test-only variable', () => {
    expect(loadConfig({ E2E_PORT: 'not a port' })).toEqual(defaults);
    expect(() => parseEnv({ E2E_PORT: 'not a port' }, ['E2E_PORT'])).toThrow(
      'E2E_PORT must be a port number from 0 to 65535, got "not a port"',
    );
  });

  it('the real server stops before it opens anything, with one line per wrong variable', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'amber-config-')), 'data');
    const started = spawnSync(process.execPath, [resolve(import.meta.dirname, '../../../server/src/index.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', DEMO: 'maybe', GAME_MIN_BET: '0', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toBe(
      'The configuration has 2 problems:\n  DEMO must be 1 or 0 (or true or false), got "maybe"\n  ' +
        'GAME_MIN_BET must be a positive amount such as 0.10, got "0"\n',
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
