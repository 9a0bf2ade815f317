/**
 * One release: a query's true answer, a mechanism calibrated to its sensitivity, the noisy answer, its cost, and the
 * error bound shown before release (seed "PETs lecture", 理論的有用性). This is the call the spec language's
 * `release` blocks and the CLI make.
 */
import type { PrivacyCost } from '../../core/measures.js';
import { PrivacyError } from '../../core/measures.js';
import type { Measurement } from '../../core/measurement.js';
import type { RandomSource } from '../../core/random.js';
import type { Table } from '../../table/table.js';
import { makeGaussian } from '../mechanisms/gaussian.js';
import { makeLaplace } from '../mechanisms/laplace.js';
import { gaussianErrorBound, laplaceErrorBound } from '../utility/bounds.js';
import type { Query } from './query.js';

export interface ReleaseOptions {
  mechanism: 'laplace' | 'gaussian';
  /** Laplace: ε. Gaussian (ε, δ): ε < 1 with `delta`. */
  epsilon?: number;
  delta?: number;
  /** Gaussian zCDP: ρ. */
  rho?: number;
  /** The error bound holds with probability ≥ 1 − β; default 0.05. */
  beta?: number;
  /** Rows to evaluate on (e.g. after contribution bounding); all rows by default. */
  rows?: Int32Array;
  rng?: RandomSource;
}

export interface ReleasePlan {
  readonly query: Query;
  readonly mechanism: Measurement<readonly number[], number[]>;
  readonly cost: PrivacyCost;
  /** |noisy − true| ≤ bound per coordinate, each with probability ≥ 1 − β. */
  readonly errorBound: { readonly beta: number; readonly bound: number };
}

/** Everything about a release except running it: what the editor shows before the user commits budget. */
export function planRelease(query: Query, options: ReleaseOptions): ReleasePlan {
  const beta = options.beta ?? 0.05;
  const integer = query.integerValued === true;
  let mechanism: Measurement<readonly number[], number[]>;
  let bound: number;
  if (options.mechanism === 'laplace') {
    if (options.epsilon === undefined) throw new PrivacyError(`${query.name}: the Laplace mechanism needs epsilon`);
    mechanism = makeLaplace({ sensitivity: query.l1, epsilon: options.epsilon, size: query.size, integer, rng: options.rng });
    const k = mechanism.parameters.k as number;
    bound = laplaceErrorBound(mechanism.parameters.scale as number, beta, integer ? undefined : k);
  } else {
    mechanism = makeGaussian({ sensitivity: query.l2, rho: options.rho, epsilon: options.epsilon, delta: options.delta, size: query.size, integer, rng: options.rng });
    const k = mechanism.parameters.k as number;
    bound = gaussianErrorBound(mechanism.parameters.sigma as number, beta, integer ? undefined : k);
  }
  return { query, mechanism, cost: mechanism.cost, errorBound: { beta, bound } };
}

export interface Release extends ReleasePlan {
  readonly values: readonly number[];
  readonly labels?: readonly string[];
}

export function release(query: Query, table: Table, options: ReleaseOptions): Release {
  const plan = planRelease(query, options);
  const values = plan.mechanism.invoke(query.evaluate(table, options.rows));
  return { ...plan, values, labels: query.labels };
}
