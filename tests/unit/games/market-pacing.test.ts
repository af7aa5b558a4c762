// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { floorScale, setMotionFloor } from '#server/providers/games/page/client/motion.ts';
import { elapsedText } from '#server/providers/games/page/client/session-panel.ts';

describe('the session bar’s time played', () => {
  it('reads as a clock: m:ss under an hour, h:mm:ss from an hour, whole seconds down', () => {
    expect(elapsedText(0)).toBe('0:00');
    expect(elapsedText(5_999)).toBe('0:05');
    expect(elapsedText(65_000)).toBe('1:05');
    expect(elapsedText(3_599_999)).toBe('59:59');
    expect(elapsedText(3_600_000)).toBe('1:00:00');
    expect(elapsedText(36_061_000)).toBe('10:01:01');
  });

  it('never goes below zero (a clock set back)', () => {
    expect(elapsedText(-5_000)).toBe('0:00');
  });
});

describe('the reels fill what is left of the game cycle', () => {
  it('stretch a 1.33 s spin to the 2.4 s left, and never shorten one', () => {
    setMotionFloor(2400);
    expect(floorScale(1330)).toBeCloseTo(2400 / 1330, 10);
    setMotionFloor(500);
    expect(floorScale(1330)).toBe(1);
    setMotionFloor(-100);
    expect(floorScale(1330)).toBe(1);
    setMotionFloor(0);
    expect(floorScale(0)).toBe(1);
  });
});
