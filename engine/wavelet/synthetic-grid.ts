/**
 * A synthetic population grid for evaluating grid releases, standing in for the census mesh of Ishioka and Terada
 * (512 × 512 cells of 500 m around Tokyo), which is not redistributable. It reproduces the features that matter to the
 * mechanisms: a few dense urban clusters of very different sizes, a sparse countryside of villages and farmsteads, and
 * a coastline and mountains where nobody lives, so that most cells are zero.
 *
 * Deterministic for a given RandomSource (tests and the bench use `seededRandom`); nothing here is private data.
 * Construction, for side N (scaled from the 512 design):
 * 1. Sea: cells below a wavy coastline, y > 0.62·N + 0.08·N·sin(2πx/N·1.5 + φ), are empty.
 * 2. Mountains: three elliptical ranges are empty.
 * 3. Cities: 14 centres on land with Zipf-like sizes; peak density 12,000/j^0.8 per cell for the j-th city, decaying as
 *    exp(−r/R_j) with R_j = 0.03·N/j^0.35 cells.
 * 4. Villages: 0.0012·N² centres with 40–400 people spread as exp(−r/1.2) over a few cells.
 * 5. Farmsteads: each land cell gains 1–8 people with probability 0.04.
 * Every density is rounded stochastically to an integer count (⌊d + U⌋).
 */
import type { RandomSource } from '../core/random.js';
import { checkSide } from './grid-counts.js';

export interface SyntheticGridSummary {
  grid: Float64Array;
  total: number;
  nonZero: number;
}

const uniform = (rng: RandomSource) => rng.nextUint32() / 2 ** 32;

/** The synthetic population grid of side N, row-major (row = y from the top, column = x). */
export function syntheticPopulationGrid(side: number, rng: RandomSource): SyntheticGridSummary {
  checkSide(side);
  const N = side;
  const density = new Float64Array(N * N);
  const phase = uniform(rng) * 2 * Math.PI;
  const coast = (x: number) => 0.62 * N + 0.08 * N * Math.sin((2 * Math.PI * x * 1.5) / N + phase);
  const ranges = Array.from({ length: 3 }, () => ({
    x: uniform(rng) * N,
    y: uniform(rng) * 0.5 * N,
    a: (0.08 + 0.1 * uniform(rng)) * N,
    b: (0.03 + 0.04 * uniform(rng)) * N,
  }));
  const land = (x: number, y: number) =>
    y <= coast(x) && ranges.every((m) => ((x - m.x) / m.a) ** 2 + ((y - m.y) / m.b) ** 2 > 1);

  const addBlob = (cx: number, cy: number, peak: number, radius: number) => {
    const reach = Math.ceil(radius * 7);
    for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(N - 1, Math.ceil(cy + reach)); y++) {
      for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(N - 1, Math.ceil(cx + reach)); x++) {
        const r = Math.hypot(x - cx, y - cy);
        density[y * N + x] += peak * Math.exp(-r / radius);
      }
    }
  };
  const landPoint = () => {
    for (;;) {
      const x = uniform(rng) * N;
      const y = uniform(rng) * N;
      if (land(x, y)) return { x, y };
    }
  };
  for (let j = 1; j <= 14; j++) {
    const c = landPoint();
    addBlob(c.x, c.y, 12000 / j ** 0.8, Math.max(1, (0.03 * N) / j ** 0.35));
  }
  const villages = Math.round(0.0012 * N * N);
  for (let v = 0; v < villages; v++) {
    const c = landPoint();
    const people = 40 + 360 * uniform(rng);
    // exp(−r/1.2) sums to about 2π·1.2² ≈ 9 cells' worth, so the peak is people/9.
    addBlob(c.x, c.y, people / 9, 1.2);
  }
  const grid = new Float64Array(N * N);
  let total = 0;
  let nonZero = 0;
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = y * N + x;
      if (!land(x + 0.5, y + 0.5)) continue;
      let d = density[i];
      if (uniform(rng) < 0.04) d += 1 + 7 * uniform(rng);
      // Densities under 0.5 are the far tails of the blobs: nobody lives there.
      const count = d < 0.5 ? 0 : Math.floor(d + uniform(rng));
      grid[i] = count;
      total += count;
      if (count > 0) nonZero++;
    }
  }
  return { grid, total, nonZero };
}
