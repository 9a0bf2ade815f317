/**
 * A release as plain data: what the spec language translates each `release` into, and all that the planner, the runner,
 * the editor and the preview panel need. No syntax tree, no file system: the same description plans in the language
 * server, runs in the command line and renders in the browser.
 */

/** How the budget composes: pure ε-DP, approximate (ε, δ)-DP, or ρ-zCDP. */
export type Accounting = 'pure' | 'approx' | 'zcdp';

/** The budget block: the limit in the notions the spec wrote (undefined where it gave none). */
export interface BudgetDescription {
  readonly accounting: Accounting;
  readonly epsilon?: number;
  readonly delta?: number;
  readonly rho?: number;
}

export type { Box, Constraint } from '../source/box.js';
import type { Box } from '../source/box.js';

export type MechanismKind =
  'laplace' | 'gaussian' | 'exponential' | 'nn-wavelet' | 'privelet' | 'quadtree' | 'hdpview' | 'privtree' | 'identity';

export interface MechanismDescription {
  readonly kind: MechanismKind;
  readonly epsilon?: number;
  readonly delta?: number;
  readonly rho?: number;
}

/** User-contribution bounding: each privacy unit keeps at most `groups` groups and `rows` rows in each. */
export interface ContributionBound {
  readonly groups?: number;
  readonly rows?: number;
}

/**
 * One dimension of a view: a numeric column with its public integer bounds (`within low..high`), or, without them, a
 * categorical column whose values its hierarchy lists.
 */
export interface ViewDimensionDescription {
  readonly column: string;
  readonly low?: number;
  readonly high?: number;
}

/** A local DP protocol: k-ary randomized response, or Apple's count-mean sketch. */
export type LocalProtocol = 'randomized-response' | 'count-mean-sketch';

export type QueryDescription =
  | { readonly kind: 'count'; readonly by: readonly string[]; readonly where?: Box; readonly bound?: ContributionBound }
  | {
      readonly kind: 'sum' | 'mean';
      readonly column: string;
      readonly low: number;
      readonly high: number;
      readonly by: readonly string[];
      readonly where?: Box;
      readonly bound?: ContributionBound;
    }
  | { readonly kind: 'mode'; readonly column: string; readonly where?: Box; readonly bound?: ContributionBound }
  | { readonly kind: 'generalize' }
  | {
      readonly kind: 'pram';
      readonly columns: readonly string[];
      readonly retain?: number;
      readonly invariant: boolean;
      readonly matrix?: string;
      readonly rerun?: boolean;
    }
  | {
      readonly kind: 'local';
      readonly column: string;
      readonly protocol: LocalProtocol;
      /** The local ε of one unit's report. */
      readonly epsilon: number;
      /** The count-mean sketch's number of hash functions and its width (cells per report). */
      readonly hashes?: number;
      readonly width?: number;
      readonly rerun?: boolean;
    }
  | {
      readonly kind: 'grid';
      readonly x: string;
      readonly y: string;
      readonly size: number;
      readonly within?: {
        readonly xLow: number;
        readonly xHigh: number;
        readonly yLow: number;
        readonly yHigh: number;
      };
      readonly bound?: ContributionBound;
    }
  | {
      readonly kind: 'view';
      readonly dimensions: readonly ViewDimensionDescription[];
      readonly bound?: ContributionBound;
    }
  | R2tQueryDescription;

/**
 * A count or a sum whose contribution bound is chosen privately by R2T (`bound unit auto up to GS`; Dong, Fang, Yi,
 * Tao,
 * Wei, SIGMOD 2022), over one table, a foreign-key join of two, or an edge list's pairs or triangles (node privacy).
 */
export interface R2tQueryDescription {
  readonly kind: 'r2t';
  /**
   * Rows (of the table or the join), a clamped column's sum, an edge list's edges or its triangles; a mean is described
   * so that the kind can refuse it in words (R2T truncates sums and counts).
   */
  readonly aggregate: 'count' | 'sum' | 'mean' | 'pairs' | 'triangles';
  /** The summed column and its clamp (a sum); the clamp's low end is ≥ 0, since R2T truncates non-negative sums. */
  readonly column?: string;
  readonly low?: number;
  readonly high?: number;
  /** Group columns, all of the table that carries the unit, so that one unit falls in one group. */
  readonly by: readonly string[];
  /** The dataset read (`from T`, or the edge list); absent: the spec's only dataset. */
  readonly table?: string;
  /** The dataset joined to it and the key column both carry (`join U on K`). */
  readonly join?: { readonly table: string; readonly key: string };
  /** The edge list's two endpoint columns (pairs, triangles). */
  readonly endpoints?: readonly [string, string];
  /** The public upper bound on one unit's contribution (`up to GS`), an integer ≥ 2. */
  readonly gs: number;
  /** The dataset that carries the privacy unit (the primary private entity), whose ledger records the spend. */
  readonly unitTable?: string;
}

export type QueryKind = QueryDescription['kind'];

/** Leaks that the stated privacy loss does not cover, accepted explicitly by the spec (`accept …`). */
export type AcceptedRisk = 'data-dependent-domain' | 'unbounded-contribution' | 'linked-releases';

export interface ReleaseDescription {
  readonly name: string;
  readonly query: QueryDescription;
  readonly mechanism?: MechanismDescription;
  readonly accepts: readonly AcceptedRisk[];
  /** The reason the spec gives for an acceptance (`accept linked-releases "…"`), repeated in the release's report. */
  readonly reasons?: Readonly<Partial<Record<AcceptedRisk, string>>>;
}

/** The dataset block: the CSV (absolute path) and the role of each column. */
export interface DatasetDescription {
  readonly name: string;
  readonly file: string;
  readonly delimiter?: string;
  readonly identifying: readonly string[];
  readonly quasi: readonly string[];
  readonly sensitive: readonly string[];
  readonly insensitive: readonly string[];
  readonly unit?: string;
  /** The survey weight column (`weight w`): read for the individual risk, never released. */
  readonly weight?: string;
  readonly sampling?: number;
  /** Correlated privacy units: an edge list between unit ids and the Gaussian model's prior τ. */
  readonly correlation?: { readonly file: string; readonly prior?: number };
}

/** The columns a query groups by (none for a scalar). */
export function groupColumns(q: QueryDescription): readonly string[] {
  return 'by' in q ? q.by : [];
}

/** The `where` region of a query, when it has one. */
export function regionOf(q: QueryDescription): Box | undefined {
  return 'where' in q ? q.where : undefined;
}

/** Whether a query kind spends budget: one fact of the kind registry, known without loading the kind. */
export { spendsBudget } from './kinds/registry.js';

/** The anonymity block as the engine needs it: criteria, suppression limit, metric, pinned levels. */
export interface AnonymityDescription {
  readonly k?: number;
  readonly criteria: readonly import('../criteria/criterion.js').Criterion[];
  /** Fraction of rows the search may suppress, in [0, 1]. */
  readonly suppression: number;
  readonly metric: string;
  /** Levels the spec pins quasi-identifiers to (`generalize zip 1`). */
  readonly pins: ReadonlyMap<string, number>;
}

/**
 * The columns a microdata release may write: those the spec declares quasi-identifying, sensitive or insensitive.
 * Every other column is treated as identifying and left out (ARX does the same with undeclared attributes), and so is
 * the privacy unit, which identifies a person across rows, and the survey weight, which would tell a sample unique's
 * inclusion probability (and so often its stratum) to anyone holding the release.
 */
export function releasableColumns(
  dataset: DatasetDescription,
  header: readonly string[],
): { kept: string[]; removed: string[] } {
  const declared = new Set([...dataset.quasi, ...dataset.sensitive, ...dataset.insensitive]);
  const identifying = new Set([
    ...dataset.identifying,
    ...[dataset.unit, dataset.weight].filter((c): c is string => c !== undefined),
  ]);
  const kept = header.filter((c) => declared.has(c) && !identifying.has(c));
  return { kept, removed: header.filter((c) => !kept.includes(c)) };
}
