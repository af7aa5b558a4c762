import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameUrl, isBalanceChanged, isFrameMessage, soundPreference, SOUND_KEY } from '../../../src/scripts/play';

const SITE = 'https://amberplay.example';

describe('/play and its game frame', () => {
  beforeEach(() => vi.stubGlobal('location', { origin: SITE }));
  afterEach(() => vi.unstubAllGlobals());

  const frame = { contentWindow: {} } as unknown as HTMLIFrameElement;
  const event = (origin: string, data: unknown, source: unknown = frame.contentWindow) =>
    ({ origin, data, source }) as MessageEvent;

  it('accepts balance-changed only from the sandboxed frame (origin "null") and from its own window', () => {
    expect(isBalanceChanged(event('null', { type: 'balance-changed' }), frame)).toBe(true);
    // The page runs in an opaque origin: a message claiming the site's or another origin is not it.
    expect(isBalanceChanged(event(SITE, { type: 'balance-changed' }), frame)).toBe(false);
    expect(isBalanceChanged(event('https://evil.example', { type: 'balance-changed' }), frame)).toBe(false);
    // Any other sandboxed window (another frame, a popup) also posts as "null": the source decides.
    expect(isBalanceChanged(event('null', { type: 'balance-changed' }, {}), frame)).toBe(false);
    expect(
      isBalanceChanged(event('null', { type: 'balance-changed' }, null), {
        contentWindow: null,
      } as unknown as HTMLIFrameElement),
    ).toBe(false);
    expect(isBalanceChanged(event('null', { type: 'other' }), frame)).toBe(false);
    expect(isBalanceChanged(event('null', 'balance-changed'), frame)).toBe(false);
    expect(isBalanceChanged(event('null', null), frame)).toBe(false);
  });

  it('passes the colour mode to the game page, replacing any earlier one', () => {
    expect(frameUrl(`${SITE}/demo-games/play/abc`, 'dark')).toBe(`${SITE}/demo-games/play/abc?theme=dark`);
    expect(frameUrl(`${SITE}/demo-games/play/abc?theme=dark`, 'light')).toBe(`${SITE}/demo-games/play/abc?theme=light`);
  });

  it('frames a relative launch URL (no GAME_PROVIDER_ORIGIN) from the address the player opened', () => {
    expect(frameUrl('/demo-games/play/abc', 'light')).toBe(`${SITE}/demo-games/play/abc?theme=light`);
  });

  it('accepts game-ready from the frame window only, like balance-changed', () => {
    expect(isFrameMessage(event('null', { type: 'game-ready' }), frame, 'game-ready')).toBe(true);
    expect(isFrameMessage(event('null', { type: 'game-ready' }, {}), frame, 'game-ready')).toBe(false);
    expect(isFrameMessage(event(SITE, { type: 'game-ready' }), frame, 'game-ready')).toBe(false);
    expect(isFrameMessage(event('null', { type: 'balance-changed' }), frame, 'game-ready')).toBe(false);
  });

  it('sound is off unless the player turned it on, and a refused storage means off', () => {
    const stored = (value: string | null) => ({ getItem: (key: string) => (key === SOUND_KEY ? value : null) });
    expect(soundPreference(stored('on'))).toBe(true);
    expect(soundPreference(stored('off'))).toBe(false);
    expect(soundPreference(stored(null))).toBe(false);
    expect(soundPreference(stored('ON'))).toBe(false);
    expect(soundPreference(undefined)).toBe(false);
    expect(
      soundPreference({
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    ).toBe(false);
  });
});
