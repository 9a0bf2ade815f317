import type { PreviewBody } from '../../extension/preview/preview-protocol.js';

type GridBody = Extract<PreviewBody, { kind: 'grid' }>;

/**
 * The top of a map's colour scale: its 99.9th percentile, so that a few noise outliers (a draw's +5,000 in one cell)
 * do not wash the rest of the map into the scale's lowest shade; the cells above it are counted and said.
 */
export function robustTop(values: readonly number[]): { top: number; above: number } {
  const sorted = Float64Array.from(values).sort();
  const top = Math.max(1, sorted[Math.min(sorted.length - 1, Math.floor(0.999 * sorted.length))] ?? 1);
  let above = 0;
  for (const v of values) if (v > top) above++;
  return { top, above };
}

/**
 * Whether the chosen method's expected error of one cell exceeds a typical cell's count (the mean over cells that hold
 * any row), and if so the finest coarser grid whose cell (a range of side 2^j of this grid) has an expected error
 * below the typical count of such a block. Null when the cells answer better than their noise.
 */
export function noiseHint(
  body: Pick<GridBody, 'size' | 'method' | 'truth' | 'rmse'>,
): { cellError: number; typical: number; coarser?: number } | null {
  const mine = new Map(body.rmse.filter((r) => r.method === body.method).map((r) => [r.side, r.rmse]));
  const cellError = mine.get(1);
  if (cellError === undefined) return null;
  const typicalAt = (side: number) => {
    const blocks = new Map<number, number>();
    const n = body.size / side;
    for (let i = 0; i < body.truth.length; i++) {
      const v = body.truth[i];
      if (v <= 0) continue;
      const key = Math.floor(Math.floor(i / body.size) / side) * n + Math.floor((i % body.size) / side);
      blocks.set(key, (blocks.get(key) ?? 0) + v);
    }
    let total = 0;
    for (const v of blocks.values()) total += v;
    return blocks.size === 0 ? 0 : total / blocks.size;
  };
  const typical = typicalAt(1);
  if (cellError <= typical) return null;
  const side = [...mine.keys()].sort((a, b) => a - b).find((s) => s > 1 && (mine.get(s) ?? Infinity) < typicalAt(s));
  return { cellError, typical, ...(side ? { coarser: body.size / side } : {}) };
}
