/**
 * The sum of a column's cells clamped to [L, U]. Cells that are not numbers count as L, so that one bad cell cannot move
 * the sum further than a number could.
 */
export function clampedSum(cells: readonly string[], low: number, high: number): number {
  let total = 0;
  for (const cell of cells) {
    const x = cell.trim() === '' ? NaN : Number(cell);
    total += Number.isFinite(x) ? Math.min(high, Math.max(low, x)) : low;
  }
  return total;
}
