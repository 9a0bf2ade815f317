import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { auditMechanism } from '../../../../engine/dp/audit/empirical-epsilon.js';
import { countMeanEstimate, countMeanSketch } from '../../../../engine/dp/mechanisms/count-mean-sketch.js';
import {
  countMeanSketchVariance,
  sketchFromHex,
  sketchScale,
} from '../../../../engine/dp/mechanisms/count-mean-sketch-estimate.js';
import {
  randomizedResponseVariance,
  randomizedResponseVarianceStar,
} from '../../../../engine/dp/mechanisms/randomized-response-estimate.js';
import {
  seededSketchHash,
  sketchCollisionBound,
  SKETCH_PRIME,
} from '../../../../engine/dp/mechanisms/sketch-hash-family.js';
import {
  estimatesSumCheck,
  localProtocol,
  ReportError,
  type LocalQuery,
} from '../../../../engine/release/kinds/local/local-protocol.js';

// Issue 40 acceptance: the two local DP estimators against their closed forms over 200 seeded runs, an empirical ε
// audit of one report, and the sketch's hash family against its collision bound.
//
// Tolerances (CLT): over R = 200 independent runs the sample mean of an estimate has standard deviation √(Var/R), and
// the sample variance (for a near-normal estimate) √(2/(R − 1))·Var. Each check allows 4 of those standard deviations,
// which a correct estimator fails with probability about 6·10⁻⁵ per check; the seeds are fixed, so the outcome is
// reproducible.
const RUNS = 200;
const meanTolerance = (variance: number) => 4 * Math.sqrt(variance / RUNS);
const varianceTolerance = (variance: number) => 4 * Math.sqrt(2 / (RUNS - 1)) * variance;

/** The sample mean and variance (divisor R − 1) of each column of `runs`. */
function moments(runs: readonly Float64Array[]): { mean: number[]; variance: number[] } {
  const k = runs[0].length;
  const mean = Array.from({ length: k }, (_, d) => runs.reduce((s, r) => s + r[d], 0) / runs.length);
  const variance = Array.from(
    { length: k },
    (_, d) => runs.reduce((s, r) => s + (r[d] - mean[d]) ** 2, 0) / (runs.length - 1),
  );
  return { mean, variance };
}

/** Units holding each value: `counts[i]` units hold `domain[i]`. */
const unitsOf = (domain: readonly string[], counts: readonly number[]) =>
  domain.flatMap((v, i) => Array<string>(counts[i]).fill(v));

/** One collection: every unit's report through the protocol, then the server's estimates. */
function collect(q: LocalQuery, domain: readonly string[], units: readonly string[], seed: number, hashSeed?: number) {
  const protocol = localProtocol(q, domain, {
    rng: seededRandom(seed),
    ...(hashSeed !== undefined ? { hashSeed } : {}),
  });
  return protocol.estimate(units.map((u) => protocol.randomize(u))).estimates;
}

describe('local DP estimators (issue 40)', () => {
  describe('k-ary randomized response (Warner 1965; Wang, Blocki, Li, Jha, USENIX Security 2017)', () => {
    it("Wang et al.'s Var* = n(e^ε + k − 2)/(e^ε − 1)², by hand at ε = ln 3, k = 3: p = 3/5, q = 1/5, Var* = n", () => {
      // q(1 − q)/(p − q)² = (1/5 · 4/5)/(2/5)² = 1, and (3 + 3 − 2)/(3 − 1)² = 1.
      assert.ok(Math.abs(randomizedResponseVarianceStar(1000, Math.log(3), 3) - 1000) < 1e-9);
      assert.ok(Math.abs(randomizedResponseVariance(1000, 0, 3 / 5, 3) - 1000) < 1e-9);
      // With n_v units holding the value, n_v·p(1 − p) replaces n_v·q(1 − q): (100·6/25 + 900·4/25)/(4/25) = 1050.
      assert.ok(Math.abs(randomizedResponseVariance(1000, 100, 3 / 5, 3) - 1050) < 1e-9);
    });

    it('is unbiased, with the exact variance (n_v·p(1−p) + (n−n_v)·q(1−q))/(p−q)², over 200 seeded runs', () => {
      const domain = ['a', 'b', 'c', 'd'];
      const counts = [1000, 500, 300, 200];
      const n = 2000;
      const q: LocalQuery = { kind: 'local', column: 'x', protocol: 'randomized-response', epsilon: 1.5 };
      const units = unitsOf(domain, counts);
      const runs = Array.from({ length: RUNS }, (_, r) => collect(q, domain, units, 4000 + r));
      const { mean, variance } = moments(runs);
      const p = Math.exp(1.5) / (Math.exp(1.5) + 3);
      counts.forEach((nv, d) => {
        const exact = randomizedResponseVariance(n, nv, p, 4);
        assert.ok(Math.abs(mean[d] - nv) < meanTolerance(exact), `${domain[d]}: mean ${mean[d]} vs ${nv}`);
        assert.ok(
          Math.abs(variance[d] - exact) < varianceTolerance(exact),
          `${domain[d]}: variance ${variance[d]} vs ${exact}`,
        );
      });
    });
  });

  describe('count-mean sketch (Apple Differential Privacy Team 2017)', () => {
    const domain = ['flu', 'cold', 'asthma', 'covid', 'other'];
    const counts = [300, 150, 80, 50, 20];
    const n = 600;
    const k = 8;
    const m = 32;
    const epsilon = 3;
    const q: LocalQuery = { kind: 'local', column: 'x', protocol: 'count-mean-sketch', epsilon, hashes: k, width: m };
    const units = unitsOf(domain, counts);
    const flip = 1 / (Math.exp(epsilon / 2) + 1);

    it("reads each report's cell as the matrix of Algorithms 2–3 does: the same estimate", () => {
      const protocol = localProtocol(q, domain, { rng: seededRandom(7), hashSeed: 11 });
      const rows = units.map((u) => protocol.randomize(u));
      const fast = protocol.estimate(rows).estimates;
      const hash = seededSketchHash(k, m, 11);
      const params = { k, m, epsilon, hash };
      const M = countMeanSketch(
        rows.map(([j, hex]) => sketchFromHex(Number(j), hex, m)),
        params,
      );
      domain.forEach((v, d) => assert.ok(Math.abs(fast[d] - countMeanEstimate(M, v, n, params)) < 1e-6));
    });

    it('given its hash family: mean m/(m−1)(Σπ_i − n/m) and variance (m/(m−1))²Σ((c²−1)/4 + π_i(1−π_i)), 200 runs', () => {
      // The collision fraction π of each pair of values under the fixed family (seed 12), derived from its hashes.
      const hash = seededSketchHash(k, m, 12);
      const pi = (a: string, b: string) =>
        Array.from({ length: k }, (_, l) => hash(l, a) === hash(l, b)).filter(Boolean).length / k;
      const c = sketchScale(flip);
      const runs = Array.from({ length: RUNS }, (_, r) => collect(q, domain, units, 5000 + r, 12));
      const { mean, variance } = moments(runs);
      domain.forEach((d, i) => {
        const sumPi = domain.reduce((s, e, j) => s + counts[j] * pi(e, d), 0);
        const expected = (m / (m - 1)) * (sumPi - n / m);
        const exact =
          (m / (m - 1)) ** 2 *
          domain.reduce((s, e, j) => s + counts[j] * ((c * c - 1) / 4 + pi(e, d) * (1 - pi(e, d))), 0);
        assert.ok(Math.abs(mean[i] - expected) < meanTolerance(exact), `${d}: mean ${mean[i]} vs ${expected}`);
        assert.ok(
          Math.abs(variance[i] - exact) < varianceTolerance(exact),
          `${d}: variance ${variance[i]} vs ${exact}`,
        );
      });
    });

    it('over the hash seed: unbiased, with the variance of count-mean-sketch-estimate.ts, 200 runs', () => {
      const runs = Array.from({ length: RUNS }, (_, r) => collect(q, domain, units, 6000 + r, 90_000 + r));
      const { mean, variance } = moments(runs);
      const squares = counts.reduce((s, x) => s + x * x, 0);
      counts.forEach((nd, i) => {
        const exact = countMeanSketchVariance(n, nd, squares - nd * nd, flip, k, m);
        assert.ok(Math.abs(mean[i] - nd) < meanTolerance(exact), `${domain[i]}: mean ${mean[i]} vs ${nd}`);
        // The collision term makes the estimate far from normal for small k; the 4σ band of a normal sample variance
        // is widened to 6σ for it.
        assert.ok(
          Math.abs(variance[i] - exact) < 1.5 * varianceTolerance(exact),
          `${domain[i]}: variance ${variance[i]} vs ${exact}`,
        );
      });
    });

    it('the sum Σ_d f̃(d) has mean n and stays within the bound of countMeanSketchSumVariance, 200 runs over the seed', () => {
      // The bound is derived in count-mean-sketch-estimate.ts (law of total variance: the flips,
      // (c² − 1)/4·Σ_i C2_{j_i}, plus the collision counts, (D − 1)(m − 1)/m²·(n + n²/k)). Over seeds the sample mean
      // of the sum is within 4σ of n and its sample variance below the bound (plus the 4σ band of a sample variance).
      const runs = Array.from({ length: RUNS }, (_, r) => {
        const protocol = localProtocol(q, domain, { rng: seededRandom(7000 + r), hashSeed: 70_000 + r });
        const e = protocol.estimate(units.map((u) => protocol.randomize(u)));
        return { sum: e.estimates.reduce((s, x) => s + x, 0), bound: e.sumVariance!, check: estimatesSumCheck(e)! };
      });
      const bound = Math.max(...runs.map((r) => r.bound));
      const mean = runs.reduce((s, r) => s + r.sum, 0) / RUNS;
      const variance = runs.reduce((s, r) => s + (r.sum - mean) ** 2, 0) / (RUNS - 1);
      assert.ok(Math.abs(mean - n) < meanTolerance(bound), `mean ${mean} vs ${n}`);
      assert.ok(variance < bound + varianceTolerance(bound), `variance ${variance} vs bound ${bound}`);
      assert.ok(
        runs.every((r) => r.check.consistent),
        'no run of the right parameters is called inconsistent',
      );
    });

    it('a wrong hash seed or ε moves the sum Σ_d f̃(d) more than 6 standard errors from n, and says so', () => {
      const client = localProtocol(q, domain, { rng: seededRandom(8), hashSeed: 21 });
      const rows = units.map((u) => client.randomize(u));
      const right = estimatesSumCheck(client.estimate(rows))!;
      assert.ok(right.consistent, JSON.stringify(right));
      // Another seed reads unrelated cells: each report's true cell is among the D read with probability ≈ D/m, so
      // the sum falls to ≈ m/(m−1)·(nD/m − nD/m) = 0, against a standard error of about √(n(c² − 1)/4·D) ≈ 30.
      const wrongSeed = estimatesSumCheck(localProtocol(q, domain, { hashSeed: 22 }).estimate(rows))!;
      assert.equal(wrongSeed.consistent, false, JSON.stringify(wrongSeed));
      assert.match(wrongSeed.warning!, /not about 600 .*hash seed, ε or domain/);
      // ε 3 read as ε 1: c grows from 1.5 to 2.5, scaling the sum's deviation Σ(S_d − n/2) by 5/3.
      const wrongEpsilon = estimatesSumCheck(
        localProtocol({ ...q, epsilon: 1 }, domain, { hashSeed: 21 }).estimate(rows),
      )!;
      assert.equal(wrongEpsilon.consistent, false, JSON.stringify(wrongEpsilon));
      // Randomized response's estimates add up to n by construction: nothing to check.
      const rr = localProtocol({ kind: 'local', column: 'x', protocol: 'randomized-response', epsilon: 1 }, domain);
      assert.equal(estimatesSumCheck(rr.estimate(units.map((u) => rr.randomize(u)))), undefined);
    });

    it('refuses a non-hexadecimal digit anywhere in a report, not only where the estimate reads', () => {
      const protocol = localProtocol(q, domain, { rng: seededRandom(9), hashSeed: 13 });
      const rows = units.map((u) => protocol.randomize(u));
      // A digit none of the domain's cells under the report's hash function falls in.
      const j = Number(rows[5][0]);
      const read = new Set(domain.map((d) => seededSketchHash(k, m, 13)(j, d) >> 2));
      const unread = Array.from({ length: m / 4 }, (_, t) => t).find((t) => !read.has(t))!;
      const hex = rows[5][1];
      const bad = rows.map((r, i) => (i === 5 ? [r[0], `${hex.slice(0, unread)}g${hex.slice(unread + 1)}`] : r));
      assert.throws(
        () => protocol.estimate(bad),
        (e: unknown) => e instanceof ReportError && e.row === 5 && /'g' is not a hexadecimal digit/.test(e.message),
      );
    });

    it("the hash family's collisions stay within their bound 1/m + L/p (Carter & Wegman 1979)", () => {
      // 200 values, every pair, under 64 hash functions of width 256: 19,900 × 64 = 1,273,600 trials, each a
      // collision with probability ≤ 1/256 + 9/p over the seed. The count is a sum of Bernoullis: within 4√(mean).
      const values = Array.from({ length: 200 }, (_, i) => `value-${i}`);
      const width = 256;
      const hashes = 64;
      const hash = seededSketchHash(hashes, width, 2026);
      let collisions = 0;
      let trials = 0;
      for (let l = 0; l < hashes; l++) {
        const cells = values.map((v) => hash(l, v));
        for (let a = 0; a < values.length; a++)
          for (let b = a + 1; b < values.length; b++) {
            trials++;
            if (cells[a] === cells[b]) collisions++;
          }
      }
      const bound = sketchCollisionBound(width, 9) * trials;
      assert.ok(collisions < bound + 4 * Math.sqrt(bound), `${collisions} collisions in ${trials} trials`);
      // And not far below it: a family that never collided would be spreading less uniformly than chance.
      assert.ok(collisions > bound - 4 * Math.sqrt(bound), `${collisions} collisions in ${trials} trials`);
      assert.ok(Math.abs(sketchCollisionBound(width, 9) - 1 / width - 9 / SKETCH_PRIME) < 1e-15);
    });

    it('separates strings a naive hash confuses: a trailing code unit 0, and permutations', () => {
      const hash = seededSketchHash(256, 1 << 16, 5);
      const differs = (a: string, b: string) =>
        Array.from({ length: 256 }, (_, l) => hash(l, a) !== hash(l, b)).some(Boolean);
      assert.ok(differs('abc', 'abc\u0000'));
      assert.ok(differs('ab', 'ba'));
      assert.ok(differs('', '\u0000'));
    });
  });

  describe('empirical ε of one report (Kairouz, Oh, Viswanath 2015)', () => {
    it('randomized response at ε = 1 over 3 values: the audit stays below 1 and comes close to it', () => {
      const domain = ['a', 'b', 'c'];
      const q: LocalQuery = { kind: 'local', column: 'x', protocol: 'randomized-response', epsilon: 1 };
      const protocol = localProtocol(q, domain, { rng: seededRandom(31) });
      // Neighbours: the unit holds a (D) or b (D′); guess D′ when the report is b. FP = q, FN = 1 − p: ln(p/q) = ε.
      const r = auditMechanism({
        runD: () => protocol.randomize('a')[0],
        runDPrime: () => protocol.randomize('b')[0],
        reject: (y) => y === 'b',
        trials: 40_000,
      });
      assert.ok(r.epsilonLower <= protocol.epsilon, JSON.stringify(r));
      assert.ok(r.epsilonLower > 0.85, JSON.stringify(r));
    });

    it('count-mean sketch at ε = 2: the audit of the two cells that differ stays below 2', () => {
      const domain = ['a', 'b'];
      const q: LocalQuery = {
        kind: 'local',
        column: 'x',
        protocol: 'count-mean-sketch',
        epsilon: 2,
        hashes: 1,
        width: 16,
      };
      const protocol = localProtocol(q, domain, { rng: seededRandom(32), hashSeed: 3 });
      const hash = seededSketchHash(1, 16, 3);
      const [ha, hb] = [hash(0, 'a'), hash(0, 'b')];
      assert.notEqual(ha, hb, 'the seed must separate a and b for the audit to see both cells');
      const bit = (hex: string, l: number) => (parseInt(hex[l >> 2], 16) >> (3 - (l & 3))) & 1;
      // The most powerful test: guess D′ (value b) when cell h(b) is +1 and cell h(a) is −1: its likelihood ratio is
      // ((1−q)/q)² = e^ε.
      const r = auditMechanism({
        runD: () => protocol.randomize('a')[1],
        runDPrime: () => protocol.randomize('b')[1],
        reject: (hex) => bit(hex, hb) === 1 && bit(hex, ha) === 0,
        trials: 40_000,
      });
      assert.ok(r.epsilonLower <= protocol.epsilon, JSON.stringify(r));
      assert.ok(r.epsilonLower > 1.5, JSON.stringify(r));
    });
  });
});
