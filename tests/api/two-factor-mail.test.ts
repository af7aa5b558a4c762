/**
 * Security emails: turning two-factor sign-in on or off mails the player a notice in
 * their language, as text and HTML with no remote content, through a real SMTP server.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { smtpPort, useSmtp } from './smtp.ts';
import { authenticatorCode, turnOnTwoFactor } from './two-factor.ts';

const SMTP_PORT = smtpPort();
const clock = manualClock(new Date('2026-03-03T14:05:00Z'));
const ctx = useTestApi({ SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` }, { clock });
const smtp = useSmtp(SMTP_PORT, () => ctx.api.mailer.settled());

const codeAt = (secret: string) => authenticatorCode(secret, clock());

/** A player who registered and signs in with the site in `language` (their mail language). */
async function playerIn(language: string) {
  const tag = Math.random().toString(36).slice(2, 10);
  const player = { email: `tf_${tag}@example.test`, username: `tf_${tag}`, password: 'correct-horse-battery' };
  await ctx.api.registerActive(player, { 'accept-language': language });
  await ctx.api.mailer.settled();
  await smtp.next(player.email); // the activation mail
  const login = await ctx.api.request('POST', '/auth/token/login/', {
    body: player,
    headers: { 'accept-language': language },
  });
  return { ...player, token: login.body.auth_token as string };
}

const turnOn = async (player: { token: string; password: string }) =>
  (await turnOnTwoFactor(ctx.api, player, clock())).secret;

const noRemoteContent = (html: string) => expect(html).not.toMatch(/<img|src=|url\(|https?:\/\//i);

describe('two-factor security emails', () => {
  it('mails a Korean notice when two-factor sign-in is turned on, and another when it is turned off', async () => {
    const player = await playerIn('ko-KR,ko;q=0.9');
    const secret = await turnOn(player);
    const on = await smtp.next(player.email);
    expect(on.subject).toBe('AmberPlay 계정의 2단계 로그인이 켜졌습니다');
    expect(on.text).toContain(`${player.username}님, 안녕하세요.`);
    expect(on.text).toContain('2026년 3월 3일');
    expect(on.text).toContain('UTC');
    expect(on.text).toContain('“비밀번호 찾기”');
    expect(on.html).toContain('lang="ko"');
    expect(on.html).toContain('2단계 로그인이');
    noRemoteContent(on.html as string);
    expect(on.text).not.toContain(secret);

    clock.advance(60);
    const off = await ctx.api.request('POST', '/api/user/2fa/deactivate', {
      token: player.token,
      body: { current_password: player.password, code: codeAt(secret) },
    });
    expect(off.status).toBe(204);
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('AmberPlay 계정의 2단계 로그인이 꺼졌습니다');
    expect(mail.text).toContain('이제 로그인에는 비밀번호만 필요합니다.');
    noRemoteContent(mail.html as string);
  });

  it('writes in English for an English player, and sends nothing when a change is refused', async () => {
    const player = await playerIn('en');
    const secret = await turnOn(player);
    const on = await smtp.next(player.email);
    expect(on.subject).toBe('Two-factor sign-in is now on for your AmberPlay account');
    expect(on.text).toContain('Two-factor sign-in was turned on for your AmberPlay account on March 3, 2026');
    clock.advance(60);
    const refused = await ctx.api.request('POST', '/api/user/2fa/deactivate', {
      token: player.token,
      body: { current_password: 'wrong-password-1', code: codeAt(secret) },
    });
    expect(refused.status).toBe(400);
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(0);
  });
});
