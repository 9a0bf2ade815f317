import { strict as assert } from 'node:assert';
import { digamma, logGamma, trigamma } from '../../../engine/risk/special-functions.js';

function close(actual: number, expected: number, relative = 1e-13): void {
  assert.ok(Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);
}

describe('risk/special-functions', () => {
  it('logGamma matches closed forms', () => {
    // Γ(½) = √π, Γ(10) = 9! = 362880, Γ(1) = Γ(2) = 1, Γ(−½) = −2√π.
    close(logGamma(0.5), 0.5 * Math.log(Math.PI));
    close(logGamma(10), Math.log(362880));
    close(logGamma(1), 0);
    close(logGamma(2), 0);
    close(logGamma(-0.5), Math.log(2 * Math.sqrt(Math.PI)));
    // ln 100! = 363.73937555556347 (Abramowitz & Stegun tables give log10 100! = 157.97000365).
    close(logGamma(101), 363.73937555556347);
    assert.equal(logGamma(0), Infinity);
  });

  it('logGamma satisfies the recurrence ln Γ(x+1) = ln Γ(x) + ln x across the Stirling switch point (x = 20)', () => {
    for (const x of [0.1, 1.3, 7.7, 9.5, 19.99, 20.25, 1e3]) close(logGamma(x + 1) - logGamma(x), Math.log(x), 1e-12);
    // For large x the difference of two values near 4.9e7 keeps only about 1e-8 of absolute precision.
    const big = 3.5e6;
    assert.ok(Math.abs(logGamma(big + 1) - logGamma(big) - Math.log(big)) < 4 * Number.EPSILON * logGamma(big));
  });

  it('digamma matches closed forms', () => {
    // ψ(1) = −γ, ψ(½) = −γ − 2 ln 2, ψ(n+1) = H_n − γ.
    const gamma = 0.5772156649015329;
    close(digamma(1), -gamma);
    close(digamma(0.5), -gamma - 2 * Math.log(2));
    close(digamma(5), 1 + 1 / 2 + 1 / 3 + 1 / 4 - gamma);
    // Reflection: ψ(1 − x) − ψ(x) = π cot(πx) at x = 0.25 gives ψ(0.75) − ψ(0.25) = π.
    close(digamma(0.75) - digamma(0.25), Math.PI, 1e-12);
    // ψ(−½) = ψ(3/2) + π·cot(π/2)·… = ψ(½) + 2 + 0 by ψ(x+1) = ψ(x) + 1/x applied at x = −½.
    close(digamma(-0.5), digamma(0.5) + 2, 1e-12);
  });

  it('trigamma matches closed forms, including on [8, 12) where ARX’s port drops the asymptotic term', () => {
    // ψ′(1) = π²/6, ψ′(½) = π²/2, ψ′(n+1) = π²/6 − Σ_{k=1}^{n} 1/k².
    close(trigamma(1), (Math.PI * Math.PI) / 6);
    close(trigamma(0.5), (Math.PI * Math.PI) / 2);
    let sum = 0;
    for (let k = 1; k <= 9; k++) sum += 1 / (k * k);
    close(trigamma(10), (Math.PI * Math.PI) / 6 - sum, 1e-12);
    // Recurrence ψ′(x) = ψ′(x+1) + 1/x².
    for (const x of [0.3, 3.7, 8.5, 11.9, 40]) close(trigamma(x) - trigamma(x + 1), 1 / (x * x), 1e-11);
  });
});
