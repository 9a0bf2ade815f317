/**
 * η of a linkage matrix whose rows and columns repeat, by a dynamic programme over column types that only adds
 * non-negative terms (no cancellation, unlike Ryser's alternating sum).
 *
 * Let the N original records fall into R types (identical rows of A) with multiplicities m_r, and the N released
 * records into C types with multiplicities n_c, B[r][c] the common entry. Order the records by type and assign them one
 * at a time to a released *type*; a state is the vector s of how many records of each released type are used (0 ≤ s_c ≤
 * n_c), so there are Π_c (n_c + 1) states, and F(s) = Σ_c [s_c > 0]·F(s − e_c)·B[r(|s|)][c] sums over the ways the
 * first |s| records fill s. Each type-level assignment stands for Π_c n_c! record-level ones (the records of a released
 * type can be permuted), so
 *
 *   perm(A) = Π_c n_c! · F(n).
 *
 * With G the same sum over the *last* records, the probability that record p (of type r) goes to some released record
 * of type c is Σ_{|s| = p−1} F(s)·B[r][c]·G(n − s − e_c) / perm-weight, and by symmetry within a type
 *
 *   η(i, j) = P(record i → type of j) / n_{c(j)}    (Hasegawa & Miura, eq. 15, summed over the matchings by type).
 *
 * With all columns distinct (n_c = 1) the states are the subsets of columns and this is the O(2^N·N) subset DP.
 * Every layer |s| = ℓ is rescaled by a power of two (exact) against underflow and overflow; the scales cancel in η,
 * which is normalized per record over c. Rounding: every value is a sum of products of non-negative numbers, so the
 * relative error of each is at most γ_K = K·u/(1 − K·u), u = 2⁻⁵³, K = 2·N·(C + 1) + L + C + 8 with L the largest
 * layer (Higham, Accuracy and Stability of Numerical Algorithms, 2002, §3.1 and §4.2: N layers of at most C + 1
 * operations forward and backward, a sum over one layer, a sum over C), and each η entry is within 2·γ_K of exact.
 * The caller transposes the problem when the original side has fewer states.
 */

export interface TypedMatrix {
  /** Row types × column types, row-major: B[r·C + c] ≥ 0. */
  readonly b: Float64Array;
  /** Multiplicity of each row type (original records) and column type (released records); both sum to N. */
  readonly rowCounts: readonly number[];
  readonly colCounts: readonly number[];
}

export interface TypedEta {
  /** eta[r·C + c]: η of one record of row type r and one record of column type c. */
  readonly eta: Float64Array;
  /** ln perm(A) (−Infinity when no matching has positive weight). */
  readonly logPermanent: number;
  /** Upper bound on |computed − exact| for every η entry (rounding only; the method is exact). */
  readonly bound: number;
}

/** The number of states Π (counts + 1), or Infinity beyond 2^53. */
export function stateCount(counts: readonly number[]): number {
  let s = 1;
  for (const n of counts) {
    s *= n + 1;
    if (s > Number.MAX_SAFE_INTEGER) return Infinity;
  }
  return s;
}

const LN2 = Math.LN2;

/** η by the DP over column types; `maxStates` caps Π (n_c + 1) (the caller chooses the side with fewer states). */
export function typedEta(m: TypedMatrix, maxStates = 1 << 21): TypedEta {
  const R = m.rowCounts.length;
  const C = m.colCounts.length;
  const states = stateCount(m.colCounts);
  if (states > maxStates) throw new RangeError(`typed η: ${states} states exceed the limit ${maxStates}`);
  const N = m.rowCounts.reduce((s, x) => s + x, 0);
  if (m.colCounts.reduce((s, x) => s + x, 0) !== N)
    throw new RangeError('typed η: row and column multiplicities must have the same total');
  const stride = new Float64Array(C);
  for (let c = 0, s = 1; c < C; c++) {
    stride[c] = s;
    s *= m.colCounts[c] + 1;
  }
  // Rows rescaled to a largest entry in [1, 2): scaling a row by a power of two is exact and cancels in η.
  const b = new Float64Array(R * C);
  let logScale = 0;
  for (let r = 0; r < R; r++) {
    let hi = 0;
    for (let c = 0; c < C; c++) hi = Math.max(hi, m.b[r * C + c]);
    const e = hi > 0 ? Math.floor(Math.log2(hi)) : 0;
    logScale += m.rowCounts[r] * e * LN2;
    for (let c = 0; c < C; c++) b[r * C + c] = m.b[r * C + c] * 2 ** -e;
  }
  // States grouped by layer |s| (counting sort over a mixed-radix counter).
  const layerOf = new Int32Array(states);
  const digits = new Int32Array(C);
  const layerSize = new Int32Array(N + 2);
  for (let s = 0, layer = 0; s < states; s++) {
    layerOf[s] = layer;
    layerSize[layer + 1]++;
    for (let c = 0; c < C; c++) {
      if (digits[c] < m.colCounts[c]) {
        digits[c]++;
        layer++;
        break;
      }
      layer -= digits[c];
      digits[c] = 0;
    }
  }
  const layerStart = new Int32Array(N + 2);
  for (let l = 1; l <= N + 1; l++) layerStart[l] = layerStart[l - 1] + layerSize[l];
  const order = new Int32Array(states);
  const fill = layerStart.slice();
  for (let s = 0; s < states; s++) order[fill[layerOf[s]]++] = s;
  // rowType[p]: the type of the (p+1)-th record in type order.
  const rowType = new Int32Array(N);
  for (let r = 0, p = 0; r < R; r++) for (let k = 0; k < m.rowCounts[r]; k++) rowType[p++] = r;
  const digit = (s: number, c: number) => Math.floor(s / stride[c]) % (m.colCounts[c] + 1);
  /** Fills `f` layer by layer with the records taken in the order `typeAt(1..N)`; returns the per-layer log scales. */
  const sweep = (typeAt: (l: number) => number): { f: Float64Array; logScale: Float64Array } => {
    const f = new Float64Array(states);
    const scale = new Float64Array(N + 1);
    f[0] = 1;
    for (let l = 1; l <= N; l++) {
      const row = typeAt(l) * C;
      let hi = 0;
      for (let k = layerStart[l]; k < layerStart[l + 1]; k++) {
        const s = order[k];
        let sum = 0;
        for (let c = 0; c < C; c++) if (digit(s, c) > 0) sum += f[s - stride[c]] * b[row + c];
        f[s] = sum;
        if (sum > hi) hi = sum;
      }
      const e = hi > 0 ? Math.floor(Math.log2(hi)) : 0;
      scale[l] = scale[l - 1] + e * LN2;
      if (e !== 0) {
        const factor = 2 ** -e;
        for (let k = layerStart[l]; k < layerStart[l + 1]; k++) f[order[k]] *= factor;
      }
    }
    return { f, logScale: scale };
  };
  const forward = sweep((l) => rowType[l - 1]);
  const backward = sweep((l) => rowType[N - l]);
  const full = states - 1;
  let logFactorials = 0;
  for (const n of m.colCounts) for (let k = 2; k <= n; k++) logFactorials += Math.log(k);
  const top = forward.f[full];
  const logPermanent = top > 0 ? Math.log(top) + forward.logScale[N] + logScale + logFactorials : -Infinity;
  const eta = new Float64Array(R * C);
  if (top > 0) {
    const toType = new Float64Array(C);
    for (let r = 0, p = 0; r < R; p += m.rowCounts[r], r++) {
      // Record p (0-based) is the first of type r: the first p records fill s, the last N − p − 1 fill n − s − e_c.
      toType.fill(0);
      for (let k = layerStart[p]; k < layerStart[p + 1]; k++) {
        const s = order[k];
        const fs = forward.f[s];
        if (fs === 0) continue;
        for (let c = 0; c < C; c++)
          if (digit(s, c) < m.colCounts[c]) toType[c] += fs * backward.f[full - s - stride[c]];
      }
      let total = 0;
      for (let c = 0; c < C; c++) total += toType[c] *= b[r * C + c];
      for (let c = 0; c < C; c++) eta[r * C + c] = total > 0 ? toType[c] / total / m.colCounts[c] : 0;
    }
  }
  let largestLayer = 0;
  for (let l = 0; l <= N; l++) largestLayer = Math.max(largestLayer, layerSize[l + 1]);
  const K = 2 * N * (C + 1) + largestLayer + C + 8;
  const u = 2 ** -53;
  return { eta, logPermanent, bound: (2 * K * u) / (1 - K * u) };
}
