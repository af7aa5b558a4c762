import type { Random } from '#core/games/fairness.ts';
import type { GameBet, RouletteBetKind } from '#core/games/protocol.ts';
import type { GameMechanic } from '#core/games/mechanics.ts';
import { checkBet, resolveBet } from '#core/games/round.ts';
import { FRENCH_ROULETTE_GAMES } from '#core/games/roulette.ts';
import type { Queryable } from './database.ts';

/**
 * Background rounds so a fresh install's lobby has a week of play to rank games by and recent
 * winners to show. They are played with the real game maths from a fixed pseudo-random sequence
 * (so every install seeds the same rows, once), at irregular times, with everyday stakes.
 * They carry a display name but no player or session, and never touch a wallet.
 */
const ROUNDS = 240;
const WEEK_MS = 7 * 24 * 3_600_000;
const PLAYERS = [
  'johnny_b',
  'maria88',
  'kenji.t',
  'priya_s',
  'lucas_m',
  'anna.k',
  'mehmet34',
  'sofia_r',
  'wei_chen',
  'carlos.v',
  'dewi_p',
  'marco79',
  'olga.n',
  'tomasz',
  'emre_k',
  'aiko',
  'liam_o',
  'noor',
  'jakub',
  'isabela',
  'rahul_v',
  'minji',
  'pedro_s',
  'chloe.d',
  'hiro',
  'svetlana',
  'andrea',
  'budi_s',
  'fatima',
  'jonas_w',
];
/** Everyday stakes, the small ones most often. */
const STAKES = [
  '0.20',
  '0.50',
  '0.50',
  '1.00',
  '1.00',
  '1.00',
  '2.00',
  '2.00',
  '2.50',
  '5.00',
  '5.00',
  '10.00',
  '20.00',
  '50.00',
];
const OUTSIDE: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];

/** mulberry32: a tiny deterministic generator; only for seeding, never for real outcomes. */
function generator(seed: number): Random & { real: () => number } {
  let state = seed >>> 0;
  const real = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { real, int: (n) => Math.floor(real() * n) };
}

function betFor(
  game: { id: string; mechanic: GameMechanic },
  stake: string,
  random: ReturnType<typeof generator>,
): GameBet {
  const { id, mechanic } = game;
  if (mechanic === 'slot') {
    // The title's own maths; a stake its lines cannot share evenly becomes 1.00 (every step divides it).
    const checked = checkBet('slot', { type: 'slot', amount: stake }, id);
    return 'bet' in checked ? checked.bet : { type: 'slot', amount: '1.00', title: id };
  }
  if (mechanic === 'baccarat') {
    const pick = random.int(20);
    return { type: 'baccarat', amount: stake, on: pick < 10 ? 'banker' : pick < 19 ? 'player' : 'tie' };
  }
  if (mechanic === 'dice') {
    const target = 2000 + random.int(7000);
    return {
      type: 'dice',
      amount: stake,
      target: `${Math.floor(target / 100)}.${String(target % 100).padStart(2, '0')}`,
      direction: random.int(2) ? 'over' : 'under',
    };
  }
  const pick = random.int(10);
  const rules = FRENCH_ROULETTE_GAMES.includes(id) ? { la_partage: true as const } : {};
  if (pick < 6)
    return { type: 'roulette', ...rules, stakes: [{ kind: OUTSIDE[random.int(OUTSIDE.length)]!, amount: stake }] };
  if (pick < 8)
    return {
      type: 'roulette',
      ...rules,
      stakes: [{ kind: random.int(2) ? 'dozen' : 'column', numbers: [1 + random.int(3)], amount: stake }],
    };
  return { type: 'roulette', ...rules, stakes: [{ kind: 'straight', numbers: [random.int(37)], amount: stake }] };
}

export async function seedBackgroundRounds(
  tx: Queryable,
  games: readonly { id: string; mechanic: GameMechanic; weight: number }[],
  currency: string,
  at: Date,
) {
  const [{ seeded } = { seeded: 0 }] = await tx.query<{ seeded: number }>(
    'SELECT count(*)::int AS seeded FROM game_rounds WHERE seed_key IS NOT NULL',
  );
  if (seeded === 0) {
    const random = generator(20_261_122);
    const totalWeight = games.reduce((sum, game) => sum + game.weight, 0);
    const values: unknown[] = [];
    const rows: string[] = [];
    let offset = 0;
    for (let index = 0; index < ROUNDS; index++) {
      // Irregular gaps (exponential, mean ≈ 42 min), so rounds cluster and thin out like real play.
      offset += -Math.log(1 - random.real()) * (WEEK_MS / ROUNDS);
      let ticket = random.real() * totalWeight;
      const game = games.find((candidate) => (ticket -= candidate.weight) < 0) ?? games[0]!;
      const bet = betFor(game, STAKES[random.int(STAKES.length)]!, random);
      const { outcome, stake, win } = resolveBet(bet, random);
      // This round's nine placeholders, in the order of `values` below (id and seed_key share the first).
      const [id, player, gameId, betJson, outcomeJson, stakeSum, winSum, cur, createdAt] = Array.from(
        { length: 9 },
        (_, column) => `$${values.length + column + 1}`,
      );
      rows.push(
        `(${id}, ${id}, ${player}, ${gameId}, 'real', 0, '', '', ${betJson}::jsonb, ${outcomeJson}::jsonb,
          ${stakeSum}::numeric, ${winSum}::numeric, ${cur}, ${createdAt}::timestamptz)`,
      );
      values.push(
        `round-${index}`,
        PLAYERS[random.int(PLAYERS.length)],
        game.id,
        JSON.stringify(bet),
        JSON.stringify(outcome),
        stake,
        win,
        currency,
        new Date(at.getTime() - Math.min(offset, WEEK_MS - 60_000)).toISOString(),
      );
    }
    await tx.query(
      `INSERT INTO game_rounds (id, seed_key, player, game_id, mode, nonce, client_seed, server_seed_hash, bet,
        outcome, stake, win, currency, created_at)
       VALUES ${rows.join(', ')} ON CONFLICT (seed_key) DO NOTHING`,
      values,
    );
  }
  // Keep the week current after downtime: move the seeded rounds so the newest is a few minutes old.
  await tx.query(
    `UPDATE game_rounds SET created_at = created_at + ($1::timestamptz - interval '3 minutes' - (SELECT max(created_at)
      FROM game_rounds WHERE seed_key IS NOT NULL))
     WHERE seed_key IS NOT NULL`,
    [at.toISOString()],
  );
}
