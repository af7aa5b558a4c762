import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/variables.ts';
import { parseMarketProfile, type MarketCode, type MarketProfile } from './market-profile.ts';

/** The file under version control that holds a market's rules. */
export const marketProfileFile = (code: MarketCode) => new URL(`./${code.toLowerCase()}.json`, import.meta.url);

/**
 * Reads and checks the profile of `MARKET` at start: a missing or invalid file stops the server with an
 * error naming the file and each problem, so no deployment runs under half a rule set.
 */
export function loadMarketProfile(code: MarketCode, file: URL = marketProfileFile(code)): MarketProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `MARKET=${code}: the profile ${file.pathname} cannot be read (${(error as Error).message})`,
    ]);
  }
  const parsed = parseMarketProfile(code, text);
  if (parsed.problems)
    throw new ConfigError(parsed.problems.map((problem) => `MARKET=${code}: ${file.pathname}: ${problem}`));
  return parsed.profile;
}
