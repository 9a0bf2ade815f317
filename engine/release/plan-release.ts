/**
 * The planner: a release description and the budget → the measurement that will run, its cost in every notion, the
 * noise it adds, its error bound, and every problem found without data. The spec checker, hover, code lenses, the budget
 * walk, the runner and the preview panel all read releases from here; the runner invokes `plan.measurement` and records
 * `plan.measurement.costs`, so what is charged is what runs.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { makeAggregateRelease } from './kinds/aggregate-release.js';
import { gridMethod, makeGridReleaseMeasurement } from './kinds/grid-release.js';
import { planView } from './kinds/view-plan.js';
import { viewDimensionProblems } from './view-dimensions.js';
import { makeModeRelease } from './kinds/mode-release.js';
import { roleViolations, type ColumnRoles } from './column-roles.js';
import { acceptedRiskText } from './release-risk.js';
import { cellCount, MAX_CELLS } from './group-cells.js';
import type { PlanProblem } from './plan-problem.js';
import type { ReleaseCosts } from './release-costs.js';
import { groupColumns, regionOf, spendsBudget, type Box, type BudgetDescription, type MechanismDescription, type MechanismKind, type QueryKind, type ReleaseDescription } from './release-description.js';
import type { ExpectedError, ReleaseMeasurement } from './release-measurement.js';
import { releaseRisks, type ReleaseRisk } from './release-risk.js';
import { sensitivityOf, type Sensitivity } from './sensitivity.js';

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
  /** Set when a privacy unit's rows may fall in several boxes, so that disjoint `where` regions do not compose in parallel. */
  readonly userLevel: boolean;
  readonly problems: readonly PlanProblem[];
  readonly risks: readonly ReleaseRisk[];
  /** The measurement to invoke, when every domain it needs is known and nothing is wrong. */
  readonly measurement?: ReleaseMeasurement;
  /** Calibrated to ε-Bayesian DP for correlated units (a sum or count on a dataset that declares a correlation graph). */
  readonly bayesian?: boolean;
}

/** Bounds beyond which parameters are refused as meaningless (and too costly to build exact samplers for). */
const MAX_EPSILON = 1000;
const MAX_RHO = 1e6;
const MAX_SENSITIVITY = 1e15;
const MIN_SCALE = 1e-15;

/**
 * Invariant PRAM builds its matrix from the column's exact frequencies t (Gouweleeuw et al. 1998): tᵀR = t, so the
 * matrix a report or a user needs to read the file gives t back as its stationary vector. Built from noisy
 * frequencies it would no longer keep the released frequencies invariant, which is its whole point; so it is refused.
 */
export const INVARIANT_REFUSED = "invariant PRAM is refused: its matrix is built from the column's exact frequencies, which the matrix (its stationary vector × n) gives back exactly to anyone who reads it; use 'retain P' without 'invariant', or a matrix file written without the data";

export function greek(name: string): string {
  return name === 'epsilon' ? 'ε' : name === 'delta' ? 'δ' : name === 'rho' ? 'ρ' : name;
}

function suggestMechanism(kind: QueryKind): string {
  if (kind === 'mode') return "e.g. 'exponential epsilon 0.1'";
  if (kind === 'grid') return "e.g. 'nn-wavelet rho 0.05'";
  if (kind === 'view') return "e.g. 'hdpview epsilon 1' or 'privtree epsilon 1'";
  return "e.g. 'laplace epsilon 0.1' or 'gaussian rho 0.01'";
}

const ALLOWED: Record<'count' | 'sum' | 'mean' | 'mode' | 'grid' | 'view', readonly MechanismKind[]> = {
  count: ['laplace', 'gaussian'],
  sum: ['laplace', 'gaussian'],
  mean: ['laplace', 'gaussian'],
  mode: ['exponential'],
  grid: ['nn-wavelet', 'privelet', 'laplace', 'gaussian', 'quadtree'],
  view: ['hdpview', 'privtree', 'identity'],
};

/** Checks the mechanism's parameters: ranges, absurd values, what each mechanism needs. */
function checkParameters(release: ReleaseDescription, s: Sensitivity | undefined, problems: PlanProblem[]): void {
  const m = release.mechanism!;
  for (const name of ['epsilon', 'delta', 'rho'] as const) {
    const v = m[name];
    if (v === undefined) continue;
    const ok = name === 'delta' ? v > 0 && v < 1 : v > 0 && Number.isFinite(v);
    if (!ok) problems.push({ code: 'parameter-out-of-range', message: `${greek(name)} must be ${name === 'delta' ? 'in (0, 1)' : 'a finite number > 0'}, got ${v}`, field: name });
    else if (name === 'epsilon' && v > MAX_EPSILON) problems.push({ code: 'parameter-out-of-range', message: `ε=${v} is above ${MAX_EPSILON}: such an ε gives no meaningful protection`, field: name });
    else if (name === 'rho' && v > MAX_RHO) problems.push({ code: 'parameter-out-of-range', message: `ρ=${v} is above ${MAX_RHO}: such a ρ gives no meaningful protection`, field: name });
  }
  const kind = release.query.kind as keyof typeof ALLOWED;
  if (!ALLOWED[kind].includes(m.kind)) {
    problems.push({ code: 'unexpected-mechanism', message: `a ${kind} release takes ${ALLOWED[kind].join(' or ')}, not ${m.kind}`, field: 'mechanism' });
    return;
  }
  const missing = (what: string) => problems.push({ code: 'missing-parameter', message: `${m.kind} needs ${what}`, field: 'mechanism' });
  if ((m.kind === 'laplace' || m.kind === 'exponential' || m.kind === 'privelet') && m.epsilon === undefined) missing("'epsilon E'");
  // The view algorithms are stated in pure ε-DP (Laplace counts and exponential-mechanism cuts); a ρ or δ would be
  // silently ignored, so it is refused.
  if (kind === 'view') {
    if (m.epsilon === undefined) missing("'epsilon E' (a view is built under pure ε-DP)");
    else if (m.rho !== undefined || m.delta !== undefined) problems.push({ code: 'parameter-out-of-range', message: `${m.kind} is stated in pure ε-DP; remove '${m.rho !== undefined ? 'rho' : 'delta'}'`, field: m.rho !== undefined ? 'rho' : 'delta' });
  }
  if ((m.kind === 'nn-wavelet' || m.kind === 'quadtree') && m.rho === undefined) missing(`'rho R' (${m.kind} is stated in zCDP)`);
  if (m.kind === 'gaussian' && m.rho === undefined) {
    if (m.epsilon === undefined || m.delta === undefined) missing("'rho R', or 'epsilon E delta D'");
    else if (release.query.kind === 'mean') missing("'rho R' for a mean (the classic (ε, δ) calibration is not split here)");
  }
  if (s && problems.length === 0) {
    const rough = m.epsilon !== undefined ? s.l1 / m.epsilon : m.rho !== undefined ? s.l2 / Math.sqrt(2 * m.rho) : 1;
    if (!(s.l1 <= MAX_SENSITIVITY)) problems.push({ code: 'parameter-out-of-range', message: `the sensitivity ${s.l1} is above ${MAX_SENSITIVITY}; narrow the clamp range`, field: 'low' });
    else if (s.l1 > 0 && !(rough >= MIN_SCALE)) problems.push({ code: 'parameter-out-of-range', message: `the noise scale ${rough} is below ${MIN_SCALE}: the parameters leave nothing to protect`, field: 'mechanism' });
  }
}

function noiseOf(measurement: ReleaseMeasurement): NoisePlan | undefined {
  const p = measurement.parameters;
  if (typeof p.scale === 'number') return { kind: 'laplace', scale: p.scale };
  if (typeof p.sigma === 'number') return { kind: 'gaussian', sigma: p.sigma };
  if (measurement.name === 'exponential') return { kind: 'exponential', epsilon: Number(p.epsilon), sensitivity: Number(p.sensitivity ?? 1) };
  return undefined;
}

/** A grid release: the wavelet module's measurement over the public bounds (or the data's, when accepted). */
function planGrid(plan: ReleasePlan, q: Extract<ReleaseDescription['query'], { kind: 'grid' }>, m: MechanismDescription, context: PlanContext): ReleasePlan {
  const bounds = q.within ? { xMin: q.within.xLow, xMax: q.within.xHigh, yMin: q.within.yLow, yMax: q.within.yHigh } : context.gridBounds;
  const notes = [q.within ? 'the grid bounds are public, written in the spec' : "the grid bounds were taken from the data's extremes (accepted: data-dependent-domain)"];
  try {
    const measurement = makeGridReleaseMeasurement({ query: q, mechanism: m, budget: context.budget, bounds: bounds ?? { xMin: 0, xMax: 1, yMin: 0, yMax: 1 }, notes, rng: context.rng, bound: q.bound && context.unit !== undefined ? { unit: context.unit, rows: plan.sensitivity?.rows ?? 1 } : undefined });
    const noise: NoisePlan = { kind: gridMethod(m).startsWith('nn-wavelet') ? 'nn-wavelet' : m.kind === 'privelet' ? 'privelet' : 'quadtree', rho: m.rho, epsilon: m.epsilon };
    return { ...plan, costs: measurement.costs, noise, expectedError: measurement.expectedError, ...(bounds ? { measurement } : {}) };
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    return { ...plan, problems: [...plan.problems, { code: 'parameter-out-of-range', message: e.message, field: 'mechanism' }] };
  }
}

/** A `where` bound must be a finite number or text: ±∞ would not survive the ledger and would break parallel composition. */
function checkRegion(box: Box | undefined, problems: PlanProblem[]): void {
  for (const constraints of box?.values() ?? []) {
    for (const c of constraints) {
      const values = c.kind === 'set' ? c.values : [c.low, c.high];
      const bad = values.find((v) => typeof v === 'number' && !Number.isFinite(v));
      if (bad !== undefined) problems.push({ code: 'parameter-out-of-range', message: `a where bound must be a finite number, got ${bad}`, field: 'query' });
    }
  }
}

function correlated(context: PlanContext, kind: QueryKind): boolean {
  return context.correlation?.maxLeakage !== undefined && (kind === 'count' || kind === 'sum' || kind === 'mean');
}

/**
 * Theorem 5.1 of Yang, Sato and Nakagawa: a unit moving by M shifts the sum's conditional mean by M(1 + max ℓ), so the
 * Laplace noise is calibrated to that effective sensitivity; the cost, ε, is then ε-BDP against every weak adversary.
 */
function scaled(s: Sensitivity, factor: number): Sensitivity {
  const up = (x: number) => x * factor * (1 + 1e-15);
  return { ...s, l1: up(s.l1), countL1: up(s.countL1), why: `${s.why}, × (1 + max ℓ) = × ${factor} for correlated units` };
}

/**
 * Plans made without a noise source (the checker, hover and lenses, on every edit) are cached: building a measurement
 * does exact rational arithmetic, and calibrating a Gaussian histogram convolves its privacy profile. The runner always
 * passes its own source, so it never gets a cached measurement.
 */
const pricingCache = new Map<string, Pick<ReleasePlan, 'costs' | 'noise' | 'error95' | 'expectedError' | 'measurement'>>();

/** JSON of what a plan depends on; `where` regions are Maps and declared domains Sets, spelled out so they count. */
function cacheKey(release: ReleaseDescription, context: PlanContext): string {
  const { budget, unit, correlation, domains, declaredDomains, gridBounds } = context;
  return JSON.stringify([release, budget, unit, correlation, domains, declaredDomains, gridBounds], (_, v: unknown) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}

/** Plans one release. Never throws for bad parameters: they come back as problems. */
export function planRelease(release: ReleaseDescription, context: PlanContext): ReleasePlan {
  const q = release.query;
  const problems: PlanProblem[] = [];
  const dp = spendsBudget(q.kind);
  const base = { name: release.name, description: release, kind: q.kind, dp, costs: {}, problems, risks: [] as ReleaseRisk[], userLevel: false };
  // Roles come first and no `accept` clause lifts them: a noisy count by name still lists every name.
  if (context.roles) for (const v of roleViolations(q, context.roles)) problems.push({ code: 'column-role', message: v.message, field: 'query', column: v.column, role: v.role });
  if (!dp) {
    if (release.mechanism) problems.push({ code: 'unexpected-mechanism', message: `a ${q.kind} release takes no noise mechanism; remove '${release.mechanism.kind}'`, field: 'mechanism' });
    if (q.kind === 'pram' && q.matrix === undefined && !(q.retain !== undefined && q.retain > 0 && q.retain <= 1)) {
      problems.push({ code: 'parameter-out-of-range', message: `retain must be in (0, 1], got ${q.retain}`, field: 'retain' });
    }
    if (q.kind === 'pram' && q.invariant) problems.push({ code: 'invariant-pram', message: INVARIANT_REFUSED, field: 'retain' });
    return base;
  }
  const risks = releaseRisks(release, context.unit, context.declaredDomains ?? new Set());
  if (!release.mechanism) {
    problems.push({ code: 'missing-mechanism', message: `release '${release.name}' needs a mechanism: ${suggestMechanism(q.kind)}`, field: 'release' });
    return { ...base, risks };
  }
  const sensitivity = sensitivityOf(q, context.unit, problems);
  checkParameters(release, sensitivity, problems);
  if (context.correlation && (q.kind === 'count' || q.kind === 'sum' || q.kind === 'mean') && release.mechanism.kind !== 'laplace') {
    problems.push({ code: 'unexpected-mechanism', message: 'a dataset with correlated units calibrates its sums and counts to Bayesian DP with Laplace noise; use laplace epsilon E', field: 'mechanism' });
  }
  // Only sums and counts have a Bayesian-DP calibration here (Yang, Sato, Nakagawa 2015); a mode or a grid over
  // correlated units would be charged ε while leaking more.
  if (context.correlation && (q.kind === 'mode' || q.kind === 'grid' || q.kind === 'view')) {
    problems.push({ code: 'unexpected-mechanism', message: `a dataset with correlated units releases sums and counts calibrated to Bayesian DP; a ${q.kind} has no such calibration and would leak more than its ε`, field: 'query' });
  }
  checkRegion(regionOf(q), problems);
  const by = q.kind === 'mode' ? [q.column] : groupColumns(q);
  const known = by.every((c) => context.domains?.has(c));
  const domains = by.map((c) => context.domains?.get(c) ?? ['·']);
  if (known && cellCount(domains) > MAX_CELLS) problems.push({ code: 'parameter-out-of-range', message: `the release has ${cellCount(domains)} cells, more than ${MAX_CELLS}`, field: 'query' });
  if (q.kind === 'view') problems.push(...viewDimensionProblems(q, context.declaredDomains ?? new Set(), release.mechanism.kind === 'identity', context.domains));
  const plan = { ...base, risks, mechanism: release.mechanism.kind, sensitivity, box: regionOf(q), userLevel: context.unit !== undefined, bayesian: correlated(context, q.kind) };
  if (problems.length > 0) return plan;
  if (q.kind === 'grid') return planGrid(plan, q, release.mechanism, context);
  if (q.kind === 'view') return planView(plan, q, release.mechanism, context);
  const notes = [
    ...by.map((c) => (context.declaredDomains?.has(c) ? `the values of '${c}' are its declared domain, released whether present in the data or not` : `the values of '${c}' were taken from the data (accepted: data-dependent-domain)`)),
    ...risks.filter((r) => r.accepted).map((r) => acceptedRiskText(r)),
    ...(correlated(context, q.kind) ? [`calibrated to ε-Bayesian DP for correlated units (Yang, Sato, Nakagawa 2015): Laplace scale × (1 + max ℓ) = × ${1 + context.correlation!.maxLeakage!}`] : []),
  ];
  const key = context.rng === undefined ? cacheKey(release, context) : undefined;
  const cached = key === undefined ? undefined : pricingCache.get(key);
  if (cached) return { ...plan, ...cached };
  let measurement: ReleaseMeasurement;
  try {
    measurement = q.kind === 'mode'
      ? makeModeRelease({ query: q, mechanism: release.mechanism, sensitivity: sensitivity.l1, bound: q.bound && context.unit !== undefined ? { unit: context.unit, rows: sensitivity.rows } : undefined, budget: context.budget, candidates: domains[0], notes, rng: context.rng })
      : makeAggregateRelease({ query: q as Extract<typeof q, { kind: 'count' | 'sum' | 'mean' }>, mechanism: release.mechanism, sensitivity: correlated(context, q.kind) ? scaled(sensitivity, 1 + context.correlation!.maxLeakage!) : sensitivity, budget: context.budget, domains, unit: context.unit, notes, rng: context.rng });
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    problems.push({ code: 'parameter-out-of-range', message: e.message, field: 'mechanism' });
    return plan;
  }
  const priced = { costs: measurement.costs, noise: noiseOf(measurement), error95: measurement.expectedError?.bound, expectedError: measurement.expectedError, ...(known ? { measurement } : {}) };
  if (key !== undefined) {
    if (pricingCache.size > 10_000) pricingCache.clear();
    pricingCache.set(key, priced);
  }
  return { ...plan, ...priced };
}
