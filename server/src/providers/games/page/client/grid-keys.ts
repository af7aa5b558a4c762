// Arrow-key moves over a board of buttons with one tab stop (roving tabindex), shared by the
// roulette layout and the mines grid. Enter and Space are the buttons' own: they click.

/** Where a key moves from (row, column) in rows of these widths, or undefined for another key. */
export function gridMove(
  widths: readonly number[],
  row: number,
  column: number,
  key: string,
): [number, number] | undefined {
  const width = (index: number) => widths[index] ?? 1;
  // The edges stop a move, they do not wrap: a move up from the top row stays where it is.
  const clampRow = (index: number) => Math.max(0, Math.min(widths.length - 1, index));
  // Moving between rows of other widths keeps the position in proportion (roulette's outside bets).
  const scaled = (index: number) => (index === row ? column : Math.floor(((column + 0.5) / width(row)) * width(index)));
  const up = clampRow(row - 1);
  const down = clampRow(row + 1);
  const moves: Record<string, [number, number]> = {
    ArrowRight: [row, column + 1],
    ArrowLeft: [row, column - 1],
    ArrowUp: [up, scaled(up)],
    ArrowDown: [down, scaled(down)],
    Home: [row, 0],
    End: [row, width(row) - 1],
  };
  const next = moves[key];
  if (!next) return undefined;
  const r = next[0];
  return [r, Math.max(0, Math.min(width(r) - 1, next[1]))];
}

/**
 * Makes `grid` one tab stop: the button with tabindex 0 is where Tab lands, and the arrow keys,
 * Home and End move it. `rove(button)` moves the tab stop without focusing, for a board whose
 * buttons change.
 */
export function rovingGrid(grid: HTMLElement[][], start: HTMLElement = grid[0]![0]!) {
  const widths = grid.map((row) => row.length);
  const rove = (target: HTMLElement) => {
    for (const button of grid.flat()) button.tabIndex = button === target ? 0 : -1;
  };
  grid.forEach((row, r) =>
    row.forEach((button, c) =>
      button.addEventListener('keydown', (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const next = gridMove(widths, r, c, event.key);
        if (!next) return;
        event.preventDefault();
        const target = grid[next[0]]![next[1]]!;
        rove(target);
        target.focus();
      }),
    ),
  );
  rove(start);
  return { rove };
}
