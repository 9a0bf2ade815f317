/**
 * The differential-privacy half of the AST → engine bridge: what each `release` costs, in every privacy notion the
 * engine knows, and what noise it adds. Re-exported by `privspec-to-engine.ts`; the validator, hover, code lenses,
 * the budget summary and the release runner all read release costs from here and nowhere else.
 */
import { approx, pure, PrivacyError, zcdp, type PrivacyCost } from '../engine/core/measures.js';
import { sequentialEpsilon } from '../engine/dp/accounting/pure.js';
import { composeZcdp, epsilonClassic, rhoFromPureEpsilon } from '../engine/dp/accounting/zcdp.js';
import { makeExponential } from '../engine/dp/mechanisms/exponential.js';
import { makeGaussian } from '../engine/dp/mechanisms/gaussian.js';
import { makeLaplace } from '../engine/dp/mechanisms/laplace.js';
import { gaussianErrorBound, laplaceErrorBound } from '../engine/dp/utility/bounds.js';
import type * as ast from './generated/ast.js';
import { unescape } from './privspec-to-engine.js';

export type Accounting = 'pure' | 'approx' | 'zcdp';

/** The budget block: the limit in the accounting's own notion (undefined when the block gives no usable limit). */
export interface BudgetPlan {
  readonly accounting: Accounting;
  readonly epsilon?: number;
  readonly delta?: number;
  readonly rho?: number;
}

export function budgetPlan(budget: ast.Budget | undefined): BudgetPlan {
  const get = (name: string) => budget?.clauses.find((c) => c.name === name);
  const epsilon = get('epsilon')?.value;
  const delta = get('delta')?.value;
  const rho = get('rho')?.value;
  const written = get('accounting')?.accounting as Accounting | undefined;
  // Without an explicit accounting the parameters decide: ρ means zCDP, δ means approximate DP, ε alone pure DP.
  const accounting = written ?? (rho !== undefined ? 'zcdp' : delta !== undefined ? 'approx' : 'pure');
  return { accounting, epsilon, delta, rho };
}

/** A release's sensitivities for neighbouring datasets that differ by one privacy unit (added or removed). */
export interface Sensitivity {
  readonly l1: number;
  readonly l2: number;
  /** The sensitivities of the row count alone (the denominator of a mean): 1 per row, G·R and √G·R when bounded. */
  readonly countL1: number;
  readonly countL2: number;
  /** Why, in one phrase, for hovers and reports. */
  readonly why: string;
}

/** One restriction of a `where` clause on one column. */
export type Constraint =
  | { readonly kind: 'range'; readonly low: number | string; readonly high: number | string }
  | { readonly kind: 'set'; readonly values: readonly (number | string)[] };

/** The region of rows a release reads: per column, the restrictions that all hold. Undefined means every row. */
export type Box = ReadonlyMap<string, readonly Constraint[]>;

export type NoisePlan =
  | { readonly kind: 'laplace'; readonly scale: number }
  | { readonly kind: 'gaussian'; readonly sigma: number }
  | { readonly kind: 'exponential'; readonly epsilon: number; readonly sensitivity: number }
  | { readonly kind: 'nn-wavelet'; readonly rho: number };

/** Something wrong with a release's own parameters, found without data; the validator turns it into a diagnostic. */
export interface PlanProblem {
  readonly code: 'parameter-out-of-range' | 'missing-parameter' | 'unexpected-mechanism' | 'missing-mechanism';
  readonly message: string;
  readonly node: ast.Release | ast.Mechanism | ast.MechanismParam | ast.Query | ast.Bound;
  readonly property?: string;
}

export interface ReleasePlan {
  readonly name: string;
  readonly node: ast.Release;
  readonly kind: ast.Query['kind'];
  /** Whether the release spends privacy budget (every differentially private mechanism does; PRAM and generalize don't). */
  readonly dp: boolean;
  readonly mechanism?: ast.Mechanism['kind'];
  readonly sensitivity?: Sensitivity;
  /** The release's cost in each notion it can be stated in; a notion missing here is not available for it. */
  readonly costs: { readonly pure?: PrivacyCost; readonly approx?: PrivacyCost; readonly zcdp?: PrivacyCost };
  readonly noise?: NoisePlan;
  /** Bound on the absolute error of one noisy answer that holds with probability 95 %, where one is known without data. */
  readonly error95?: number;
  readonly box?: Box;
  /** Set when the rows of a privacy unit may fall in several boxes, so that disjoint `where` ranges do not compose in parallel. */
  readonly userLevel: boolean;
  readonly problems: readonly PlanProblem[];
}

function param(m: ast.Mechanism | undefined, name: string): ast.MechanismParam | undefined {
  return m?.params.find((p) => p.name === name);
}

/**
 * Plans one release under `budget`. `unit` is the dataset's privacy unit; when it is declared, the release's
 * `bound unit` clause sets the sensitivity (each unit contributes to at most `groups` groups and `rows` rows in each).
 */
export function releasePlan(release: ast.Release, budget: BudgetPlan, unit?: string): ReleasePlan {
  const problems: PlanProblem[] = [];
  const query = release.query;
  const m = release.mechanism;
  const kind = query?.kind ?? 'count';
  const base = { name: release.name, node: release, kind, costs: {}, problems, userLevel: false };
  if (!query) return { ...base, dp: false };
  if (query.kind === 'pram' || query.kind === 'generalize') {
    if (m) problems.push({ code: 'unexpected-mechanism', message: `a ${query.kind} release takes no noise mechanism; remove '${m.kind}'`, node: m, property: 'kind' });
    if (query.kind === 'pram' && !(query.retain > 0 && query.retain <= 1)) {
      problems.push({ code: 'parameter-out-of-range', message: `retain must be in (0, 1], got ${query.retain}`, node: query, property: 'retain' });
    }
    return { ...base, dp: false };
  }
  if (!m) {
    problems.push({ code: 'missing-mechanism', message: `release '${release.name}' needs a mechanism: ${suggestMechanism(query.kind)}`, node: release, property: 'name' });
    return { ...base, dp: true };
  }
  for (const p of m.params) {
    if (p.name === 'delta' ? !(p.value > 0 && p.value < 1) : !(p.value > 0) || !Number.isFinite(p.value)) {
      const rule = p.name === 'delta' ? 'in (0, 1)' : 'a finite number > 0';
      problems.push({ code: 'parameter-out-of-range', message: `${greek(p.name)} must be ${rule}, got ${p.value}`, node: p, property: 'value' });
    }
  }
  const sensitivity = sensitivityOf(query, release, unit, problems);
  const userLevel = unit !== undefined && hasBound(query);
  const plan = { ...base, dp: true, mechanism: m.kind, sensitivity, box: boxOf(query), userLevel };
  if (problems.length > 0) return plan;
  // Building a measurement does exact rational arithmetic; a release that did not change since the last parse reuses it.
  const key = `${m.$cstNode?.text}|${query.kind}|${sensitivity.l1}|${sensitivity.l2}|${sensitivity.countL1}|${budget.delta}`;
  const cached = costCache.get(key);
  if (cached) return { ...plan, ...cached };
  const priced = mechanismCosts(m, query, sensitivity, budget, problems);
  if (problems.length === 0) {
    if (costCache.size > 10_000) costCache.clear();
    costCache.set(key, priced);
  }
  return { ...plan, ...priced };
}

const costCache = new Map<string, Partial<ReleasePlan>>();

/** Bounds beyond which parameters are refused as meaningless (and too costly to build exact samplers for). */
const MAX_EPSILON = 1000;
const MAX_RHO = 1e6;
const MAX_SENSITIVITY = 1e15;
const MIN_SCALE = 1e-15;

function suggestMechanism(kind: string): string {
  if (kind === 'mode') return "e.g. 'exponential epsilon 0.1'";
  if (kind === 'grid') return "e.g. 'nn-wavelet rho 0.05'";
  return "e.g. 'laplace epsilon 0.1' or 'gaussian rho 0.01'";
}

export function greek(name: string): string {
  return name === 'epsilon' ? 'ε' : name === 'delta' ? 'δ' : name === 'rho' ? 'ρ' : name;
}

/**
 * Costs, noise and error bound of a mechanism with valid parameters, read off the engine's measurements (which carry
 * their own privacy maps); records missing parameters and the engine's refusals as problems. Counts are integer
 * queries, so their noise lives on the integers with no rounding term.
 */
function mechanismCosts(m: ast.Mechanism, q: ast.Query, s: Sensitivity, budget: BudgetPlan, problems: PlanProblem[]): Partial<ReleasePlan> {
  const epsilon = param(m, 'epsilon')?.value;
  const delta = param(m, 'delta')?.value;
  const rho = param(m, 'rho')?.value;
  const integer = q.kind === 'count' || q.kind === 'grid';
  // Absurd parameters are refused before any measurement is built: the exact samplers work on a grid of 2^k with k
  // chosen from the scale, and a scale of 1e-300 would make that grid (and the time to build it) astronomically fine.
  const absurd = (p: ast.MechanismParam | undefined, max: number, what: string) => {
    if (p && p.value > max) problems.push({ code: 'parameter-out-of-range', message: `${greek(p.name)}=${p.value} is above ${max}: ${what}`, node: p, property: 'value' });
  };
  absurd(param(m, 'epsilon'), MAX_EPSILON, 'such an ε gives no meaningful protection');
  absurd(param(m, 'rho'), MAX_RHO, 'such a ρ gives no meaningful protection');
  const rough = epsilon !== undefined ? s.l1 / epsilon : rho !== undefined ? s.l2 / Math.sqrt(2 * rho) : 1;
  if (!(s.l1 <= MAX_SENSITIVITY)) problems.push({ code: 'parameter-out-of-range', message: `the sensitivity ${s.l1} is above ${MAX_SENSITIVITY}; narrow the clamp range`, node: q, property: 'kind' });
  else if (s.l1 > 0 && !(rough >= MIN_SCALE)) problems.push({ code: 'parameter-out-of-range', message: `the noise scale ${rough} is below ${MIN_SCALE}: the parameters leave nothing to protect`, node: m, property: 'kind' });
  if (problems.length > 0) return {};
  const missing = (what: string) => {
    problems.push({ code: 'missing-parameter', message: `${m.kind} needs ${what}`, node: m, property: 'kind' });
    return {};
  };
  try {
    if (m.kind === 'laplace' || m.kind === 'exponential') {
      if (epsilon === undefined) return missing("'epsilon E'");
      if (m.kind === 'exponential') {
        // The exponential mechanism's cost does not depend on its candidates; one placeholder builds the measurement.
        const em = makeExponential({ candidates: [''], score: () => 0, sensitivity: s.l1, epsilon });
        return { costs: pureCosts(em.cost), noise: { kind: 'exponential', epsilon, sensitivity: s.l1 } };
      }
      // A mean spends half of ε on the clamped sum and half on the count.
      const parts = q.kind === 'mean' ? [makeLaplace({ sensitivity: s.l1, epsilon: epsilon / 2 }), makeLaplace({ sensitivity: s.countL1, epsilon: epsilon / 2, integer: true })] : [makeLaplace({ sensitivity: s.l1, epsilon, integer })];
      const scale = Number(parts[0].parameters.scale);
      const total = parts.length === 1 ? parts[0].cost : pure(sequentialEpsilon(parts.map((p) => (p.cost as { epsilon: number }).epsilon)));
      return { costs: pureCosts(total), noise: { kind: 'laplace', scale }, error95: laplaceErrorBound(scale, 0.05) };
    }
    if (rho !== undefined) {
      if (m.kind === 'nn-wavelet') {
        const d = delta ?? budget.delta;
        return { costs: { zcdp: zcdp(rho), approx: d !== undefined && d > 0 && d < 1 ? approx(epsilonClassic(rho, d), d) : undefined }, noise: { kind: 'nn-wavelet', rho } };
      }
      const d = delta ?? budget.delta;
      if (q.kind === 'mean') {
        // A mean spends half of ρ on the clamped sum and half on the count; ρ adds (Bun–Steinke Lemma 2.3).
        const parts = [makeGaussian({ sensitivity: s.l2, rho: rho / 2 }), makeGaussian({ sensitivity: s.countL2, rho: rho / 2, integer: true })];
        const total = composeZcdp(parts.map((p) => (p.cost as { rho: number }).rho));
        const sigma = Number(parts[0].parameters.sigma);
        return { costs: { zcdp: zcdp(total), approx: d !== undefined && d > 0 && d < 1 ? approx(epsilonClassic(total, d), d) : undefined }, noise: { kind: 'gaussian', sigma }, error95: gaussianErrorBound(sigma, 0.05) };
      }
      const g = makeGaussian({ sensitivity: s.l2, rho, integer });
      const sigma = Number(g.parameters.sigma);
      // ρ-zCDP ⇒ (ε, δ)-DP for the accounting's δ (Canonne–Kamath–Steinke 2020, Corollary 13).
      const asApprox = d !== undefined && d > 0 && d < 1 ? makeGaussian({ sensitivity: s.l2, sigma, delta: d, integer }).cost : undefined;
      return { costs: { zcdp: g.cost, approx: asApprox }, noise: { kind: 'gaussian', sigma }, error95: gaussianErrorBound(sigma, 0.05) };
    }
    if (m.kind === 'nn-wavelet') return missing("'rho R' (NN-Wavelet is stated in zCDP)");
    if (epsilon === undefined || delta === undefined) return missing("'rho R', or 'epsilon E delta D'");
    if (q.kind === 'mean') return missing("'rho R' for a mean (the classic (ε, δ) calibration is not split here)");
    const g = makeGaussian({ sensitivity: s.l2, epsilon, delta, integer });
    const sigma = Number(g.parameters.sigma);
    // The same noise read as zCDP: ρ = Δ₂²/(2σ²) (Bun–Steinke Proposition 1.6).
    const asZcdp = makeGaussian({ sensitivity: s.l2, sigma, integer }).cost;
    return { costs: { approx: g.cost, zcdp: asZcdp }, noise: { kind: 'gaussian', sigma }, error95: gaussianErrorBound(sigma, 0.05) };
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    problems.push({ code: 'parameter-out-of-range', message: e.message, node: m, property: 'kind' });
    return {};
  }
}

/** A pure ε cost in every notion: (ε, 0) and ρ = ε²/2 (Bun–Steinke Proposition 1.4). */
function pureCosts(cost: PrivacyCost): ReleasePlan['costs'] {
  const epsilon = cost.kind === 'pure' ? cost.epsilon : NaN;
  return { pure: cost, approx: approx(epsilon, 0), zcdp: zcdp(rhoFromPureEpsilon(epsilon)) };
}

function hasBound(query: ast.Query): boolean {
  return (query.kind === 'count' || query.kind === 'sum' || query.kind === 'mean') && query.bound !== undefined;
}

/**
 * Sensitivity under add/remove-one-unit neighbours. Without `bound unit` the unit is one row: a count or a histogram
 * (one row lands in one bin) changes by 1; a clamped sum by max(|low|, |high|). With `bound unit groups G rows R` a
 * unit changes R rows in each of at most G groups: Δ₁ = G·R·c and Δ₂ = √G·R·c for per-row contribution c
 * (seed "DP query tutorial", user-level DP by bounding contributions).
 */
function sensitivityOf(query: ast.Query, release: ast.Release, unit: string | undefined, problems: PlanProblem[]): Sensitivity {
  const perRow = query.kind === 'sum' || query.kind === 'mean' ? Math.max(Math.abs(query.low), Math.abs(query.high)) : 1;
  if (query.kind === 'sum' || query.kind === 'mean') {
    if (!(query.low <= query.high)) problems.push({ code: 'parameter-out-of-range', message: `clamp range ${query.low}..${query.high} is empty`, node: query, property: 'low' });
  }
  if (query.kind === 'grid' && !(Number.isInteger(query.size) && query.size >= 1)) {
    problems.push({ code: 'parameter-out-of-range', message: `grid size must be a positive integer, got ${query.size}`, node: query, property: 'size' });
  }
  const bound = hasBound(query) ? (query as ast.CountQuery).bound : undefined;
  if (!bound || unit === undefined) return { l1: perRow, l2: perRow, countL1: 1, countL2: 1, why: perRow === 1 ? 'one row changes one count by 1' : `one row changes the sum by at most ${perRow}` };
  const grouped = (query as ast.CountQuery).by.length > 0;
  const rows = bound.rows;
  const groups = grouped ? bound.groups : 1;
  if (rows === undefined || groups === undefined) {
    problems.push({ code: 'missing-parameter', message: `bound unit needs ${rows === undefined ? "'rows R'" : "'groups G' for a grouped query"}`, node: bound, property: 'rows' });
    return { l1: NaN, l2: NaN, countL1: NaN, countL2: NaN, why: 'unbounded' };
  }
  for (const [name, v] of [['groups', groups], ['rows', rows]] as const) {
    if (!(Number.isInteger(v) && v >= 1)) problems.push({ code: 'parameter-out-of-range', message: `${name} must be a positive integer, got ${v}`, node: bound, property: name });
  }
  void release;
  return { l1: groups * rows * perRow, l2: Math.sqrt(groups) * rows * perRow, countL1: groups * rows, countL2: Math.sqrt(groups) * rows, why: `one ${unit} changes ≤ ${rows} rows in each of ≤ ${groups} groups` };
}

function valueOf(v: ast.Value | undefined): number | string {
  if (!v) return '';
  return v.text !== undefined ? unescape(v.text) : (v.number ?? '');
}

/** The rows a query reads, as per-column restrictions; undefined when it reads every row. */
export function boxOf(query: ast.Query): Box | undefined {
  const where = query.kind === 'count' || query.kind === 'sum' || query.kind === 'mean' || query.kind === 'mode' ? query.where : undefined;
  if (!where) return undefined;
  const box = new Map<string, Constraint[]>();
  for (const t of where.terms) {
    const name = t.column?.name;
    if (!name) continue;
    const c: Constraint =
      t.value !== undefined ? { kind: 'set', values: [valueOf(t.value)] }
      : t.values.length > 0 ? { kind: 'set', values: t.values.map(valueOf) }
      : { kind: 'range', low: valueOf(t.low), high: valueOf(t.high) };
    box.set(name, [...(box.get(name) ?? []), c]);
  }
  return box;
}
