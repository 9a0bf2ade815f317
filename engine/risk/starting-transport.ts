/**
 * Where the identification chain starts: a matching of positive weight, found at the level of record types. The
 * chain's stationary law does not depend on it; starting near the mode (each type's likeliest released type first)
 * only shortens the burn-in.
 */
import type { TypedMatrix } from './permanent-by-types.js';

/**
 * A matching with positive weight, at the level of types: X[r][c] records of type r go to type c, with X > 0 only
 * where B > 0 (greedy by the likeliest pairs, then augmenting paths through the residual type graph). Null when none.
 */
export function startingTransport(m: TypedMatrix): Int32Array | null {
  const R = m.rowCounts.length;
  const C = m.colCounts.length;
  const x = new Int32Array(R * C);
  const rowLeft = Int32Array.from(m.rowCounts);
  const colLeft = Int32Array.from(m.colCounts);
  const give = (r: number, c: number) => {
    const t = Math.min(rowLeft[r], colLeft[c]);
    if (t > 0 && m.b[r * C + c] > 0) {
      x[r * C + c] += t;
      rowLeft[r] -= t;
      colLeft[c] -= t;
    }
  };
  // Each type's likeliest column first (the chain starts near the mode), then any positive entry.
  for (let r = 0; r < R; r++) {
    let best = 0;
    for (let c = 1; c < C; c++) if (m.b[r * C + c] > m.b[r * C + best]) best = c;
    give(r, best);
  }
  for (let r = 0; r < R; r++) for (let c = 0; c < C && rowLeft[r] > 0; c++) give(r, c);
  // Augment: from a row type with records left, alternate edges B > 0 (row → column) and X > 0 (column → row).
  for (let r0 = 0; r0 < R; r0++) {
    while (rowLeft[r0] > 0) {
      const fromCol = new Int32Array(C).fill(-1);
      const fromRow = new Int32Array(R).fill(-1);
      fromRow[r0] = r0;
      let queue = [r0];
      let end = -1;
      while (queue.length > 0 && end < 0) {
        const next: number[] = [];
        for (const r of queue) {
          for (let c = 0; c < C && end < 0; c++) {
            if (fromCol[c] >= 0 || !(m.b[r * C + c] > 0)) continue;
            fromCol[c] = r;
            if (colLeft[c] > 0) end = c;
            else
              for (let r2 = 0; r2 < R; r2++)
                if (fromRow[r2] < 0 && x[r2 * C + c] > 0) {
                  fromRow[r2] = c;
                  next.push(r2);
                }
          }
        }
        queue = next;
      }
      if (end < 0) return null;
      // Push one record along the path.
      colLeft[end]--;
      let c = end;
      for (;;) {
        const r = fromCol[c];
        x[r * C + c]++;
        if (r === r0) break;
        c = fromRow[r];
        x[r * C + c]--;
      }
      rowLeft[r0]--;
    }
  }
  return x;
}
