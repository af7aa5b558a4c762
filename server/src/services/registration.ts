import type { Services } from '../app-env.ts';
import { isUniqueViolation } from '../db/database.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { notify } from './history.ts';
import { newLink } from './link-tokens.ts';
import { loadAccount, newReferralCode } from './users.ts';
import { recordConsentChange } from './marketing-consent.ts';
import { admitResidence } from './markets/residence.ts';
import { admitByRegister } from './markets/exclusion-check.ts';
import { admitRegistrationLimit } from './markets/deposit-ceiling.ts';
import { changeLimit } from './rg/limits.ts';

export interface NewPlayer {
  email: string;
  username: string;
  passwordHash: string;
  /** A referral code as typed, upper-cased; one that matches nobody is dropped. */
  ref: string | undefined;
  locale: Locale;
  dateOfBirth: unknown;
  timeZone: string | undefined;
  /** The registration form's unticked box: true only when the player ticked it. */
  marketingConsent: boolean;
  /** The country of residence (ISO 3166-1 alpha-2); undefined where the market does not need one. */
  country: string | undefined;
  /** The monthly deposit limit chosen at sign-up, in cents; undefined: none chosen. */
  depositLimitCents: bigint | undefined;
  /** Where the account was made from, masked as sessions keep it: the operator console searches by it. */
  signupAddress: string;
}

export interface Registration {
  /** The referral code matched nobody (often a stale link), so it was dropped. */
  refIgnored: boolean;
  /** The new, inactive account's activation link; undefined when the address already had an account. */
  created: { link: string } | undefined;
}

/**
 * Creates an inactive account in one transaction, with its welcome notification and activation
 * link. An address that already has an account creates nothing, and answers like a new one would
 * (the caller mails its owner instead). A taken username is refused: usernames are public handles.
 */
export async function registerPlayer(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  player: NewPlayer,
): Promise<Registration> {
  const { db, config } = services;
  const { email, username, ref } = player;
  admitResidence(config.market.profile, player.country);
  admitRegistrationLimit(
    {
      profile: config.market.profile,
      dateOfBirth: String(player.dateOfBirth),
      now: services.clock(),
      currency: config.currency,
      locale: player.locale,
    },
    player.depositLimitCents,
  );
  await admitByRegister(services, 'registration', {
    email,
    dateOfBirth: String(player.dateOfBirth),
    firstName: '',
    lastName: '',
  });
  return db
    .transaction(async (tx) => {
      // Usernames are public handles (shown to other players), so a taken one may be said.
      const [usernameTaken] = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
      if (usernameTaken) throw InvalidInput.of('username', 'username_taken');
      // A code that matches nobody (often a stale link) never blocks a sign-up: it is dropped
      // and the answer says so, so the site can tell the player and forget the code.
      const [referrer] = ref
        ? await tx.query<{ id: number }>('SELECT id FROM users WHERE referral_code = $1', [ref])
        : [];
      const refIgnored = !!ref && !referrer;
      if (await loadAccount(tx, 'email', email)) return { refIgnored, created: undefined };
      const now = services.clock();
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO users (email, username, password_hash, currency, referral_code, referred_by, locale,
          date_of_birth, terms_accepted_at, activated_at, first_signed_in_at, date_joined, time_zone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, $9, $10) RETURNING id`,
        [
          email,
          username,
          player.passwordHash,
          config.currency,
          newReferralCode(),
          referrer?.id ?? null,
          player.locale,
          player.dateOfBirth,
          now.toISOString(),
          player.timeZone ?? null,
        ],
      );
      await tx.query('UPDATE users SET signup_ip = $2, marketing_consent = $3, country = $4 WHERE id = $1', [
        created!.id,
        player.signupAddress,
        player.marketingConsent,
        player.country ?? null,
      ]);
      await recordConsentChange(tx, created!.id, player.marketingConsent, now, 'registration');
      // A first limit applies at once, and every deposit check reads it like one set on the profile.
      if (player.depositLimitCents !== undefined)
        await changeLimit(tx, created!.id, 'deposit', 'month', player.depositLimitCents, now, 0);
      await notify(tx, now, created!.id, 'welcome');
      const link = await newLink(services, tx, 'activation', { id: created!.id, locale: player.locale });
      return { refIgnored, created: { link } };
    })
    .catch((error: unknown) => {
      // Two registrations racing for one address or name: the unique index decides. The loser
      // of an address race is answered like any taken address; of a name race, with a 400.
      if (!isUniqueViolation(error)) throw error;
      if (String((error as { constraint?: string }).constraint).includes('username'))
        throw InvalidInput.of('username', 'username_taken');
      return { refIgnored: false, created: undefined };
    });
}
