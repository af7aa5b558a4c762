/** The settings of the sign-in, registration, password-hashing and token protections (docs/security.md). */
export interface AuthLimits {
  /** How many reverse proxies sit in front of the server; 0 trusts no X-Forwarded-For. */
  trustProxy: number;
  /** Failed sign-ins from one client address, over all emails, per LOGIN_WINDOW_SECONDS. */
  loginMaxFailuresPerAddress: number;
  registerMaxPerAddress: number;
  registerWindowSeconds: number;
  /** scrypt jobs running at once; the rest wait in a list of at most `passwordQueueMax`. */
  passwordConcurrency: number;
  passwordQueueMax: number;
  tokenIdleDays: number;
  tokenMaxAgeDays: number;
  /** Wrong two-factor sign-in codes per player (from any address) per `twoFactorCodeWindowSeconds`. */
  twoFactorCodeMaxFailures: number;
  twoFactorCodeWindowSeconds: number;
  /** Anonymous demo launches, and demo seed rotations, per client address per `demoWindowSeconds`. */
  demoMaxPerAddress: number;
  demoWindowSeconds: number;
}

// An empty value means "the default", so a test or an .env file can blank a setting out.
function count(env: Record<string, string | undefined>, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}`);
  return value;
}

export function loadAuthLimits(env: Record<string, string | undefined>): AuthLimits {
  const limits = {
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : count(env, 'TRUST_PROXY', 0, 0),
    loginMaxFailuresPerAddress: count(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 50),
    registerMaxPerAddress: count(env, 'REGISTER_MAX_PER_ADDRESS', 5),
    registerWindowSeconds: count(env, 'REGISTER_WINDOW_SECONDS', 3600),
    passwordConcurrency: count(env, 'PASSWORD_HASH_CONCURRENCY', 2),
    passwordQueueMax: count(env, 'PASSWORD_QUEUE_MAX', 32, 0),
    tokenIdleDays: count(env, 'TOKEN_IDLE_DAYS', 30),
    tokenMaxAgeDays: count(env, 'TOKEN_MAX_AGE_DAYS', 90),
    twoFactorCodeMaxFailures: count(env, 'TWO_FACTOR_CODE_MAX_FAILURES', 10),
    twoFactorCodeWindowSeconds: count(env, 'TWO_FACTOR_CODE_WINDOW_SECONDS', 900),
    demoMaxPerAddress: count(env, 'DEMO_MAX_PER_ADDRESS', 60),
    demoWindowSeconds: count(env, 'DEMO_WINDOW_SECONDS', 3600),
  };
  if (limits.tokenIdleDays > limits.tokenMaxAgeDays) throw new Error('TOKEN_IDLE_DAYS must not exceed TOKEN_MAX_AGE_DAYS');
  return limits;
}
