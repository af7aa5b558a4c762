import { supportEmail } from '../../../src/data/support-email.mjs';

/** Mail and password-reset settings (docs/configuration.md, docs/security.md "Email"). */
export interface MailConfig {
  /** `smtp://` or `smtps://` server to send through; without it, mail is written to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  /** The players' support address, named in mails that tell them to contact us. */
  supportEmail: string;
  /** Where `.eml` files go when there is no SMTP server: DATA_DIR/outbox. */
  outboxDir: string;
  /** Seconds a password-reset link works after it is sent. */
  resetTimeoutSeconds: number;
  /** Seconds an account-activation link works after it is sent. */
  activationTimeoutSeconds: number;
  /**
   * Reset (and activation) mails per email address, and reset (and resend-activation) requests
   * per client address, per `resetWindowSeconds`.
   */
  resetMaxPerEmail: number;
  resetMaxPerAddress: number;
  resetWindowSeconds: number;
}

function whole(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export function loadMailConfig(env: Record<string, string | undefined>, dataDir: string): MailConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return {
    smtpUrl,
    from: env.MAIL_FROM || 'AmberPlay <no-reply@amberplay.test>',
    // SUPPORT_EMAIL, else the site's PUBLIC_SUPPORT_EMAIL (`npm start` builds with the same env), else the default.
    supportEmail: env.SUPPORT_EMAIL?.trim()
      ? supportEmail(env, 'SUPPORT_EMAIL')
      : supportEmail(env, 'PUBLIC_SUPPORT_EMAIL'),
    outboxDir: `${dataDir}/outbox`,
    resetTimeoutSeconds: whole(env, 'PASSWORD_RESET_TIMEOUT', 3600),
    activationTimeoutSeconds: whole(env, 'ACTIVATION_TIMEOUT', 86_400),
    resetMaxPerEmail: whole(env, 'PASSWORD_RESET_MAX_PER_EMAIL', 3),
    resetMaxPerAddress: whole(env, 'PASSWORD_RESET_MAX_PER_ADDRESS', 20),
    resetWindowSeconds: whole(env, 'PASSWORD_RESET_WINDOW_SECONDS', 3600),
  };
}
