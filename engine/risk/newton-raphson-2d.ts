/**
 * Newton–Raphson for two equations in two unknowns, as the maximum-likelihood models (Pitman, SNB) need.
 *
 * It follows the control flow of the solver ARX uses (de.linearbits.newtonraphson.NewtonRaphson2D, configured by
 * ARXSolverConfiguration: accuracy 1e-6 on both residuals, 1,000 iterations per try, 10,000 in total): a try ends when
 * the iterate leaves the constraint, becomes NaN or runs out of iterations, and the next try restarts from the start
 * vector scaled component-wise by factors in (0, 1). ARX draws those factors from an unseeded generator and stops on
 * wall-clock limits; we take them from the additive R2 low-discrepancy sequence and stop on iteration counts only, so
 * results are reproducible. Whenever ARX converges on its first try (from the same start), both land on the same root.
 */

/** The residuals f(x, y) and the Jacobian ∂f/∂(x, y) at a point. */
export interface Residuals2D {
  readonly f1: number;
  readonly f2: number;
  /** ∂f1/∂x, ∂f1/∂y, ∂f2/∂x, ∂f2/∂y. */
  readonly j11: number;
  readonly j12: number;
  readonly j21: number;
  readonly j22: number;
}

export type System2D = (x: number, y: number) => Residuals2D;

export interface NewtonOptions {
  readonly accuracy?: number;
  readonly iterationsPerTry?: number;
  readonly iterationsTotal?: number;
  /** A try is abandoned as soon as an iterate fails this. */
  readonly constraint?: (x: number, y: number) => boolean;
}

/** A root of `system` (both residuals within `accuracy` of 0), or undefined when none was found within the limits. */
export function solveNewton2D(
  system: System2D,
  start: readonly [number, number],
  options: NewtonOptions = {},
): [number, number] | undefined {
  const accuracy = options.accuracy ?? 1e-6;
  const perTry = options.iterationsPerTry ?? 1000;
  const total = options.iterationsTotal ?? 10000;
  let totalIterations = 0;
  for (let attempt = 0; totalIterations <= total; attempt++) {
    // The R2 sequence (Roberts 2018): fractional parts of k·(1/φ₂, 1/φ₂²), φ₂ the plastic number.
    let x = attempt === 0 ? start[0] : start[0] * frac(0.5 + attempt * 0.7548776662466927);
    let y = attempt === 0 ? start[1] : start[1] * frac(0.5 + attempt * 0.5698402909980532);
    for (let iterations = 0; ; iterations++) {
      totalIterations++;
      const r = system(x, y);
      if (Math.abs(r.f1) <= accuracy && Math.abs(r.f2) <= accuracy) return [x, y];
      // Step: (x, y) −= J⁻¹·f.
      const det = r.j11 * r.j22 - r.j12 * r.j21;
      x -= (r.j22 * r.f1 - r.j12 * r.f2) / det;
      y -= (-r.j21 * r.f1 + r.j11 * r.f2) / det;
      if (options.constraint && !options.constraint(x, y)) break;
      if (Number.isNaN(x) || Number.isNaN(y) || iterations > perTry) break;
      if (totalIterations > total) return undefined;
    }
  }
  return undefined;
}

function frac(v: number): number {
  return v - Math.floor(v);
}

/** The Jacobian by central differences, for systems whose derivatives are not worth writing out. */
export function withNumericJacobian(f: (x: number, y: number) => readonly [number, number]): System2D {
  return (x, y) => {
    const [f1, f2] = f(x, y);
    const hx = 1e-7 * Math.max(1, Math.abs(x));
    const hy = 1e-7 * Math.max(1, Math.abs(y));
    const [ax1, ax2] = f(x + hx, y);
    const [bx1, bx2] = f(x - hx, y);
    const [ay1, ay2] = f(x, y + hy);
    const [by1, by2] = f(x, y - hy);
    return {
      f1,
      f2,
      j11: (ax1 - bx1) / (2 * hx),
      j12: (ay1 - by1) / (2 * hy),
      j21: (ax2 - bx2) / (2 * hx),
      j22: (ay2 - by2) / (2 * hy),
    };
  };
}
