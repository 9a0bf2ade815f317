import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { auditMechanism } from '../../../engine/dp/audit/empirical-epsilon.js';
import { exponentialCut, hdpviewBlocks } from '../../../engine/view/hdpview.js';
import { privtreeBlocks } from '../../../engine/view/privtree.js';
import { convergeTest } from '../../../engine/view/random-converge.js';
import { sparseCells } from '../../../engine/view/sparse-cells.js';
import type { ViewCounts, ViewDimension } from '../../../engine/view/view-types.js';

// Empirical ε (Kairouz, Oh, Viswanath 2015; engine/dp/audit) of the view mechanisms on small neighbouring inputs
// D and D′ = D plus one row. Each audit's lower bound exceeds the true ε with probability ≤ 0.001; seeds are fixed.
// The rejection region of each audit is chosen from a separate pilot run, so that it is fixed before the audit's draws.

const line: ViewDimension[] = [{ kind: 'range', name: 'x', lo: 0, hi: 7 }];
const counts = (cells: number[]): ViewCounts => ({ dimensions: line, codes: [cells.map((_, i) => i)], weights: cells });
const D = counts([0, 0, 0, 6, 6, 0, 0, 0]);
const Dprime = counts([1, 0, 0, 6, 6, 0, 0, 0]);

/** The output whose frequency under D′ most exceeds that under D in a pilot (at least 50 pilot hits under D′). */
function pilotRegion<T>(runD: () => T, runDPrime: () => T, key: (o: T) => string, trials: number): string {
  const f = new Map<string, number>();
  const g = new Map<string, number>();
  for (let t = 0; t < trials; t++) {
    const a = key(runD());
    const b = key(runDPrime());
    f.set(a, (f.get(a) ?? 0) + 1);
    g.set(b, (g.get(b) ?? 0) + 1);
  }
  let best = '';
  let ratio = -Infinity;
  for (const [k, n] of g) {
    if (n < 50) continue;
    const r = Math.log(n / Math.max(1, f.get(k) ?? 0));
    if (r > ratio) [best, ratio] = [k, r];
  }
  return best;
}

describe('view/audit: empirical ε of random cut, random converge and the whole partition', function () {
  this.timeout(120000);

  it('random cut (the exponential mechanism on −(AE_L + AE_R)) at ε_cut = 1 stays below 1', () => {
    const cells = sparseCells(D);
    const cellsP = sparseCells(Dprime);
    const block = (c: typeof cells) => ({ lo: [0], hi: [7], ids: Int32Array.from(c.counts.keys()) });
    const rngA = seededRandom(11);
    const runD = () => exponentialCut(cells, block(cells), 1, rngA)[1];
    const runDPrime = () => exponentialCut(cellsP, block(cellsP), 1, rngA)[1];
    const region = pilotRegion(runD, runDPrime, String, 4000);
    const rngB = seededRandom(12);
    const r = auditMechanism({
      runD: () => exponentialCut(cells, block(cells), 1, rngB)[1],
      runDPrime: () => exponentialCut(cellsP, block(cellsP), 1, rngB)[1],
      reject: (i) => String(i) === region,
      trials: 20000,
    });
    assert.ok(r.epsilonLower <= 1, JSON.stringify(r));
    assert.ok(r.epsilonEstimate > 0.05, `the region should separate D and D′ a little: ${JSON.stringify(r)}`);
  });

  it('random converge, one decision at the worst point (scores θ and θ + Δ): the loss is Δ/λ = ε/4.667; a scale 8× too small is caught', () => {
    const audit = (declaredSensitivity: number, seed: number) => {
      const t = convergeTest({
        epsilon: 1,
        alpha: 1.6,
        theta: 10,
        sensitivity: declaredSensitivity,
        floorOffset: declaredSensitivity,
        rng: seededRandom(seed),
      });
      // Depth 0 and a score at θ: stops with probability 1/2; with the score raised by Δ = 2, ½e^(−2/λ).
      return auditMechanism({
        runD: () => t.stops(12, 0),
        runDPrime: () => t.stops(10, 0),
        reject: (s) => s,
        trials: 20000,
      });
    };
    const right = audit(2, 21);
    assert.ok(right.epsilonLower <= 1 / (2.2 / 0.6 + 1) + 0.01, JSON.stringify(right));
    const broken = audit(0.25, 22);
    assert.ok(broken.epsilonLower > 1, `a converge with λ 8× too small must exceed ε = 1: ${JSON.stringify(broken)}`);
  });

  it('HDPView partition (random cut + random converge) at ε = 2: the partition alone stays below ε_r = 1.8', () => {
    const key = (v: { blocks: { lo: number[] | readonly number[] }[] }) =>
      v.blocks
        .map((b) => b.lo[0])
        .sort((a, b) => a - b)
        .join(',');
    const run = (data: ViewCounts, rng: ReturnType<typeof seededRandom>) =>
      hdpviewBlocks(sparseCells(data), 2, {}, rng);
    const p1 = seededRandom(31);
    const region = pilotRegion(
      () => run(D, p1),
      () => run(Dprime, p1),
      key,
      3000,
    );
    const rng = seededRandom(32);
    const r = auditMechanism({
      runD: () => run(D, rng),
      runDPrime: () => run(Dprime, rng),
      reject: (v) => key(v) === region,
      trials: 12000,
    });
    assert.ok(r.epsilonLower <= 1.8, JSON.stringify(r));
  });

  it('PrivTree partition at ε = 2: the tree alone stays below ε/2 = 1', () => {
    const key = (v: { blocks: { lo: number[] | readonly number[] }[] }) =>
      v.blocks
        .map((b) => b.lo[0])
        .sort((a, b) => a - b)
        .join(',');
    const run = (data: ViewCounts, rng: ReturnType<typeof seededRandom>) =>
      privtreeBlocks(sparseCells(data), 2, {}, rng);
    const p1 = seededRandom(41);
    const region = pilotRegion(
      () => run(D, p1),
      () => run(Dprime, p1),
      key,
      3000,
    );
    const rng = seededRandom(42);
    const r = auditMechanism({
      runD: () => run(D, rng),
      runDPrime: () => run(Dprime, rng),
      reject: (v) => key(v) === region,
      trials: 12000,
    });
    assert.ok(r.epsilonLower <= 1, JSON.stringify(r));
  });
});
