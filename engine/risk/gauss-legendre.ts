/**
 * Adaptive Gauss–Legendre quadrature: each interval is integrated with the 10- and the 20-point rules, and split in two
 * while they disagree by more than the absolute tolerance. The nodes are the roots of the Legendre polynomial P_n,
 * found by Newton's method from Tricomi's initial guesses (Press et al., Numerical Recipes, 3rd ed., §4.6, `gauleg`).
 */

interface Rule {
  readonly nodes: Float64Array;
  readonly weights: Float64Array;
}

/** Nodes and weights of the n-point rule on [−1, 1]. */
export function legendreRule(n: number): Rule {
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 0;
    for (let iteration = 0; iteration < 100; iteration++) {
      // P_n(x) by the three-term recurrence, and P_n'(x) from P_n and P_{n−1}.
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) [p0, p1] = [p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k];
      derivative = (n * (x * p1 - p0)) / (x * x - 1);
      const step = p1 / derivative;
      x -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    weights[i] = weights[n - 1 - i] = 2 / ((1 - x * x) * derivative * derivative);
  }
  return { nodes, weights };
}

const G10 = legendreRule(10);
const G20 = legendreRule(20);

function apply(rule: Rule, f: (x: number) => number, a: number, b: number): number {
  const half = (b - a) / 2;
  const mid = (a + b) / 2;
  let sum = 0;
  for (let i = 0; i < rule.nodes.length; i++) sum += rule.weights[i] * f(mid + half * rule.nodes[i]);
  return sum * half;
}

/**
 * ∫_a^b f to within about `tolerance` (absolute), splitting at most `maxDepth` times along any branch. A piece is also
 * accepted when its two rules agree to rounding (1e-15 of its value), which no further split could improve.
 */
export function integrate(f: (x: number) => number, a: number, b: number, tolerance: number, maxDepth = 60): number {
  const coarse = apply(G10, f, a, b);
  const fine = apply(G20, f, a, b);
  const gap = Math.abs(fine - coarse);
  if (gap <= tolerance || gap <= 1e-15 * Math.abs(fine) || maxDepth === 0) return fine;
  const mid = (a + b) / 2;
  return integrate(f, a, mid, tolerance / 2, maxDepth - 1) + integrate(f, mid, b, tolerance / 2, maxDepth - 1);
}
