import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import {
  countMeanEstimate,
  countMeanSketch,
  makeCountMeanSketchClient,
  type SketchReport,
} from '../../../../engine/dp/mechanisms/count-mean-sketch.js';

const v = (...xs: number[]) => Int8Array.from(xs);

describe('dp/mechanisms: Count-Mean Sketch (Apple 2017)', () => {
  // Seed "PETs lecture", サーバの処理 1 の具体例 (ε = ∞), k = 3, m = 4, n = 4; j and h are 1-based on the slide.
  const reports: SketchReport[] = [
    { bits: v(-1, 1, -1, -1), j: 1 },
    { bits: v(1, -1, -1, -1), j: 0 },
    { bits: v(-1, 1, -1, -1), j: 1 },
    { bits: v(-1, -1, 1, -1), j: 1 },
  ];
  const params = { k: 3, m: 4, epsilon: Infinity };

  it('builds the seed sketch M = [[3,0,0,0],[0,6,3,0],[0,0,0,0]]', () => {
    const M = countMeanSketch(reports, params);
    assert.deepEqual(
      M.map((row) => [...row]),
      [
        [3, 0, 0, 0],
        [0, 6, 3, 0],
        [0, 0, 0, 0],
      ],
    );
  });

  it('estimates f̃(d₃) = 8/3 as on the slide', () => {
    // The slide's sum is 9: h₂(d₃) = 2 (M[2][2] = 6) and d₃ collides with d₂ under h₁ (h₁(d₃) = 1, M[1][1] = 3);
    // row 3 is all zero. The slide writes the sum as "0 + 6 + 3 + 0" (four terms for k = 3, an arithmetic slip),
    // but its total 9 and its result 4/3·(9/3 − 1) = 8/3 are what these hash values give.
    const hash = (j: number, d: string) => (d === 'd3' ? [0, 1, 2][j] : 0);
    const M = countMeanSketch(reports, params);
    assert.ok(Math.abs(countMeanEstimate(M, 'd3', 4, { ...params, hash }) - 8 / 3) < 1e-12);
  });

  it('the client refuses ε = ∞ (a measurement carries a finite cost); at finite ε it costs ε', () => {
    const hash = (j: number, d: string) => (j + d.length) % 4;
    assert.throws(() => makeCountMeanSketchClient({ ...params, hash, rng: seededRandom(1) }), /finite ε/);
    const finite = makeCountMeanSketchClient({ k: 4, m: 64, epsilon: 2 });
    assert.ok(finite.cost.kind === 'pure' && finite.cost.epsilon <= 2 && finite.cost.epsilon > 2 - 1e-12);
    // Flip probability 1/(e^{ε/2} + 1) = 1/(e + 1).
    assert.ok(Math.abs((finite.parameters.flipProbability as number) - 1 / (Math.E + 1)) < 1e-12);
  });

  // Each estimate is a sum of n independent reports, close to normal: |error| > 4.5 sd has probability ≈ 7e−6, so the
  // three checks fail together with probability < 2e−5 under a fresh seed (the seed is fixed).
  it('estimates are unbiased at finite ε (within 4.5 standard deviations)', () => {
    const p = { k: 16, m: 256, epsilon: 4 };
    const client = makeCountMeanSketchClient({ ...p, rng: seededRandom(2) });
    const truth: Record<string, number> = { apple: 6000, pear: 3000, fig: 1000 };
    const reps: SketchReport[] = [];
    for (const [d, f] of Object.entries(truth)) for (let i = 0; i < f; i++) reps.push(client.invoke(d));
    const M = countMeanSketch(reps, p);
    const n = reps.length;
    // Seed bound: Var ≤ (m/(m−1))²·(c_ε² + 1/m + Σf²/(n·k·m))·n.
    const c = (Math.exp(2) + 1) / (Math.exp(2) - 1);
    const sumF2 = Object.values(truth).reduce((s, f) => s + f * f, 0);
    const sd = Math.sqrt((p.m / (p.m - 1)) ** 2 * (c * c + 1 / p.m + sumF2 / (n * p.k * p.m)) * n);
    for (const [d, f] of Object.entries(truth)) {
      const est = countMeanEstimate(M, d, n, p);
      assert.ok(Math.abs(est - f) < 4.5 * sd, `${d}: ${est} vs ${f} (sd ${sd})`);
    }
  });
});
