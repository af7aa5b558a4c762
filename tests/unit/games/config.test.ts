import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/server-config.ts';

const loadGameConfig = (env: Record<string, string>) => loadConfig(env).games;

describe('game settings', () => {
  it('defaults: 0.10–100.00, 4 h sessions, a sweep a minute, 10× wagering, the provider on the site origin', () => {
    expect(loadGameConfig({ SITE_URL: 'https://amber.example/' })).toEqual({
      minBet: '0.10',
      maxBet: '100.00',
      sessionHours: 4,
      roundSweepMs: 60_000,
      providerCallTimeoutMs: 5_000,
      bonusWageringMultiplier: 10,
      providerOrigin: 'https://amber.example',
      siteOrigin: 'https://amber.example',
      separateProvider: false,
      // The shared crash room is off until its page ships; its chain is bustabit's length.
      crashRoom: { enabled: true, bettingMs: 6_000, chainLength: 10_000_000, salt: 'amberplay-crash-room-salt-v1' },
    });
    expect(loadGameConfig({ CRASH_ROOM: '0', CRASH_ROOM_BETTING_SECONDS: '2' }).crashRoom).toMatchObject({
      enabled: false,
      bettingMs: 2_000,
    });
    expect(() => loadGameConfig({ CRASH_ROOM_BETTING_SECONDS: '1' })).toThrow(/CRASH_ROOM_BETTING_SECONDS/);
    expect(loadGameConfig({ PORT: '4626' }).providerOrigin).toBe('http://localhost:4626');
    // Housekeeping settles open rounds of ended sessions at least every 5 minutes.
    expect(loadGameConfig({ ROUND_SWEEP_SECONDS: '300' }).roundSweepMs).toBe(300_000);
    expect(() => loadGameConfig({ ROUND_SWEEP_SECONDS: '301' })).toThrow(/ROUND_SWEEP_SECONDS/);
    expect(loadGameConfig({ PORT: '4626', HOST: '0.0.0.0' }).providerOrigin).toBe('http://localhost:4626');
    expect(loadGameConfig({ PORT: '4617', HOST: '127.0.0.1' }).providerOrigin).toBe('http://127.0.0.1:4617');
  });

  it('takes a separate provider origin and custom limits', () => {
    const config = loadGameConfig({
      SITE_URL: 'https://amber.example',
      GAME_PROVIDER_ORIGIN: 'https://games.example:8443',
      GAME_MIN_BET: '1',
      GAME_MAX_BET: '5.50',
      GAME_SESSION_HOURS: '2',
      BONUS_WAGERING_MULTIPLIER: '30',
    });
    expect(config).toMatchObject({
      providerOrigin: 'https://games.example:8443',
      separateProvider: true,
      minBet: '1',
      maxBet: '5.50',
      sessionHours: 2,
      bonusWageringMultiplier: 30,
    });
  });

  it.each([
    [{ GAME_MIN_BET: '0' }, /GAME_MIN_BET/],
    [{ GAME_MAX_BET: '1e3' }, /GAME_MAX_BET/],
    [{ GAME_MIN_BET: '10', GAME_MAX_BET: '5' }, /must not exceed/],
    [{ GAME_SESSION_HOURS: '0' }, /GAME_SESSION_HOURS/],
    [{ BONUS_WAGERING_MULTIPLIER: '2.5' }, /BONUS_WAGERING_MULTIPLIER/],
    [{ GAME_PROVIDER_ORIGIN: 'javascript:alert(1)' }, /GAME_PROVIDER_ORIGIN/],
    [
      { SITE_URL: 'https://amber.example/some/path' },
      'SITE_URL must be an origin such as https://play.example (no path), got "https://amber.example/some/path"',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadGameConfig(env)).toThrow(message);
  });
});
