import { strict as assert } from 'node:assert';
import { integrate, legendreRule } from '../../../engine/risk/gauss-legendre.js';

describe('adaptive Gauss–Legendre quadrature', () => {
  it('the n-point rule has weights summing to 2 and integrates polynomials of degree 2n − 1 exactly', () => {
    const { nodes, weights } = legendreRule(10);
    assert.ok(Math.abs(weights.reduce((s, w) => s + w, 0) - 2) < 1e-14);
    // ∫_{−1}^{1} x^18 dx = 2/19.
    let sum = 0;
    nodes.forEach((x, i) => (sum += weights[i] * x ** 18));
    assert.ok(Math.abs(sum - 2 / 19) < 1e-15);
  });

  it('∫_0^π sin = 2, ∫_0^1 1/(10⁻⁶ + x) = ln(10⁶ + 1) (a near-singular end, resolved by splitting)', () => {
    assert.ok(Math.abs(integrate(Math.sin, 0, Math.PI, 1e-15) - 2) < 1e-14);
    const expected = Math.log(1e6 + 1);
    assert.ok(Math.abs(integrate((x) => 1 / (1e-6 + x), 0, 1, 1e-14) - expected) < 1e-12 * expected);
  });
});
