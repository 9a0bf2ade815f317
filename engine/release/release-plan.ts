/**
 * What the planner (plan-release.ts) is given and what it answers: the context of a release — the budget, the unit, the
 * domains, the column roles — and its plan — the measurement that will run, its costs, noise, error bound, problems and
 * risks. The kinds (kinds/<kind>/) build plans of these types without importing the planner, which asks them.
 */
import type { RandomSource } from '../core/random.js';
import type { ColumnRoles } from './column-roles.js';
import type { PlanProblem } from './plan-problem.js';
import type { ReleaseCosts } from './release-costs.js';
import type { Box, BudgetDescription, MechanismKind, QueryKind, ReleaseDescription } from './release-description.js';
import type { ExpectedError, ReleaseMeasurement } from './release-measurement.js';
import type { ReleaseRisk } from './release-risk.js';
import type { Sensitivity } from './sensitivity.js';

export type NoisePlan =
  | { readonly kind: 'laplace'; readonly scale: number }
  | { readonly kind: 'gaussian'; readonly sigma: number }
  | { readonly kind: 'exponential'; readonly epsilon: number; readonly sensitivity: number }
  | { readonly kind: 'nn-wavelet' | 'privelet' | 'quadtree'; readonly rho?: number; readonly epsilon?: number };

export interface PlanContext {
  readonly budget: BudgetDescription;
  /** The dataset's privacy unit, when declared. */
  readonly unit?: string;
  /** Columns whose value domain the spec declares (a hierarchy that lists values). */
  readonly declaredDomains?: ReadonlySet<string>;
  /**
   * The values of each column the release groups by or chooses among: declared ones, or, where the release accepts
   * `data-dependent-domain`, the data's. When a column is missing the plan prices a one-value placeholder and has no
   * `measurement` (the editor plans before it reads files).
   */
  readonly domains?: ReadonlyMap<string, readonly string[]>;
  /**
   * The dataset declares correlated units: `maxLeakage` (max ℓ of the Gaussian correlation model, when computed) scales
   * Laplace noise by (1 + max ℓ) for ε-Bayesian DP (Yang, Sato, Nakagawa 2015); `unit` names the most exposed unit.
   */
  readonly correlation?: { readonly maxLeakage?: number; readonly unit?: string };
  /** A grid's bounds read from the data, where the release accepts that leak. */
  readonly gridBounds?: { readonly xMin: number; readonly xMax: number; readonly yMin: number; readonly yMax: number };
  /** The noise source of the measurement; the secure generator when absent. */
  readonly rng?: RandomSource;
  /**
   * The dataset's column roles. With them, a release that would let an identifying column, the unit or an undeclared
   * column out is refused (engine/release/column-roles.ts); the language and the runner always pass them.
   */
  readonly roles?: ColumnRoles;
}

export interface ReleasePlan {
  readonly name: string;
  readonly description: ReleaseDescription;
  readonly kind: QueryKind;
  /** Whether the release spends privacy budget (every DP mechanism does; PRAM and generalize don't). */
  readonly dp: boolean;
  readonly mechanism?: MechanismKind;
  readonly sensitivity?: Sensitivity;
  readonly costs: ReleaseCosts;
  readonly noise?: NoisePlan;
  /** Bound on the absolute error of one noisy answer that holds with probability 95 %. */
  readonly error95?: number;
  readonly expectedError?: ExpectedError;
  readonly box?: Box;
  /**
   * Set when a privacy unit's rows may fall in several boxes, so that disjoint `where` regions do not compose in
   * parallel.
   */
  readonly userLevel: boolean;
  readonly problems: readonly PlanProblem[];
  readonly risks: readonly ReleaseRisk[];
  /** The measurement to invoke, when every domain it needs is known and nothing is wrong. */
  readonly measurement?: ReleaseMeasurement;
  /**
   * Calibrated to ε-Bayesian DP for correlated units (a sum or count on a dataset that declares a correlation graph).
   */
  readonly bayesian?: boolean;
}
