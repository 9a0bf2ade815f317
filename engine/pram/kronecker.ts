/**
 * The Kronecker product P_1 ⊗ … ⊗ P_m applied to a joint histogram without forming it (Hasegawa & Miura, eq. 4): a
 * joint histogram over V_1 × … × V_m is a dense tensor, and (⊗_a P_a)ᵀ acts on it one axis at a time, each axis costing
 * O(cells · |V_a|) — or O(cells) for a retention matrix, which is a mix diag·I + off·(J − I) and so needs only the sum
 * along the axis. An axis with no map (an attribute left as it is) is skipped.
 */
import type { TransitionMatrix } from './transition-matrix.js';

export type AxisMap =
  | { readonly kind: 'dense'; readonly n: number; readonly p: Float64Array }
  /** P(u → u) = diag, P(u → v) = off for v ≠ u. */
  | { readonly kind: 'mix'; readonly n: number; readonly diag: number; readonly off: number };

/** The cheapest exact form of a matrix: 'mix' when every diagonal entry is equal and every other entry too. */
export function axisMapOf(m: TransitionMatrix): AxisMap {
  const n = m.size;
  const diag = m.p[0];
  const off = n > 1 ? m.p[1] : 0;
  for (let u = 0; u < n; u++) {
    for (let v = 0; v < n; v++) if (m.p[u * n + v] !== (u === v ? diag : off)) return { kind: 'dense', n, p: m.p };
  }
  return { kind: 'mix', n, diag, off };
}

/** The map of the entry-wise square P ∗ P, for the variance Σ_u h_u P(1 − P) = E − (P ∗ P)ᵀh. */
export function squaredAxisMap(a: AxisMap): AxisMap {
  return a.kind === 'mix'
    ? { kind: 'mix', n: a.n, diag: a.diag * a.diag, off: a.off * a.off }
    : { kind: 'dense', n: a.n, p: a.p.map((x) => x * x) };
}

/** y = (⊗ P_a)ᵀ x for a tensor x of the given shape (last axis fastest); `maps[a]` null leaves axis a alone. */
export function applyKronecker(
  x: Float64Array,
  shape: readonly number[],
  maps: readonly (AxisMap | null)[],
): Float64Array {
  let cur: Float64Array = Float64Array.from(x);
  let stride = 1;
  for (let a = shape.length - 1; a >= 0; a--) {
    const n = shape[a];
    const map = maps[a];
    if (map) {
      if (map.n !== n) throw new RangeError(`axis ${a}: a map over ${map.n} values for an axis of ${n}`);
      cur = applyAxis(cur, n, stride, map);
    }
    stride *= n;
  }
  return cur;
}

function applyAxis(x: Float64Array, n: number, stride: number, map: AxisMap): Float64Array {
  const out = new Float64Array(x.length);
  const block = n * stride;
  for (let base = 0; base < x.length; base += block) {
    for (let s = 0; s < stride; s++) {
      const o = base + s;
      if (map.kind === 'mix') {
        // y_v = diag·x_v + off·(Σ_u x_u − x_v).
        let sum = 0;
        for (let u = 0; u < n; u++) sum += x[o + u * stride];
        for (let v = 0; v < n; v++) out[o + v * stride] = (map.diag - map.off) * x[o + v * stride] + map.off * sum;
      } else {
        for (let u = 0; u < n; u++) {
          const xu = x[o + u * stride];
          if (xu === 0) continue;
          for (let v = 0; v < n; v++) out[o + v * stride] += xu * map.p[u * n + v];
        }
      }
    }
  }
  return out;
}
