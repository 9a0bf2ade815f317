// Data for the view benchmark (bench/views.bench.ts): Adult over six declared dimensions and two generated data sets.
// The workload generator is the engine's (engine/view/view-accuracy.ts), shared with the preview.
import { seededRandom, type RandomSource } from '../engine/core/random.js';
import type { ViewCounts, ViewDimension } from '../engine/view/view-types.js';
import { loadAdult } from '../test/helpers/adult.js';
import { adultViewCounts } from '../test/helpers/adult-view.js';

export interface BenchData {
  readonly name: string;
  readonly input: ViewCounts;
  readonly rows: number;
}

/**
 * Adult (ARX's 30,162 rows): age within 0..99 and the hierarchy leaves of sex, race, marital-status, education,
 * salary-class.
 */
export function adultData(): BenchData {
  const input = adultViewCounts(loadAdult());
  return { name: 'adult (6-D, 224,000 cells)', input, rows: input.weights.length };
}

const uniform = (rng: RandomSource) => rng.nextUint32() / 2 ** 32;
/** A standard normal by Box–Muller (benchmark data only, not noise). */
const normal = (rng: RandomSource) => Math.sqrt(-2 * Math.log(1 - uniform(rng))) * Math.cos(2 * Math.PI * uniform(rng));

/**
 * gauss-3d: 50,000 rows on a 100 × 100 × 50 grid, from a mixture of 5 Gaussian clusters (centres and spreads drawn from
 * seed 7, σ between 2 and 10 cells per axis), clamped to the grid: dense clusters in a mostly empty domain.
 */
export function gaussianMixture(): BenchData {
  const rng = seededRandom(7);
  const sizes = [100, 100, 50];
  const dims: ViewDimension[] = sizes.map((s, j) => ({ kind: 'range', name: `g${j}`, lo: 0, hi: s - 1 }));
  const clusters = Array.from({ length: 5 }, () => ({
    weight: 0.5 + uniform(rng),
    centre: sizes.map((s) => s * (0.15 + 0.7 * uniform(rng))),
    sigma: sizes.map(() => 2 + 8 * uniform(rng)),
  }));
  const totalWeight = clusters.reduce((s, c) => s + c.weight, 0);
  const n = 50_000;
  const codes = sizes.map(() => new Int32Array(n));
  for (let i = 0; i < n; i++) {
    let u = uniform(rng) * totalWeight;
    let c = clusters[0];
    for (const k of clusters)
      if ((u -= k.weight) <= 0) {
        c = k;
        break;
      }
    sizes.forEach(
      (s, j) => (codes[j][i] = Math.min(s - 1, Math.max(0, Math.round(c.centre[j] + c.sigma[j] * normal(rng))))),
    );
  }
  return {
    name: 'gauss-3d (100×100×50, 5 clusters)',
    input: { dimensions: dims, codes, weights: new Int32Array(n).fill(1) },
    rows: n,
  };
}

/**
 * zipf-12d: 50,000 rows over twelve categorical dimensions of 4, 5, 6, 8, 4, 5, 6, 8, 4, 5, 6 and 8 values
 * (8.8 × 10^8 cells, far beyond the identity view's limit): the first value Zipf(1.2), each next one the previous index
 * plus a Zipf(1.2) step modulo its size — a chain of dependent attributes, the high-dimensional sparse case HDPView was
 * designed for (PrivTree's fanout is 2^12 there).
 */
export function zipfChain(sizes = [4, 5, 6, 8, 4, 5, 6, 8, 4, 5, 6, 8]): BenchData {
  const rng = seededRandom(11);
  const dims: ViewDimension[] = sizes.map((s, j) => ({
    kind: 'categorical',
    name: `z${j}`,
    values: Array.from({ length: s }, (_, v) => `v${v}`),
  }));
  const zipf = (s: number) => {
    const w = Array.from({ length: s }, (_, k) => 1 / (k + 1) ** 1.2);
    const total = w.reduce((a, b) => a + b, 0);
    let u = uniform(rng) * total;
    for (let k = 0; k < s; k++) if ((u -= w[k]) <= 0) return k;
    return s - 1;
  };
  const n = 50_000;
  const codes = sizes.map(() => new Int32Array(n));
  for (let i = 0; i < n; i++) {
    let prev = zipf(sizes[0]);
    codes[0][i] = prev;
    for (let j = 1; j < sizes.length; j++) codes[j][i] = prev = (prev + zipf(sizes[j])) % sizes[j];
  }
  return {
    name: `zipf-${sizes.length}d (${sizes.join('×')}, chained)`,
    input: { dimensions: dims, codes, weights: new Int32Array(n).fill(1) },
    rows: n,
  };
}
