/**
 * The log-gamma, digamma and trigamma functions the population-uniqueness models need.
 *
 * digamma and trigamma follow Tom Minka's Lightspeed toolbox (the source ARX's `risk/Gamma.java` ports): shift the
 * argument up by the recurrences ψ(x) = ψ(x+1) − 1/x and ψ′(x) = ψ′(x+1) + 1/x², then apply the asymptotic (de Moivre)
 * series. ARX's port shifts trigamma's argument to x ≥ 8 but applies the asymptotic series only from x ≥ 12, so its
 * trigamma misses the whole tail for arguments below 12. We shift to x ≥ 12 and always apply the series (its first
 * omitted term, B12/x¹³, is then below 3e-15). Trigamma only feeds Newton's Jacobian, never an estimate, so the
 * difference changes how fast the solver converges, not where it converges to.
 *
 * logGamma uses the Stirling series through the x⁻⁹ term for x ≥ 20 and the recurrence below that, accurate to about
 * 1e-15 relative; the reflection formula covers x < 0.5.
 */

const EULER_GAMMA = 0.5772156649015329;
const LN_SQRT_2PI = 0.9189385332046728;

/** ln Γ(x) for x > 0, and ln |Γ(x)| for negative non-integers. */
export function logGamma(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x === Infinity) return Infinity;
  if (x <= 0 && Number.isInteger(x)) return Infinity;
  if (x < 0.5) {
    // Reflection: Γ(x)Γ(1−x) = π / sin(πx).
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  let shift = 0;
  while (x < 20) {
    shift += Math.log(x);
    x += 1;
  }
  const r = 1 / x;
  const r2 = r * r;
  // Stirling: ln Γ(x) = (x − ½) ln x − x + ½ ln 2π + 1/(12x) − 1/(360x³) + 1/(1260x⁵) − 1/(1680x⁷) + 1/(1188x⁹) +
  // O(x⁻¹¹).
  const series = r * (1 / 12 - r2 * (1 / 360 - r2 * (1 / 1260 - r2 * (1 / 1680 - r2 / 1188))));
  return (x - 0.5) * Math.log(x) - x + LN_SQRT_2PI + series - shift;
}

/** ψ(x) = d/dx ln Γ(x). */
export function digamma(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  if (x === 0) return -Infinity;
  if (x < 0) {
    // Reflection: ψ(1 − x) − ψ(x) = π cot(πx).
    return digamma(1 - x) + Math.PI / Math.tan(-Math.PI * x);
  }
  if (x <= 1e-6) {
    // Taylor series at 0: ψ(x) = −γ − 1/x + (π²/6)x + O(x²).
    return -EULER_GAMMA - 1 / x + ((Math.PI * Math.PI) / 6) * x;
  }
  let result = 0;
  while (x < 12) {
    result -= 1 / x;
    x += 1;
  }
  let r = 1 / x;
  result += Math.log(x) - 0.5 * r;
  r *= r;
  return result - r * (1 / 12 - r * (1 / 120 - r * (1 / 252 - r * (1 / 240 - r / 132))));
}

/** ψ′(x) = d²/dx² ln Γ(x). */
export function trigamma(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  if (x === 0) return Infinity;
  if (x < 0) {
    // Reflection: ψ′(1 − x) + ψ′(x) = π² / sin²(πx).
    const r = Math.PI / Math.sin(-Math.PI * x);
    return -trigamma(1 - x) + r * r;
  }
  if (x <= 1e-4) {
    // Taylor series at 0: ψ′(x) = 1/x² + π²/6 − 2ζ(3)x + O(x²).
    return 1 / (x * x) + (Math.PI * Math.PI) / 6 - 2 * 1.2020569031595942 * x;
  }
  let result = 0;
  while (x < 12) {
    result += 1 / (x * x);
    x += 1;
  }
  const r = 1 / (x * x);
  // Asymptotic series with Bernoulli numbers B2..B10.
  return result + 0.5 * r + (1 + r * (1 / 6 + r * (-1 / 30 + r * (1 / 42 + r * (-1 / 30 + r * (5 / 66)))))) / x;
}
