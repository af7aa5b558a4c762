// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { siteMessage, winScale } from '#server/providers/games/page/client/layout.ts';
import { percentText } from '#server/providers/games/page/client/info.ts';

const SITE = 'https://amberplay.example';
const parent = {};

describe('the game page and the site', () => {
  const event = (data: unknown, source: unknown = parent, origin = SITE) => ({ data, source, origin }) as MessageEvent;

  it('takes show and sound only from its parent window at the site’s exact origin', () => {
    expect(siteMessage(event({ type: 'show', panel: 'info' }), parent, SITE)).toEqual({ type: 'show', panel: 'info' });
    expect(siteMessage(event({ type: 'show', panel: 'fairness' }), parent, SITE)).toEqual({
      type: 'show',
      panel: 'fairness',
    });
    expect(siteMessage(event({ type: 'sound', on: true }), parent, SITE)).toEqual({ type: 'sound', on: true });
    expect(siteMessage(event({ type: 'sound', on: false }), parent, SITE)).toEqual({ type: 'sound', on: false });
    // Another window, another origin, or an opaque one: ignored.
    expect(siteMessage(event({ type: 'sound', on: true }, {}), parent, SITE)).toBeNull();
    expect(siteMessage(event({ type: 'sound', on: true }, null), parent, SITE)).toBeNull();
    expect(siteMessage(event({ type: 'sound', on: true }, parent, 'https://evil.example'), parent, SITE)).toBeNull();
    expect(siteMessage(event({ type: 'sound', on: true }, parent, 'null'), parent, SITE)).toBeNull();
    // Bad shapes.
    expect(siteMessage(event({ type: 'show', panel: 'wallet' }), parent, SITE)).toBeNull();
    expect(siteMessage(event({ type: 'sound', on: 'yes' }), parent, SITE)).toBeNull();
    expect(siteMessage(event('sound'), parent, SITE)).toBeNull();
    expect(siteMessage(event(null), parent, SITE)).toBeNull();
  });

  it('scales the win effect by the net win; a payout at or below the stake is never celebrated', () => {
    expect(winScale('2.00', '0.00')).toBe(0);
    expect(winScale('2.00', '1.00')).toBe(0);
    expect(winScale('2.00', '2.00')).toBe(0);
    expect(winScale('2.00', '2.01')).toBe(1);
    expect(winScale('2.00', '9.99')).toBe(1);
    expect(winScale('2.00', '10.00')).toBe(2);
    expect(winScale('2.00', '49.99')).toBe(2);
    expect(winScale('2.00', '50.00')).toBe(3);
    expect(winScale('0.00', '5.00')).toBe(0);
    expect(winScale('x', '5.00')).toBe(0);
  });

  it('shows the catalogue’s RTP with its exact decimals in the page’s language', () => {
    expect(percentText('97.30', 'en-US')).toBe('97.30%');
    expect(percentText('99.00', 'en-US')).toBe('99.00%');
    expect(percentText('98.65', 'de-DE')).toBe('98,65\u00a0%');
    expect(percentText('95.4', 'en-US')).toBe('95.4%');
  });
});
