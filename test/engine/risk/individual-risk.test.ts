import { strict as assert } from 'node:assert';
import { compensatedSum, individualRisk } from '../../../engine/risk/individual-risk.js';
import { aboveMainPart, median, medianAbsoluteDeviation } from '../../../engine/risk/robust-spread.js';

const close = (actual: number, expected: number, tol = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} vs ${expected}`);

/**
 * The published closed form of the exact risk for f > 2 (Benedetti & Franconi 1998, as sdcMicro's `indivRisk(method =
 * "exact")` writes it): (p/q)^f · [A·(1 + Σ_{m=0}^{f−3} (−1)^(m+1) Π_{i=0}^{m} B_i) + (−1)^f·ln p].
 * An independent route to the same number, used here to check the engine's series for small f where the alternating
 * sum is still accurate.
 */
function closedFormExact(f: number, p: number): number {
  const q = 1 - p;
  const A = (p ** (1 - f) - 1) / (f - 1);
  const B = (i: number) =>
    ((f - 1 - i) ** 2 / ((i + 1) * (f - 2 - i))) * ((p ** (i + 2 - f) - 1) / (p ** (i + 1 - f) - 1));
  let bb = 0;
  for (let m = 0; m <= f - 3; m++) {
    let b = 1;
    for (let i = 0; i <= m; i++) b *= B(i);
    bb += (-1) ** (m + 1) * b;
  }
  return (p / q) ** f * (A * (1 + bb) + (-1) ** f * Math.log(p));
}

describe('individual risk (Benedetti & Franconi 1998; Franconi & Polettini 2004)', () => {
  it('f = F̂: the class is its own population, risk 1/f (both methods)', () => {
    assert.equal(individualRisk(1, 1), 1);
    assert.equal(individualRisk(2, 2, 'exact'), 0.5);
    assert.equal(individualRisk(4, 4), 0.25);
  });

  it('f = 1: (p/q)·ln(1/p); by hand for F̂ = 4 (p = 1/4): (1/3)·ln 4 = 0.46209812037329684', () => {
    close(individualRisk(1, 4), Math.log(4) / 3);
    close(individualRisk(1, 4), 0.46209812037329684);
    // The same in both methods: the closed form is exact for f = 1.
    assert.equal(individualRisk(1, 4, 'exact'), individualRisk(1, 4, 'approx'));
  });

  it('f = 2: p/q − (p/q)²·ln(1/p); by hand for F̂ = 10 (p = 0.2): 0.25 − 0.0625·ln 5 = 0.14941013047286873', () => {
    close(individualRisk(2, 10), 0.25 - 0.0625 * Math.log(5));
    close(individualRisk(2, 10), 0.14941013047286872);
    assert.equal(individualRisk(2, 10, 'exact'), individualRisk(2, 10));
  });

  it('f > 2, approximation p/(f − q): f = 3, F̂ = 6 (p = ½) gives 0.5/2.5 = 0.2', () => {
    close(individualRisk(3, 6), 0.2);
    close(individualRisk(5, 50), 0.1 / (5 - 0.9));
  });

  it('f > 2, exact: f = 3, p = ½ is E[1/F] = p/(2q²) − 3p²/(2q²) − (p/q)³·ln p = ln 2 − ½ (derived by hand)', () => {
    // Σ_{h≥3} (1/h)·C(h−1,2)·p³q^(h−3) with (h−1)(h−2)/h = h − 3 + 2/h and the series Σ h q^h = q/p², Σ q^h = q/p, Σ
    // q^h/h = −ln p.
    close(individualRisk(3, 6, 'exact'), Math.LN2 - 0.5);
  });

  it('f > 2, exact: agrees with the published closed form for f = 3…8 and p = 0.3, 0.5, 0.7', () => {
    for (const f of [3, 4, 5, 6, 7, 8]) {
      for (const p of [0.3, 0.5, 0.7]) close(individualRisk(f, f / p, 'exact'), closedFormExact(f, p), 1e-9);
    }
  });

  it('f > 2, exact: agrees with the defining series Σ (1/h)·C(h−1, f−1)·p^f·q^(h−f), summed term by term, to 1e-12', () => {
    const series = (f: number, p: number) => {
      const q = 1 - p;
      let log = f * Math.log(p);
      let sum = 0;
      for (let h = f; h < f + 200 / p + 10_000; h++) {
        sum += Math.exp(log) / h;
        log += Math.log(h) - Math.log(h - f + 1) + Math.log(q);
      }
      return sum;
    };
    for (const f of [3, 10, 50]) {
      for (const p of [0.01, 0.1, 0.5, 0.9]) {
        const expected = series(f, p);
        assert.ok(Math.abs(individualRisk(f, f / p, 'exact') - expected) <= 1e-12 * expected, `f=${f} p=${p}`);
      }
    }
  });

  it('f > 2, exact: tiny p (weights of 10⁷) against the hand form for f = 3, where no term cancels', () => {
    // r = p/(2q²) − 3p²/(2q²) − (p/q)³·ln p, derived by hand below.
    for (const p of [1e-4, 1e-7]) {
      const q = 1 - p;
      const hand = p / (2 * q * q) - (3 * p * p) / (2 * q * q) - (p / q) ** 3 * Math.log(p);
      assert.ok(Math.abs(individualRisk(3, 3 / p, 'exact') - hand) <= 1e-12 * hand, String(p));
    }
  });

  it('f > 2, exact: finite and between 1/E[F] and 1/f where the closed form overflows (f = 300, p = 0.05: p^(1−f) > 1e308)', () => {
    assert.ok(Number.isNaN(closedFormExact(300, 0.05)));
    const r = individualRisk(300, 6000, 'exact');
    // E[1/F] ≥ 1/E[F] by Jensen (E[F] = f/p = 6000) and ≤ 1/f since F ≥ f; the approximation is close for large f.
    assert.ok(r >= 1 / 6000 && r <= 1 / 300, String(r));
    assert.ok(Math.abs(r - individualRisk(300, 6000)) / r < 1e-5, `${r} vs approx ${individualRisk(300, 6000)}`);
  });

  it('refuses F̂ < f (a weight below 1) and non-integer f', () => {
    assert.throws(() => individualRisk(2, 1.5), /at least the sample frequency/);
    assert.throws(() => individualRisk(0, 3), /integer ≥ 1/);
  });

  it('compensated summation is exact where a plain loop is not: 1e16 + 1 − 1e16 = 1', () => {
    assert.equal(compensatedSum([1e16, 1, -1e16]), 1);
    assert.equal(compensatedSum([]), 0);
  });
});

describe("median and MAD as R computes them (sdcMicro's 'higher risk than the main part')", () => {
  it('median averages the two middle values; MAD = 1.4826 · median |x − median| (by hand)', () => {
    const x = [0.9, 0.2, 0.1, 0.2];
    assert.equal(median(x), 0.2);
    // |x − 0.2| = 0.7, 0, 0.1, 0 → median 0.05.
    close(medianAbsoluteDeviation(x), 1.4826 * 0.05);
    assert.ok(Number.isNaN(median([])));
  });

  it('counts values above median + 2·MAD that also exceed 0.1', () => {
    const main = aboveMainPart([0.9, 0.2, 0.1, 0.2]);
    close(main.cutoff, 0.2 + 2 * 1.4826 * 0.05);
    assert.equal(main.records, 1);
    // Far above the median but not above 0.1: not counted.
    assert.equal(aboveMainPart([0.001, 0.001, 0.001, 0.09]).records, 0);
    assert.equal(aboveMainPart([]).records, 0);
  });
});
