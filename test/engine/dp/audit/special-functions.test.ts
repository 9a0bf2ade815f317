import { strict as assert } from 'node:assert';
import { clopperPearson } from '../../../../engine/dp/audit/clopper-pearson.js';
import { chiSquarePValue, incompleteBeta, logGamma } from '../../../../engine/dp/audit/special-functions.js';

describe('dp/audit special functions', () => {
  it('log Γ and the incomplete beta match closed forms', () => {
    assert.ok(Math.abs(logGamma(10) - Math.log(362880)) < 1e-12);
    assert.ok(Math.abs(logGamma(0.5) - 0.5 * Math.log(Math.PI)) < 1e-12);
    // I_x(1, b) = 1 − (1 − x)^b and I_x(a, 1) = x^a.
    assert.ok(Math.abs(incompleteBeta(0.3, 1, 5) - (1 - 0.7 ** 5)) < 1e-12);
    assert.ok(Math.abs(incompleteBeta(0.3, 4, 1) - 0.3 ** 4) < 1e-12);
  });

  it('χ² p-values: 3.841459 on 1 df and 18.307038 on 10 df are 0.05', () => {
    // Standard tables (e.g. NIST/SEMATECH e-Handbook, Table 1.3.6.7.4).
    assert.ok(Math.abs(chiSquarePValue(3.841459, 1) - 0.05) < 1e-6);
    assert.ok(Math.abs(chiSquarePValue(18.307038, 10) - 0.05) < 1e-6);
  });

  it('Clopper–Pearson: 0 of 10 → upper bound 1 − α^(1/10); 10 of 10 → lower bound α^(1/10)', () => {
    // Hand-computed: with k = 0, I_p(1, n) = 1 − (1 − p)^n = 1 − α solves to p = 1 − α^(1/n).
    const b = clopperPearson(0, 10, 0.025);
    assert.equal(b.lower, 0);
    assert.ok(Math.abs(b.upper - (1 - 0.025 ** 0.1)) < 1e-12);
    const c = clopperPearson(10, 10, 0.025);
    assert.ok(Math.abs(c.lower - 0.025 ** 0.1) < 1e-12);
    // 50 of 100 at α = 0.025: [0.3983, 0.6017] (the standard exact 95% interval).
    const d = clopperPearson(50, 100, 0.025);
    assert.equal(d.lower.toFixed(4), '0.3983');
    assert.equal(d.upper.toFixed(4), '0.6017');
  });
});
