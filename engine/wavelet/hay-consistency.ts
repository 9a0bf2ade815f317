/**
 * Constrained inference on a quadtree of noisy counts.
 *
 * Least-squares consistency: Hay, Rastogi, Miklau, Suciu, "Boosting the Accuracy of Differentially Private Histograms
 * Through Consistency", VLDB 2010, Theorem 3. For a tree of branching b whose nodes all carry noise of the same
 * variance, the consistent tree (every parent = the sum of its children) closest to the noisy one in L2 is found in two
 * passes: bottom-up, z = h̃ at a leaf and z = (b^ℓ − b^(ℓ−1))/(b^ℓ − 1)·h̃ + (b^(ℓ−1) − 1)/(b^ℓ − 1)·Σ z(children) at a
 * node of height ℓ (leaves have ℓ = 1); top-down, h̄ = z at the root and h̄ = z + (h̄(parent) − Σ z(siblings))/b below.
 * It is the orthogonal projection onto the consistent trees, a linear map.
 *
 * Non-negativity: top-down, the root becomes max(h̄, 0) and the children of every node of value P are replaced by the
 * Euclidean projection of their h̄ onto {x ≥ 0, Σx = P} (Duchi, Shalev-Shwartz, Singer, Chandra, ICML 2008), so
 * children still sum to their parent; a node of value 0 has only zeros below it and is skipped.
 *
 * Levels are row-major squares: level l has side 2^l, and the children of (r, c) are (2r + dr, 2c + dc).
 */

/** The least-squares consistent tree (Hay et al. 2010) for branching 4; `levels[l]` has side 2^l. */
export function leastSquaresConsistency(levels: readonly Float64Array[]): Float64Array[] {
  const m = levels.length - 1;
  const b = 4;
  const z = levels.map((x) => Float64Array.from(x));
  for (let l = m - 1; l >= 0; l--) {
    const height = m - l + 1;
    const bl = b ** height;
    const alpha = (bl - bl / b) / (bl - 1);
    const beta = (bl / b - 1) / (bl - 1);
    const side = 2 ** l;
    const child = z[l + 1];
    for (let r = 0; r < side; r++) {
      for (let c = 0; c < side; c++) {
        const i = r * side + c;
        z[l][i] = alpha * levels[l][i] + beta * childSum(child, 2 * side, r, c);
      }
    }
  }
  const h = z.map((x) => Float64Array.from(x));
  for (let l = 1; l <= m; l++) {
    const side = 2 ** l;
    const parentSide = side / 2;
    for (let r = 0; r < parentSide; r++) {
      for (let c = 0; c < parentSide; c++) {
        const adjust = (h[l - 1][r * parentSide + c] - childSum(z[l], side, r, c)) / b;
        for (const [dr, dc] of QUAD)
          h[l][(2 * r + dr) * side + 2 * c + dc] = z[l][(2 * r + dr) * side + 2 * c + dc] + adjust;
      }
    }
  }
  return h;
}

const QUAD = [
  [0, 0],
  [0, 1],
  [1, 0],
  [1, 1],
] as const;

function childSum(child: Float64Array, childSide: number, r: number, c: number): number {
  const i = 2 * r * childSide + 2 * c;
  return child[i] + child[i + 1] + child[i + childSide] + child[i + childSide + 1];
}

/** The Euclidean projection of y onto {x ≥ 0, Σx = total} (total ≥ 0), written into out (Duchi et al. 2008, Fig. 1). */
export function projectOntoSimplex(y: ArrayLike<number>, total: number, out: Float64Array): void {
  const mu = Array.from(y).sort((a, b) => b - a);
  let sum = 0;
  let theta = 0;
  for (let j = 0; j < mu.length; j++) {
    sum += mu[j];
    const t = (sum - total) / (j + 1);
    if (mu[j] - t > 0) theta = t;
  }
  for (let j = 0; j < y.length; j++) out[j] = Math.max(y[j] - theta, 0);
}

/** Non-negative consistent leaves: top-down simplex projections of `h` (consistent or not); returns the leaf level. */
export function nonNegativeLeaves(h: readonly Float64Array[]): Float64Array {
  const m = h.length - 1;
  let values = new Float64Array(1);
  values[0] = Math.max(h[0][0], 0);
  const y = new Float64Array(4);
  const x = new Float64Array(4);
  for (let l = 0; l < m; l++) {
    const side = 2 ** l;
    const childSide = 2 * side;
    const next = new Float64Array(childSide * childSide);
    for (let r = 0; r < side; r++) {
      for (let c = 0; c < side; c++) {
        const total = values[r * side + c];
        if (total === 0) continue;
        QUAD.forEach(([dr, dc], j) => (y[j] = h[l + 1][(2 * r + dr) * childSide + 2 * c + dc]));
        projectOntoSimplex(y, total, x);
        QUAD.forEach(([dr, dc], j) => (next[(2 * r + dr) * childSide + 2 * c + dc] = x[j]));
      }
    }
    values = next;
  }
  return values;
}
