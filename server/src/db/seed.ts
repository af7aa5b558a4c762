import { randomUUID } from 'node:crypto';
import { hashPassword } from '../http/auth.ts';
import { DEMO_PLAYER } from './demo-player.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { Clock } from '../base/clock.ts';
import type { Database, Queryable } from './database.ts';
import { STARTUP_LOCK } from './migrate.ts';
import { addTransaction, notify } from '../services/history.ts';
import { credit, debit, recordDebit } from '../services/ledger.ts';
import { newReferralCode } from '../services/users.ts';
import { normalizeEmail } from '#core/api/validation.ts';
import { seedBackgroundRounds } from './seed-rounds.ts';
import { GAME_CATALOGUE, type CatalogueGameId } from '#core/games/catalogue.ts';

/**
 * The lobby's games (core/games/catalogue.ts: maths, RTP, volatility, rules); pictures are local
 * files in `public/games/`.
 */
export const GAMES = GAME_CATALOGUE.map(
  (game) => [game.id, game.name, game.provider, game.category, game.mechanic] as const,
);

/**
 * How often each game appears among the seeded background rounds (not a round number, so the lobby order looks
 * lived-in).
 */
const BACKGROUND_WEIGHTS: Record<CatalogueGameId, number> = {
  'amber-fortune': 17,
  'dragon-gold': 11,
  'lucky-sevens': 14,
  'star-voyage': 6,
  'pharaoh-riches': 8,
  'fruit-fiesta': 9,
  'french-roulette': 13,
  blackjack: 0,
  'baccarat-royale': 3,
  'european-roulette': 10,
  crash: 0,
  limbo: 4,
  keno: 3,
  mines: 0,
  dice: 7,
};

/**
 * Lobby data always; the demo player unless DEMO=0. Idempotent: every row has a fixed key or is
 * guarded by the demo player's existence, so restarts add nothing twice. One transaction under
 * the startup lock the migrations take, so API nodes started together seed one after the other
 * (the second finds the demo player and adds nothing) instead of colliding on a unique index.
 */
export async function seed(db: Database, config: ServerConfig, clock: Clock): Promise<void> {
  const now = clock();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const passwordHash = config.demo ? await hashPassword(DEMO_PLAYER.password) : undefined;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    for (const [index, game] of GAME_CATALOGUE.entries()) {
      const { id, name, provider, category, mechanic, rtp } = game;
      const volatility = 'volatility' in game ? game.volatility : null;
      await tx.query(
        `INSERT INTO games (id, name, provider, image, category, popularity, mechanic, rtp, volatility) VALUES ($1, $2,
          $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (id) DO UPDATE SET name = $2, provider = $3, image = $4, category = $5, popularity = $6, mechanic
         = $7, rtp = $8, volatility = $9`,
        [id, name, provider, `/games/${id}.svg`, category, GAME_CATALOGUE.length - index, mechanic, rtp, volatility],
      );
    }
    // Games no longer in the catalogue are retired (kept for their rounds, never listed), and lose their seeded
    // background rounds.
    await tx.query('UPDATE games SET retired = NOT (id = ANY($1::text[]))', [GAMES.map(([id]) => id)]);
    await tx.query(
      'DELETE FROM game_rounds WHERE seed_key IS NOT NULL AND game_id IN (SELECT id FROM games WHERE retired)',
    );
    await seedBackgroundRounds(
      tx,
      GAMES.filter(([id]) => BACKGROUND_WEIGHTS[id] > 0).map(([id, , , , mechanic]) => ({
        id,
        mechanic,
        weight: BACKGROUND_WEIGHTS[id],
      })),
      config.currency,
      now,
    );
    // Only news that is true of the product. (A "weekend reload, double points" broadcast was
    // removed: no such offer exists; migration 015 deletes it from databases seeded before.)
    await tx.query(
      `INSERT INTO notifications (seed_key, template, created_at) VALUES ('mass-new-games', 'new_games', $1)
                    ON CONFLICT (seed_key) DO NOTHING`,
      [hoursAgo(72).toISOString()],
    );
    if (passwordHash) {
      await seedDemoPlayer(tx, config, passwordHash, now, hoursAgo);
      await verifyDemoPlayer(tx);
    }
  });
}

async function seedDemoPlayer(
  tx: Queryable,
  config: ServerConfig,
  passwordHash: string,
  now: Date,
  hoursAgo: (hours: number) => Date,
) {
  const [exists] = await tx.query('SELECT 1 FROM users WHERE email = $1', [normalizeEmail(DEMO_PLAYER.email)]);
  if (exists) return;
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (email, username, first_name, password_hash, currency, referral_code, loyalty_points,
      date_joined, activated_at, first_signed_in_at)
     VALUES ($1, $2, 'Demo', $3, $4, $5, 300, $6, $6, $6) RETURNING id`,
    [
      normalizeEmail(DEMO_PLAYER.email),
      DEMO_PLAYER.username,
      passwordHash,
      config.currency,
      newReferralCode(),
      hoursAgo(24 * 30).toISOString(),
    ],
  );
  const userId = user!.id;
  const credits = [
    { type: 'bonus', account: 'bonus', amount: '20.00', template: 'bonus', params: {}, hours: 24 * 30 },
    {
      type: 'deposit',
      account: 'cash',
      amount: '200.00',
      template: 'deposit',
      params: { method: 'card' },
      method: 'card',
      hours: 24 * 29,
    },
    {
      type: 'deposit',
      account: 'cash',
      amount: '100.00',
      template: 'deposit',
      params: { method: 'bank_transfer' },
      method: 'bank_transfer',
      hours: 24 * 10,
    },
    {
      type: 'game',
      account: 'cash',
      amount: '45.50',
      template: 'game_win',
      params: { game: 'Amber Fortune' },
      hours: 24 * 3,
    },
  ] as const;
  for (const item of credits) {
    const row = await addTransaction(tx, {
      userId,
      type: item.type,
      amount: item.amount,
      status: 'completed',
      method: 'method' in item ? item.method : undefined,
      template: item.template,
      params: item.params,
      createdAt: hoursAgo(item.hours),
    });
    await credit(tx, userId, item.account, item.amount, row.id, hoursAgo(item.hours));
  }
  const debits = [
    {
      type: 'game',
      amount: '20.00',
      template: 'game_bet',
      params: { game: 'French Roulette' },
      status: 'completed',
      hours: 24 * 2,
    },
    {
      type: 'withdrawal',
      amount: '50.00',
      template: 'withdrawal',
      params: { method: 'card', destination: '•••• 4242' },
      status: 'pending',
      hours: 5,
    },
  ] as const;
  for (const item of debits) {
    await debit(tx, userId, 'cash', item.amount);
    const row = await addTransaction(tx, {
      userId,
      type: item.type,
      amount: `-${item.amount}`,
      status: item.status,
      template: item.template,
      params: item.params,
      createdAt: hoursAgo(item.hours),
      ...(item.type === 'withdrawal' ? { method: 'card', destination: '•••• 4242' } : {}),
    });
    await recordDebit(tx, userId, 'cash', item.amount, row.id, hoursAgo(item.hours));
  }
  await notify(tx, now, userId, 'welcome');
  await notify(tx, now, userId, 'deposit', { amount: '100.00', currency: config.currency });
}

/**
 * The demo player starts verified, so the demo can withdraw out of the box (docs/api.md "Identity
 * verification"). Also run on a database seeded before verification existed; a player with any
 * submission of their own, for example one staff rejected, is left as it is.
 */
async function verifyDemoPlayer(tx: Queryable) {
  await tx.query(
    `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at, reviewed_at)
     SELECT $1, id, 'passport', 'verified', date_joined, date_joined FROM users
     WHERE email = $2 AND NOT EXISTS (SELECT 1 FROM identity_verifications v WHERE v.user_id = users.id)`,
    [randomUUID(), normalizeEmail(DEMO_PLAYER.email)],
  );
}
