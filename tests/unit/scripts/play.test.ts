import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameUrl, isBalanceChanged } from '../../../src/scripts/play';

const SITE = 'https://amberplay.example';

describe('/play and its game frame', () => {
  beforeEach(() => vi.stubGlobal('location', { origin: SITE }));
  afterEach(() => vi.unstubAllGlobals());

  const frame = { contentWindow: {} } as unknown as HTMLIFrameElement;
  const event = (origin: string, data: unknown, source: unknown = frame.contentWindow) => ({ origin, data, source }) as MessageEvent;

  it('accepts balance-changed only from the provider origin and from its own frame', () => {
    expect(isBalanceChanged(event(SITE, { type: 'balance-changed' }), frame)).toBe(true);
    expect(isBalanceChanged(event('https://evil.example', { type: 'balance-changed' }), frame)).toBe(false);
    expect(isBalanceChanged(event('null', { type: 'balance-changed' }), frame)).toBe(false);
    expect(isBalanceChanged(event(SITE, { type: 'balance-changed' }, {}), frame)).toBe(false);
    expect(isBalanceChanged(event(SITE, { type: 'other' }), frame)).toBe(false);
    expect(isBalanceChanged(event(SITE, 'balance-changed'), frame)).toBe(false);
    expect(isBalanceChanged(event(SITE, null), frame)).toBe(false);
  });

  it('passes the colour mode to the game page, replacing any earlier one', () => {
    expect(frameUrl(`${SITE}/demo-games/play/abc`, 'dark')).toBe(`${SITE}/demo-games/play/abc?theme=dark`);
    expect(frameUrl(`${SITE}/demo-games/play/abc?theme=dark`, 'light')).toBe(`${SITE}/demo-games/play/abc?theme=light`);
  });

  it('frames a relative launch URL (no GAME_PROVIDER_ORIGIN) from the address the player opened', () => {
    expect(frameUrl('/demo-games/play/abc', 'light')).toBe(`${SITE}/demo-games/play/abc?theme=light`);
  });
});
