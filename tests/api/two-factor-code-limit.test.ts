/**
 * Players' two-factor codes at sign-in are counted per account, whatever the
 * address: after 10 wrong codes in 15 minutes every further code is refused with 429 from every
 * address, the player is told by mail, and the count is one atomic statement (real parallel
 * requests, on PGlite and on PostgreSQL when DATABASE_URL is set).
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { mailTo } from './operator-harness.ts';
import { authenticatorCode, turnOnTwoFactor } from './two-factor.ts';
import { type Credentials, signInReply } from './fixtures/sign-in.ts';

const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
const ctx = useTestApi(
  { TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '50', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000', PASSWORD_QUEUE_MAX: '200' },
  { clock },
);

const codeAt = (secret: string, offsetSeconds = 0) => authenticatorCode(secret, clock(), offsetSeconds);

/** A code that is none of the codes accepted around now. */
function wrongCode(secret: string): string {
  const near = new Set([-60, -30, 0, 30, 60].map((offset) => codeAt(secret, offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function playerWithTwoFactor() {
  const player = await ctx.api.player();
  const { secret } = await turnOnTwoFactor(ctx.api, player, clock());
  clock.advance(31); // the confirming code is used; the next one is fresh
  return { ...player, secret };
}

const signIn = (player: Credentials, code: string, address: string) =>
  signInReply(ctx.api, { ...player, code }, { 'x-forwarded-for': address });

describe('two-factor codes at sign-in, per account', { timeout: 120_000 }, () => {
  it('30 parallel wrong codes from 20 addresses: 10 checked, the rest 429, then even the right code 429', async () => {
    const player = await playerWithTwoFactor();
    const wrong = wrongCode(player.secret);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) => signIn(player, wrong, `198.51.100.${index % 20}`)),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(replies.find((reply) => reply.status === 400)!.body).toEqual({
      code: ['This code is wrong or has already been used.'],
    });
    const refused = replies.find((reply) => reply.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(900);

    const right = await signIn(player, codeAt(player.secret), '203.0.113.77');
    expect(right.status).toBe(429);
    expect(right.body.auth_token).toBeUndefined();

    // One security mail, in the player's language, however many codes came after the limit.
    const mails = (await mailTo(ctx.api, player.email)).filter(
      (mail) => mail.subject === 'Too many wrong sign-in codes for your AmberPlay account',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'For the next 15 minutes, sign-in codes for your account are refused on every device.',
    );

    // After the window the right code works again.
    clock.advance(901);
    const later = await signIn(player, codeAt(player.secret), '203.0.113.77');
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it('a right code resets the count, so a player who mistypes now and then is never locked out', async () => {
    const player = await playerWithTwoFactor();
    const wrong = wrongCode(player.secret);
    for (let round = 0; round < 3; round += 1) {
      for (let index = 0; index < 9; index += 1) expect((await signIn(player, wrong, '192.0.2.1')).status).toBe(400);
      expect((await signIn(player, codeAt(player.secret), '192.0.2.1')).status).toBe(200);
      clock.advance(31);
    }
  });
});
