// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { gridMove, rovingGrid } from '#server/providers/games/page/client/grid-keys.ts';

describe('arrow-key moves over a board (roulette layout, mines grid)', () => {
  const square = [5, 5, 5, 5, 5];

  it('moves by one cell, stops at the edges, and Home/End go to the row’s ends', () => {
    expect(gridMove(square, 0, 0, 'ArrowRight')).toEqual([0, 1]);
    expect(gridMove(square, 0, 0, 'ArrowDown')).toEqual([1, 0]);
    expect(gridMove(square, 2, 2, 'ArrowUp')).toEqual([1, 2]);
    expect(gridMove(square, 2, 2, 'ArrowLeft')).toEqual([2, 1]);
    expect(gridMove(square, 0, 0, 'ArrowLeft')).toEqual([0, 0]);
    expect(gridMove(square, 0, 0, 'ArrowUp')).toEqual([0, 0]);
    expect(gridMove(square, 4, 4, 'ArrowRight')).toEqual([4, 4]);
    expect(gridMove(square, 4, 4, 'ArrowDown')).toEqual([4, 4]);
    expect(gridMove(square, 3, 2, 'Home')).toEqual([3, 0]);
    expect(gridMove(square, 3, 2, 'End')).toEqual([3, 4]);
    expect(gridMove(square, 3, 2, 'Enter')).toBeUndefined();
    expect(gridMove(square, 3, 2, 'a')).toBeUndefined();
  });

  it('keeps the position in proportion between rows of other widths (roulette: 0, 13 numbers, dozens, evens)', () => {
    const roulette = [1, 13, 13, 13, 3, 6];
    expect(gridMove(roulette, 0, 0, 'ArrowDown')).toEqual([1, 6]);
    expect(gridMove(roulette, 1, 12, 'ArrowUp')).toEqual([0, 0]);
    expect(gridMove(roulette, 3, 0, 'ArrowDown')).toEqual([4, 0]);
    expect(gridMove(roulette, 3, 12, 'ArrowDown')).toEqual([4, 2]);
    expect(gridMove(roulette, 4, 1, 'ArrowDown')).toEqual([5, 3]);
    expect(gridMove(roulette, 5, 5, 'End')).toEqual([5, 5]);
    // Down from the last row stays put (it used to jump to the row's first spot).
    expect(gridMove(roulette, 5, 3, 'ArrowDown')).toEqual([5, 3]);
  });

  it('keeps one tab stop that follows the keys', () => {
    const buttons = Array.from({ length: 4 }, () => document.body.appendChild(document.createElement('button')));
    const grid = [buttons.slice(0, 2), buttons.slice(2)];
    rovingGrid(grid);
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    buttons[0]!.focus();
    buttons[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, 0, -1]);
    expect(document.activeElement).toBe(buttons[2]);
    const end = new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true });
    buttons[2]!.dispatchEvent(end);
    expect(end.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(buttons[3]);
    // Other keys (Enter, Space, Tab) are left to the button and the browser.
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    buttons[3]!.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, -1, 0]);
  });
});
