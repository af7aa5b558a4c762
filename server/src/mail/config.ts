import type { RunValues } from '../config/variables.ts';

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

/** Mail settings, from variables already parsed (config/variables.ts). */
export function mailConfigFrom(values: RunValues): MailConfig {
  return {
    smtpUrl: values.SMTP_URL,
    from: values.MAIL_FROM,
    // SUPPORT_EMAIL, else the site's PUBLIC_SUPPORT_EMAIL (`npm start` builds with the same env), else the default.
    supportEmail: values.SUPPORT_EMAIL ?? values.PUBLIC_SUPPORT_EMAIL,
    outboxDir: `${values.DATA_DIR}/outbox`,
    resetTimeoutSeconds: values.PASSWORD_RESET_TIMEOUT,
    activationTimeoutSeconds: values.ACTIVATION_TIMEOUT,
    resetMaxPerEmail: values.PASSWORD_RESET_MAX_PER_EMAIL,
    resetMaxPerAddress: values.PASSWORD_RESET_MAX_PER_ADDRESS,
    resetWindowSeconds: values.PASSWORD_RESET_WINDOW_SECONDS,
  };
}
