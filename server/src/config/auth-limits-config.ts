import type { RunValues } from './variables.ts';
import { ConfigError } from './variables.ts';

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

/** The protections' settings, from variables already parsed (config/variables.ts). */
export function authLimitsFrom(values: RunValues): AuthLimits {
  const limits = {
    trustProxy: values.TRUST_PROXY,
    loginMaxFailuresPerAddress: values.LOGIN_MAX_FAILURES_PER_ADDRESS,
    registerMaxPerAddress: values.REGISTER_MAX_PER_ADDRESS,
    registerWindowSeconds: values.REGISTER_WINDOW_SECONDS,
    passwordConcurrency: values.PASSWORD_HASH_CONCURRENCY,
    passwordQueueMax: values.PASSWORD_QUEUE_MAX,
    tokenIdleDays: values.TOKEN_IDLE_DAYS,
    tokenMaxAgeDays: values.TOKEN_MAX_AGE_DAYS,
    twoFactorCodeMaxFailures: values.TWO_FACTOR_CODE_MAX_FAILURES,
    twoFactorCodeWindowSeconds: values.TWO_FACTOR_CODE_WINDOW_SECONDS,
    demoMaxPerAddress: values.DEMO_MAX_PER_ADDRESS,
    demoWindowSeconds: values.DEMO_WINDOW_SECONDS,
  };
  if (limits.tokenIdleDays > limits.tokenMaxAgeDays)
    throw new ConfigError(['TOKEN_IDLE_DAYS must not exceed TOKEN_MAX_AGE_DAYS']);
  return limits;
}
