// MARKET selects one rule profile per deployment; every profile file is checked at start and a bad
// one stops the server with an error naming the file and the problem.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/server-config.ts';
import { MARKET_CODES } from '#server/markets/market-profile.ts';
import { loadMarketProfile, marketProfileFile } from '#server/markets/market-profiles.ts';

/** A copy of the GB profile with one change, written where the loader can read it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a profile's JSON, changed by field as the test says
function changedProfile(change: (profile: Record<string, any>) => void): URL {
  const profile = JSON.parse(readFileSync(marketProfileFile('GB'), 'utf8'));
  change(profile);
  const file = join(mkdtempSync(join(tmpdir(), 'market-')), 'gb.json');
  writeFileSync(file, JSON.stringify(profile));
  return pathToFileURL(file);
}

describe('market profiles', () => {
  it('MARKET defaults to MT, in euros, under the Malta Gaming Authority', () => {
    const config = loadConfig({});
    expect(config.market.profile.code).toBe('MT');
    expect(config.market.profile.regulator.name).toBe('Malta Gaming Authority');
    expect(config.currency).toBe('EUR');
    expect(config.market.licenceNumber).toBeUndefined();
  });

  it('MARKET=GB takes the GB profile, its currency and the configured licence number', () => {
    const config = loadConfig({ MARKET: 'GB', LICENCE_NUMBER: '000-012345-R-123456-001' });
    expect(config.market.profile.regulator.name).toBe('UK Gambling Commission');
    expect(config.currency).toBe('GBP');
    expect(config.market.licenceNumber).toBe('000-012345-R-123456-001');
    expect(config.market.profile.rules.gameCycle.minimumSeconds.slot).toBe(2.5);
  });

  it('an unknown market stops the start with the choices', () => {
    expect(() => loadConfig({ MARKET: 'US' })).toThrow(/MARKET must be one of MT, GB, DE, NL, CA-ON/);
  });

  it.each(MARKET_CODES)('the %s profile under version control is valid and cites a source for every rule', (code) => {
    const profile = loadMarketProfile(code);
    expect(profile.code).toBe(code);
    for (const rule of Object.values(profile.rules)) expect(rule.source.length).toBeGreaterThan(8);
  });

  it('a profile with a bad amount stops the start, naming the file and the field', () => {
    const file = changedProfile((profile) => (profile.rules.stakeCaps.caps[0].max = '5,00'));
    expect(() => loadMarketProfile('GB', file)).toThrow(ConfigError);
    expect(() => loadMarketProfile('GB', file)).toThrow(/gb\.json: rules\.stakeCaps\.caps\.0\.max must be an amount/);
  });

  it('a rule without its source, an unknown game or another market’s code is refused', () => {
    const withoutSource = changedProfile((profile) => delete profile.rules.gameCycle.source);
    expect(() => loadMarketProfile('GB', withoutSource)).toThrow(/rules\.gameCycle\.source/);
    const unknownGame = changedProfile((profile) => (profile.rules.games.allowed = ['slot', 'poker']));
    expect(() => loadMarketProfile('GB', unknownGame)).toThrow(/rules\.games\.allowed/);
    const otherCode = changedProfile((profile) => (profile.code = 'DE'));
    expect(() => loadMarketProfile('GB', otherCode)).toThrow(/code is DE, not GB/);
  });

  it('a profile that is not JSON stops the start', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'market-')), 'gb.json');
    writeFileSync(file, '{ "code": ');
    expect(() => loadMarketProfile('GB', pathToFileURL(file))).toThrow(/gb\.json: is not JSON/);
  });
});
