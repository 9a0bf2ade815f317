import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { auditMechanism, type AuditResult } from '../../../../engine/dp/audit/empirical-epsilon.js';
import { r2tRelease, type R2tRelease } from '../../../../engine/dp/r2t/r2t.js';
import { r2tThresholds } from '../../../../engine/dp/r2t/r2t-thresholds.js';
import { truncatedAnswers } from '../../../../engine/dp/r2t/truncated-sum.js';

// Empirical ε of R2T (Kairouz, Oh, Viswanath, ICML 2015; engine/dp/audit) on neighbouring joined databases: D has ten
// customers with 3 orders each; D′ adds one customer with 500 orders. With GS = 16 the thresholds are 2, 4, 8, 16 and
// the truncated answers are Q(D) = 20, 30, 30, 30 and Q(D′) = 22, 34, 38, 46: each moves by its full τ.
// Each audit's lower bound exceeds the true ε with probability ≤ 2α = 0.001; seeds are fixed.
const TRIALS = 40000;
const taus = r2tThresholds(16);
const d = truncatedAnswers(Array(10).fill(3), taus);
const dPrime = truncatedAnswers([...Array(10).fill(3), 500], taus);

// The log-likelihood ratio of D′ over D for the vector of noisy candidates (Laplace densities; the grid is ℤ here):
// Σ_j (|y_j − Q_j(D)| − |y_j − Q_j(D′)|)/b_j, at most Σ_j τ_j/b_j = ε. Rejecting when it is near its maximum is the
// most powerful region, so this audit can reach the declared ε if the split over candidates were wrong.
const llr = (r: R2tRelease) =>
  r.candidates.reduce((s, c, j) => s + (Math.abs(c.noisy - d[j]) - Math.abs(c.noisy - dPrime[j])) / c.scale, 0);

function audit<O>(epsilon: number, seed: number, out: (r: R2tRelease) => O, reject: (o: O) => boolean): AuditResult {
  const rng = seededRandom(seed);
  return auditMechanism({
    runD: () => out(r2tRelease(d, { gs: 16, epsilon, integer: true }, rng)),
    runDPrime: () => out(r2tRelease(dPrime, { gs: 16, epsilon, integer: true }, rng)),
    reject,
    trials: TRIALS,
  });
}

const rows: string[] = [];
const report = (name: string, declared: number, r: AuditResult) =>
  rows.push(`| ${name} | ${declared} | ${r.epsilonEstimate.toFixed(4)} | ${r.epsilonLower.toFixed(4)} |`);

describe('dp/r2t empirical ε audit (slow)', function () {
  this.timeout(1800000);
  after(() =>
    console.log(
      ['| output audited | declared ε | ε̂ (point) | ε lower bound (99.9%) |', '|---|---|---|---|', ...rows].join('\n'),
    ),
  );

  it('the released maximum at ε = 1 stays below 1', () => {
    const r = audit(
      1,
      1,
      (x) => x.value,
      (y) => y > 10,
    );
    report('R2T released value, region value > 10', 1, r);
    assert.deepEqual(
      [d, dPrime],
      [
        [20, 30, 30, 30],
        [22, 34, 38, 46],
      ],
    );
    assert.ok(r.epsilonLower <= 1, JSON.stringify(r));
  });

  it('the vector of noisy candidates at ε = 1 comes close to 1 from below: the budget split is tight', () => {
    const r = audit(1, 2, llr, (x) => x >= 0.99);
    report('R2T noisy candidates, likelihood-ratio region', 1, r);
    assert.ok(r.epsilonLower <= 1, JSON.stringify(r));
    assert.ok(r.epsilonLower > 0.8, JSON.stringify(r));
  });

  it('a broken R2T that gives every candidate the whole ε (declared 1, true 4) is caught above 1', () => {
    // Calling r2tRelease with ε = 4 is exactly "forgot to divide by L = 4"; its loss on this pair is 4.
    const rng = seededRandom(3);
    const scaled = (answers: number[]) => r2tRelease(answers, { gs: 16, epsilon: 4, integer: true }, rng);
    const r = auditMechanism({
      runD: () => llr(scaled(d)) / 4,
      runDPrime: () => llr(scaled(dPrime)) / 4,
      reject: (x) => x >= 0.99,
      trials: TRIALS,
    });
    report('broken: ε not split over candidates', 1, r);
    assert.ok(r.epsilonLower > 1, JSON.stringify(r));
  });
});
