/**
 * The API contract: every request and response shape the site and the reference server share.
 * Both sides import these types, so a change here breaks the build of whichever side lags.
 * Money is always a decimal string with two decimals ("12.50"), never a JavaScript number.
 */

/** A decimal amount as a string, e.g. "12.50". Parse and compare it with `core/api/money.ts`. */
export type Money = string;
/** An ISO 8601 timestamp in UTC, e.g. "2026-11-21T10:00:00.000Z". */
export type Timestamp = string;

export const PAYMENT_METHODS = ['card', 'bank_transfer', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'bonus', 'referral', 'game', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** `voided`: a game round staff voided (stake returned, win taken back). */
export type TransactionStatus = 'pending' | 'completed' | 'cancelled' | 'voided';

export const GAME_CATEGORIES = ['slots', 'live', 'table', 'instant'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Field errors in Django REST framework's shape: `{"email": ["…"], "non_field_errors": ["…"]}`. */
export type FieldErrors = Record<string, string[]>;
/** Every 4xx/5xx body is either `{detail}` or field errors. */
export type ApiErrorBody = { detail: string } | FieldErrors;

// POST /auth/users/
export interface RegisterRequest {
  email: string;
  username: string;
  password: string;
  /** `YYYY-MM-DD`; the player must be at least 18 (MIN_AGE). */
  date_of_birth: string;
  /** Must be `true`: the player accepts the terms and rules. */
  accept_terms: boolean;
  /** A referral code from a `?ref=` link. */
  ref?: string;
  /** The browser's IANA time zone (`Europe/Berlin`), for the dates in mails; an unknown one is ignored. */
  time_zone?: string;
  /** The registration form's unticked "send me offers" box; absent means no consent. */
  marketing_consent?: boolean;
  /**
   * The country of residence, ISO 3166-1 alpha-2 (`GB`). Required where the market's licence covers only some
   * countries (`MarketInfo.countries`); one it does not cover is refused `403 country_not_offered`.
   */
  country?: string;
  /**
   * A monthly deposit limit chosen at sign-up, where the market offers or requires one (`MarketInfo.deposit_limit`):
   * at most the market's ceiling for the player's age.
   */
  deposit_limit?: { amount: Money; period: 'month' };
}
/**
 * The same for a new address and for one that already has an account (then nothing is created
 * and its owner is mailed instead), so registration tells nobody which addresses are taken.
 * A new account is inactive until the link mailed to it is opened (`activation`).
 */
export interface RegisterResponse {
  email: string;
  username: string;
  /** Present when the request's `ref` matched no player: a new account is created without it. */
  ref_ignored?: true;
}

// POST /auth/token/login/ and /auth/token/logout/
export interface LoginRequest {
  email: string;
  password: string;
  /** For a player with two-factor sign-in: the current TOTP code or an unused backup code. */
  code?: string;
  /**
   * The random id the site keeps in this browser's storage (a UUID; never a fingerprint), for the risk
   * desk's shared-device signal. Anything not UUID-shaped is ignored.
   */
  device_id?: string;
}
export interface LoginResponse {
  auth_token: string;
  /**
   * When the token expires unless used (an addition to Djoser's shape); every authenticated answer renews it in its
   * `Token-Expires` header.
   */
  expires_at: string;
  /** Present on the account's first sign-in (an addition to Djoser's shape): the site welcomes the new player. */
  first_sign_in?: true;
}

// GET /api/user/sessions, DELETE /api/user/sessions?id=, POST /auth/token/logoutall/
export interface SessionInfo {
  id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  /** Browser and system from the User-Agent at sign-in, e.g. "Firefox · Linux"; "" if unknown. */
  device: string;
  /** Masked address at sign-in: "203.0.113.x", or an IPv6 /48; "" if unknown. */
  ip: string;
  /** The session this request was made with. */
  current: boolean;
}

// GET /api/user/2fa (an addition: whether two-factor sign-in is on)
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused backup codes left; 0 when two-factor sign-in is off. */
  backup_codes_left: number;
}
// POST /api/user/2fa/activate
export interface TwoFactorActivateResponse {
  otpauth_url: string;
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** An addition to the contract: the otpauth URL as a QR code, an SVG document. */
  qr_svg: string;
}
// POST /api/user/2fa/activate/confirm
export interface TwoFactorConfirmRequest {
  code: string;
}
export interface TwoFactorConfirmResponse {
  /** Ten single-use codes, shown only in this answer. */
  backup_codes: string[];
}
// POST /api/user/2fa/deactivate
export interface TwoFactorDeactivateRequest {
  /** Djoser's name; turning two-factor on needs it too. */
  current_password: string;
  code: string;
}

// GET /api/user/me and PATCH /api/user/update
export interface Loyalty {
  level: 'bronze' | 'silver' | 'gold' | 'platinum' | 'diamond';
  points: number;
  /** Points needed for the next level; null at the top level. */
  next_level_points: number | null;
}
/** The player's money limits, so forms can explain them before the server has to refuse. */
export interface Limits {
  deposit_min: Money;
  deposit_max: Money;
  withdrawal_min: Money;
  withdrawal_max: Money;
}
export interface User {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  balance: Money;
  bonus_balance: Money;
  currency: string;
  loyalty: Loyalty;
  referral_code: string;
  date_joined: Timestamp;
  limits: Limits;
  /**
   * GET /api/user/me only: when this sign-in's next reality check is due (null when off), so every
   * page can wait for it without loading more script (src/scripts/reality-check.ts).
   */
  reality_check_next_at?: Timestamp | null;
  /**
   * The IANA time zone the player's mails write dates in (`Europe/Berlin`): the browser's at sign-up,
   * changed on the profile page; null when none is known (mails then say UTC).
   */
  time_zone: string | null;
  /** Game sound on or off (the /play bar's toggle), remembered for the player in every browser; off by default. */
  game_sound: boolean;
  /** Incognito: "Hidden" instead of the (masked) name in every public feed, bets and winners; off by default. */
  incognito: boolean;
  /** Consent to marketing offers (promotions reach only consenting players); off by default, each change audited. */
  marketing_consent: boolean;
  /** The country of residence given at sign-up (ISO 3166-1 alpha-2); null for accounts made before it was asked. */
  country: string | null;
}
/** The only fields PATCH /api/user/update accepts; anything else is a 400 for that field. */
export const EDITABLE_USER_FIELDS = [
  'username',
  'first_name',
  'last_name',
  'time_zone',
  'game_sound',
  'incognito',
  'marketing_consent',
] as const;
export type UserUpdateRequest = Partial<Pick<User, (typeof EDITABLE_USER_FIELDS)[number]>>;

// GET /api/user/notification?mode=mass|own|set_read, DELETE /api/user/notification?id=
export type NotificationListMode = 'mass' | 'own';
export interface Notification {
  id: number;
  title: string;
  body: string;
  created_at: Timestamp;
  read: boolean;
}
export interface SetReadResponse {
  unread_count: number;
}

// POST /api/user/payments/create-payment
export interface CreatePaymentRequest {
  amount: Money;
  currency?: string;
  method: PaymentMethod;
  /** Where the demo payment page sends the player back; a path or URL on the site. */
  return_url?: string;
}
export interface Payment {
  id: string;
  status: 'pending' | 'completed' | 'cancelled';
  amount: Money;
  currency: string;
  method: PaymentMethod;
  redirect_url: string;
  created_at: Timestamp;
}

// POST /api/user/withdrawal
export interface WithdrawalRequest {
  amount: Money;
  method: PaymentMethod;
  /** Card, account or wallet the money goes to. */
  destination: string;
}
export interface Withdrawal {
  id: number;
  status: 'pending';
  amount: Money;
  currency: string;
  method: PaymentMethod;
  destination: string;
  created_at: Timestamp;
  /** The balance after the amount was reserved. */
  balance: Money;
}

// GET /api/user/history
export interface HistoryQuery {
  type?: TransactionType;
  /** Inclusive, YYYY-MM-DD (UTC). */
  date_from?: string;
  /** Inclusive, YYYY-MM-DD (UTC). */
  date_to?: string;
  page?: number;
  page_size?: number;
}
export interface Transaction {
  id: number;
  type: TransactionType;
  /** Signed: credits are positive, debits negative. */
  amount: Money;
  status: TransactionStatus;
  created_at: Timestamp;
  description: string;
  /**
   * A game round (type `game`, not cancelled): its id, for GET /api/user/history/rounds/:round_id (verify from
   * history).
   */
  round_id?: string;
}
/**
 * GET /api/user/history/rounds/:round_id: one of the player's own real-money rounds (404 for any
 * other). A round of our own games (`kind: 'own'`) is recomputed in the browser. `seed`: `revealed`
 * (round.server_seed is there), `secret` (revealed when the player changes seeds in this game, or
 * once its session ends at `session_ends_at`), or `open` (the round is still in play).
 */
export interface OwnRoundCheck {
  kind: 'own';
  game: { id: string; name: string };
  round: import('../games/protocol').RoundView;
  seed: 'revealed' | 'secret' | 'open';
  session_ends_at: Timestamp;
}
/**
 * A third-party provider's round (`kind: 'provider'`): the wallet's record of it, and what its
 * provider publishes to verify it (docs/provider-api.md, `GET {base}/v1/rounds/{round_id}`), or
 * `published: null` when that provider publishes no verification data.
 */
export interface ProviderRoundCheck {
  kind: 'provider';
  game: { id: string; name: string };
  round: { round_id: string; created_at: Timestamp; stake: Money; win: Money; state: 'open' | 'settled' };
  published: PublishedRoundData | null;
}
/** A provider's verification data for one round; each field only when the provider sends it. */
export interface PublishedRoundData {
  server_seed_hash?: string;
  /** The seed itself, once the provider has revealed it (null before). */
  server_seed?: string | null;
  client_seed?: string;
  nonce?: number;
  /** The provider's own description of the outcome, shown as it sent it. */
  outcome?: unknown;
}
export type GameRoundCheck = OwnRoundCheck | ProviderRoundCheck;
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

// GET /api/user/referral-stats
export interface ReferralStats {
  referral_code: string;
  invited: number;
  /** Invited players who have made at least one deposit. */
  active: number;
  earned: Money;
  currency: string;
}

// POST /gmnggate/api
export interface PlayerSetRequest {
  method: 'player_set';
  /** The page locale, so games open in the player's language. */
  lang?: string;
}
export interface PlayerSetResponse {
  status: 'ok';
  player_id: string;
}
/**
 * POST /gmnggate/api {method: "game_launch"}: `real` needs the token (401 without); `demo` works
 * signed out with 1,000.00 play money per session and touches no wallet. 404 {detail} for an
 * unknown game, 403 {detail} for a player who may not play. The page's locale is the request's
 * Accept-Language. `url` is the provider's game page, to show in an iframe; it lives
 * GAME_SESSION_HOURS (4 h by default).
 */
export type GameMode = 'real' | 'demo';
/** The site's colour mode, which a provider's game page follows. */
export type GameTheme = 'light' | 'dark';
export interface GameLaunchRequest {
  method: 'game_launch';
  game_id: string;
  mode: GameMode;
  /** The colour mode the player sees; `dark` (the site's default) when absent. */
  theme?: GameTheme;
}
export interface GameLaunchResponse {
  url: string;
  session_id: string;
}

// GET /api/user/bonus (POST /api/user/bonus/cancel answers the updated User)
export interface BonusStatus {
  /** A bonus is active while the bonus balance is above zero. */
  active: boolean;
  bonus_balance: Money;
  /** Settled real-money stakes needed, as a multiple of the bonus (BONUS_WAGERING_MULTIPLIER). */
  wagering_multiplier: number;
  wagering_required: Money;
  /** Real money staked since the bonus became active. */
  wagered: Money;
  /** What is still to be staked before the bonus moves to the cash balance. */
  remaining: Money;
  currency: string;
  /** The offer the player took, while it waits for its deposit or runs: its terms, for the real bonus. */
  offer?: OfferTerms & { status: 'waiting' | 'wagering'; expires_at: Timestamp };
}

// GET /api/user/offers, POST /api/user/offers/:id/accept (answers 204)
/**
 * A deposit match as a player sees it before accepting and while it runs, with the figures the
 * server computed: `games` maps each eligible game's id to the percent of a stake that counts.
 * A withdrawal while it runs forfeits the bonus (never the cash).
 */
export interface OfferTerms {
  id: number;
  kind: 'deposit_match';
  name: string;
  match_percent: number;
  cap: Money;
  wagering_multiple: number;
  /** The largest stake allowed while wagering. */
  max_stake: Money;
  expiry_days: number;
  games: Record<string, number>;
  /** What meeting the wagering is expected to cost: bonus × multiple × weighted house edge (docs/promotions.md). */
  expected_cost: Money;
}

// GET /api/user/cashback, POST /api/user/cashback/:id/claim (answers the CashbackStatus, now paid)
/**
 * A cashback offer as a player sees it: `percent` of the net losses (real-money stakes minus wins of
 * rounds settled in the period) of the last whole period, paid as cash with no wagering, once.
 * Periods are `period_days` long, counted in UTC from 1970-01-01.
 */
export interface CashbackStatus {
  id: number;
  kind: 'cashback';
  name: string;
  percent: number;
  period_days: number;
  period_start: Timestamp;
  period_end: Timestamp;
  /** Stakes minus wins in the period; zero when the player won. */
  net_loss: Money;
  /** What the claim pays (or paid): percent of the net loss, rounded down to the cent. */
  amount: Money;
  paid: boolean;
}

// GET /api/races, GET /api/races/:id/leaderboard (public; a signed-in player also gets `you`)
/** One place of a race's prize table: cash, or bonus money with the race's wagering multiple. */
export interface RacePrize {
  position: number;
  amount: Money;
  kind: 'cash' | 'bonus';
}

/**
 * A race: ranked by the real-money stakes settled on its games between `starts_at` and `ends_at`
 * (docs/promotions.md "Races"). `games` are the eligible game ids (categories already resolved).
 */
export interface Race {
  id: number;
  name: string;
  status: 'upcoming' | 'running';
  starts_at: Timestamp;
  ends_at: Timestamp;
  games: string[];
  categories: string[];
  prizes: RacePrize[];
  bonus_multiplier: number;
  currency: string;
}

/** A place on a race's leaderboard; `player` is masked, or `HIDDEN_PLAYER` for an incognito player. */
export interface RaceStanding {
  position: number;
  player: string;
  wagered: Money;
  prize: RacePrize | null;
}

/** The signed-in player's own place, and what more they must wager to reach the next place up. */
export interface RaceOwnStanding {
  /** Null until the player has wagered on the race. */
  position: number | null;
  wagered: Money;
  /** Absent at position 1. `amount` more puts the player at `position` (ties go to who got there first). */
  next?: { position: number; amount: Money };
}

export interface RaceLeaderboard {
  race: Race;
  top: RaceStanding[];
  you?: RaceOwnStanding;
}

/** GET /gmnggate/most_popular ranks this many games (the home page's "Most popular" row). */
export const MOST_POPULAR_COUNT = 12;

// GET /gmnggate/most_popular
/** `GET /api/market`: the licensed market the site runs under, for the footer (docs/markets.md). */
export interface MarketInfo {
  code: string;
  currency: string;
  regulator: { name: string; url: string };
  /** LICENCE_NUMBER; null when the operator has not set it. */
  licence_number: string | null;
  /** The countries of residence the licence covers: `any` (but `blocked_countries`) or only these. */
  countries: 'any' | string[];
  blocked_countries: string[];
  /** The deposit limit asked at sign-up: `none`, `offered` or `required`, and the monthly ceilings (null: none). */
  deposit_limit: {
    at_registration: 'none' | 'offered' | 'required';
    monthly_max: Money | null;
    monthly_max_young: Money | null;
  };
  /** The game mechanics the market offers, or "all" (docs/markets.md): pages built for every market hide the rest. */
  games_allowed: 'all' | string[];
}

export interface Game {
  id: string;
  name: string;
  provider: string;
  /** A path or URL of the game's picture (an image the API serves itself). */
  image: string;
  category: GameCategory;
}

// GET /api/user/favourites (the player's starred games, newest first); PUT and DELETE
// /api/user/favourites/:game_id answer 204 and are idempotent; an unknown game is 404.
export type FavouriteGames = Game[];

// GET /api/user/recently-played: the games the player launched last (real money), newest first.
export interface RecentGame extends Game {
  played_at: Timestamp;
  /** A multi-step round (blackjack, mines, crash) is still open: the lobby says "continue". */
  open_round: boolean;
}

// GET /gmnggate/games?category=&q=&page=&page_size= (public): the catalogue, in DRF pagination shape.
export interface CatalogueGame extends Game {
  mechanic: string;
  /** Return to player in percent, two decimals, e.g. "97.30". */
  rtp: string;
  min_bet: Money;
  max_bet: Money;
  /** The game's short rules text in the asked language (?lang=, else Accept-Language, else English). */
  rules: string;
  /** Where it applies (slots). */
  volatility?: 'low' | 'medium' | 'high';
  /** False for a provider's game without a demo mode (only real money launches); absent otherwise. */
  demo?: false;
}

// GET /api/snikx/win_stats
/**
 * The winners feed's name for a player who chose incognito: a string, as the feed's `player` has
 * always been, and never a masked name (those always hold "***"). The site shows it in its language.
 */
export const HIDDEN_PLAYER = 'Hidden';

export interface Win {
  /** Masked, e.g. "jo***n"; `HIDDEN_PLAYER` for a player who chose incognito. */
  player: string;
  game: string;
  /** The NET win (payout − stake); the feed lists only rounds whose payout exceeded the stake. */
  amount: Money;
  currency: string;
  at: Timestamp;
}

// Safer gambling: GET/PATCH /api/user/responsible-gaming and its actions.
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];
/** Reality-check intervals in minutes; `null` is off. */
export const REALITY_CHECK_MINUTES = [null, 15, 30, 45, 60, 90, 120] as const;
export const TIME_OUT_PERIODS = ['24h', '7d', '1m', '6w'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];

export interface RgLimit {
  amount: Money;
  /**
   * Counted in the rolling window that ends now (deposits from creation; losses = stakes − what the games paid back).
   */
  used: Money;
  remaining: Money;
  /** A raise or removal waiting out the cooling-off; `amount` null removes the limit. */
  pending: null | { amount: Money | null; effective_at: Timestamp };
}
export type RgLimits = Record<RgPeriod, RgLimit | null>;

export interface ResponsibleGaming {
  deposit_limits: RgLimits;
  loss_limits: RgLimits;
  reality_check_minutes: number | null;
  /** When this sign-in (token) began. */
  session_started_at: Timestamp;
  time_out_until: Timestamp | null;
  self_excluded_until: Timestamp | null;
  /** Completed deposits − withdrawals, over the account's life. */
  lifetime_net_deposits: Money;
  /** Additions for the reality-check dialog: when it is next due (null when off) and this session's money. */
  reality_check_next_at: Timestamp | null;
  session: { deposits: Money; stakes: Money; wins: Money; net: Money };
  currency: string;
}

/** Each period: an amount to set, `null` to remove, absent to leave. */
export interface ResponsibleGamingUpdate {
  deposit_limits?: Partial<Record<RgPeriod, Money | null>>;
  loss_limits?: Partial<Record<RgPeriod, Money | null>>;
  reality_check_minutes?: number | null;
}
export interface RealityCheckAck {
  next_at: Timestamp | null;
}
export interface TimeOutRequest {
  period: TimeOutPeriod;
  password: string;
}
export interface SelfExclusionRequest {
  period: SelfExclusionPeriod;
  password: string;
  confirm: true;
}

/** Identity documents a player may send; passports have no back side. */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type VerificationStatus = 'none' | 'pending' | 'verified' | 'rejected';
/** `GET /api/user/verification`: the newest submission's status; `reason` only after a rejection. */
export interface Verification {
  status: VerificationStatus;
  document_type?: DocumentType;
  submitted_at?: Timestamp;
  reason?: string;
}
/**
 * `GET /api/user/source-of-funds`: the request staff opened and have not reviewed yet (null when none),
 * with how many documents the player has sent for it. `POST` (multipart, one `file`) answers it with 201.
 */
export interface SourceOfFundsStatus {
  request: { requested_at: Timestamp; documents: number; max_documents: number } | null;
}
/** The most documents a player may send for one source-of-funds request. */
export const SOF_MAX_DOCUMENTS = 10;
/** `POST /api/user/verification` (multipart, the one body that is never encrypted) answers this with 201. */
export interface VerificationSubmitted {
  status: 'pending';
  document_type: DocumentType;
  submitted_at: Timestamp;
}

/** `POST /api/stream/ticket` (no body): a single-use ticket for `GET /api/stream?ticket=` (docs/live-stream.md). */
export interface StreamTicket {
  ticket: string;
}
/** The `balance` event's data: the player's balances after a movement of their wallet. */
export interface BalanceEvent {
  balance: Money;
  bonus_balance: Money;
  currency: string;
}
/** The `bet` event's data: a real-money round that settled, on any node. */
export interface BetEvent {
  round: string;
  game_id: string;
  game: string;
  /** Masked ("jo***n"); null for a player who chose incognito (the site shows "Hidden"). */
  player: string | null;
  stake: Money;
  payout: Money;
  /** payout / stake, two decimals; null for a stake of 0. */
  multiplier: string | null;
  /** Only a payout above the stake is a win (UKGC RTS 7). */
  win: boolean;
  currency: string;
  at: Timestamp;
  /** True only on the stream of the player who played it. */
  mine: boolean;
  /** The stake or the payout is above the server's LIVE_HIGH_ROLLER_AMOUNT: listed under "High rollers". */
  high_roller: boolean;
}
/** The `notification` event's data: a new notification of the player's own (the badge counts it). */
export interface NotificationEvent {
  id: number;
  created_at: Timestamp;
}
/** The `withdrawal` event's data: a withdrawal asked for, or its new status. */
export interface WithdrawalEvent {
  id: number;
  status: TransactionStatus;
  /** Signed, as in the history: a withdrawal is negative. */
  amount: Money;
  created_at: Timestamp;
}
/** The `decision` event's data: a limit set or scheduled to rise, or a verification decided by staff. */
export type DecisionEvent =
  | {
      kind: 'limit';
      limit: 'deposit' | 'loss';
      period: RgPeriod;
      amount: Money | null;
      pending_amount: Money | null;
      effective_at: Timestamp | null;
    }
  | { kind: 'verification'; status: 'verified' | 'rejected'; reason_code: string | null };

/** Every path of the contract, relative to the API base. */
export const API_PATHS = {
  register: '/auth/users/',
  login: '/auth/token/login/',
  logout: '/auth/token/logout/',
  resetPassword: '/auth/users/reset_password/',
  resetPasswordConfirm: '/auth/users/reset_password_confirm/',
  setPassword: '/auth/users/set_password/',
  setEmail: '/auth/users/set_email/',
  setEmailConfirm: '/auth/users/set_email_confirm/',
  exportData: '/api/user/export',
  closeAccount: '/api/user/close',
  activation: '/auth/users/activation/',
  resendActivation: '/auth/users/resend_activation/',
  logoutAll: '/auth/token/logoutall/',
  sessions: '/api/user/sessions',
  twoFactorActivate: '/api/user/2fa/activate',
  twoFactorConfirm: '/api/user/2fa/activate/confirm',
  twoFactorDeactivate: '/api/user/2fa/deactivate',
  twoFactorStatus: '/api/user/2fa',
  me: '/api/user/me',
  updateUser: '/api/user/update',
  notifications: '/api/user/notification',
  createPayment: '/api/user/payments/create-payment',
  withdrawal: '/api/user/withdrawal',
  history: '/api/user/history',
  gameRound: '/api/user/history/rounds/:round_id',
  referralStats: '/api/user/referral-stats',
  favourites: '/api/user/favourites',
  favourite: '/api/user/favourites/:game_id',
  recentlyPlayed: '/api/user/recently-played',
  gateway: '/gmnggate/api',
  bonus: '/api/user/bonus',
  bonusCancel: '/api/user/bonus/cancel',
  offers: '/api/user/offers',
  cashback: '/api/user/cashback',
  cashbackClaim: '/api/user/cashback/:id/claim',
  offerAccept: '/api/user/offers/:id/accept',
  races: '/api/races',
  raceLeaderboard: '/api/races/:id/leaderboard',
  mostPopular: '/gmnggate/most_popular',
  market: '/api/market',
  games: '/gmnggate/games',
  winStats: '/api/snikx/win_stats',
  responsibleGaming: '/api/user/responsible-gaming',
  realityCheckAck: '/api/user/reality-check/ack',
  timeOut: '/api/user/time-out',
  selfExclusion: '/api/user/self-exclusion',
  verification: '/api/user/verification',
  sourceOfFunds: '/api/user/source-of-funds',
  stream: '/api/stream',
  streamTicket: '/api/stream/ticket',
  crashRoom: '/api/crash-room',
  crashRoomBets: '/api/crash-room/bets',
  crashRoomCashout: '/api/crash-room/cashout',
} as const;

/** `GET /api/crash-room`: the shared crash room as anyone may see it (docs/multiplayer-crash.md). */
export interface CrashRoomState {
  currency: string;
  /** The server's clock: the page animates the rise from it, never from its own. */
  now: string;
  /** null before the room's first game (CRASH_ROOM off, or its chain still being built). */
  commitment: { terminating_hash: string; salt: string; games: number } | null;
  current: {
    game: number;
    phase: 'betting' | 'rising';
    rises_at: string;
    /** The multiplier now, while rising. */
    multiplier: string | null;
    /** Masked names (null for a player who chose incognito); `paid` once a player has cashed out. */
    players: { player: string | null; stake: string; paid: string | null }[];
  } | null;
  /** The last 50 games, newest first, each with its revealed hash. */
  history: { game: number; crash_point: string; hash: string }[];
}

/** `POST /api/crash-room/bets` {amount, auto_cashout?} and `POST /api/crash-room/cashout` (no body). */
export interface CrashRoomBet {
  game: number;
  stake: Money;
  auto_cashout: string | null;
  /** Set once the bet is settled: the multiplier paid ("0.00" when lost) and the win. */
  paid: string | null;
  win: Money | null;
  balance: Money;
}

/** `GET /api/crash-room/bets`: the signed-in player's bet in the running game, or null. */
export interface CrashRoomMine {
  bet: CrashRoomBet | null;
}

export interface ResetPasswordRequest {
  email: string;
}
/** From the fragment of the mailed link: `#uid=…&token=…`. */
export interface ResetPasswordConfirmRequest {
  uid: string;
  token: string;
  new_password: string;
}
/** From the fragment of the mailed activation link: `#uid=…&token=…`. */
export interface ActivationRequest {
  uid: string;
  token: string;
}
export interface ResendActivationRequest {
  email: string;
}
export interface SetPasswordRequest {
  current_password: string;
  new_password: string;
}
/** Djoser's set_email: a link goes to `new_email`; the address changes once it is opened. */
export interface SetEmailRequest {
  current_password: string;
  new_email: string;
}
/** From the fragment of the link mailed to the new address: `#uid=…&token=…`. */
export interface SetEmailConfirmRequest {
  uid: string;
  token: string;
}
/** The longest reason a player may give for closing the account. */
export const CLOSE_REASON_MAX_LENGTH = 500;
/**
 * Closing the account. With a cash balance above zero, `method` and `destination` say where it is
 * paid out (a pending withdrawal, as /api/user/withdrawal makes); without a balance they are not needed.
 */
export interface CloseAccountRequest {
  password: string;
  reason?: string;
  method?: PaymentMethod;
  destination?: string;
}
export interface CloseAccountResponse {
  closed: true;
  /** The pending withdrawal of the whole balance, when there was one. */
  payout: { id: number; amount: Money; currency: string } | null;
}

/** The largest request body either side sends or accepts. */
export const MAX_BODY_BYTES = 64 * 1024;
/** The largest identity document file (each side), checked by the site before upload and by the server. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The largest verification upload: two files at the limit plus the form's boundaries and headers.
 * Refused before it is read (Content-Length) or while it streams, never buffered past this.
 */
export const VERIFICATION_MAX_BODY_BYTES = 11 * 1024 * 1024;
