import type { ViewProjection } from '../../engine/preview/preview-types.js';

/**
 * Each projected block's rows per cell: the exact density's bins summed over the part of each bin the block covers,
 * over the block's area (in cells of the two dimensions' indices).
 */
export function blockDensity(p: Pick<ViewProjection, 'density' | 'blocks'>): number[] {
  return p.blocks.map((b) => {
    let rows = 0;
    for (const d of p.density) {
      const w = Math.min(b.x1, d.x1) - Math.max(b.x0, d.x0);
      const hgt = Math.min(b.y1, d.y1) - Math.max(b.y0, d.y0);
      if (w > 0 && hgt > 0) rows += (d.count * w * hgt) / ((d.x1 - d.x0) * (d.y1 - d.y0));
    }
    return rows / ((b.x1 - b.x0) * (b.y1 - b.y0));
  });
}
