/**
 * The planner: a release description and the budget → the measurement that will run, its cost in every notion, the
 * noise it adds, its error bound, and every problem found without data. The spec checker, hover, code lenses, the
 * budget walk, the runner and the preview panel all read releases from here; the runner invokes `plan.measurement` and
 * records
 * `plan.measurement.costs`, so what is charged is what runs.
 */
import { roleViolations } from './column-roles.js';
import { cellCount, MAX_CELLS } from './group-cells.js';
import { releaseKind } from './kinds/registry.js';
import type { ReleaseKind } from './kinds/release-kind.js';
import type { PlanProblem } from './plan-problem.js';
import { regionOf, type Box, type ReleaseDescription } from './release-description.js';
import { releaseRisks, type ReleaseRisk } from './release-risk.js';
import { MAX_SENSITIVITY } from './sensitivity-limit.js';
import { sensitivityOf, type Sensitivity } from './sensitivity.js';
import type { PlanContext, ReleasePlan } from './release-plan.js';

export type { NoisePlan, PlanContext, ReleasePlan } from './release-plan.js';

/** Bounds beyond which parameters are refused as meaningless (and too costly to build exact samplers for). */
const MAX_EPSILON = 1000;
const MAX_RHO = 1e6;
const MIN_SCALE = 1e-15;

export function greek(name: string): string {
  return name === 'epsilon' ? 'ε' : name === 'delta' ? 'δ' : name === 'rho' ? 'ρ' : name;
}

/** Checks the mechanism's parameters: ranges, absurd values, what each mechanism needs. */
function checkParameters(
  release: ReleaseDescription,
  kind: ReleaseKind,
  s: Sensitivity | undefined,
  problems: PlanProblem[],
): void {
  const m = release.mechanism!;
  for (const name of ['epsilon', 'delta', 'rho'] as const) {
    const v = m[name];
    if (v === undefined) continue;
    const ok = name === 'delta' ? v > 0 && v < 1 : v > 0 && Number.isFinite(v);
    if (!ok)
      problems.push({
        code: 'parameter-out-of-range',
        message: `${greek(name)} must be ${name === 'delta' ? 'in (0, 1)' : 'a finite number > 0'}, got ${v}`,
        field: name,
      });
    else if (name === 'epsilon' && v > MAX_EPSILON)
      problems.push({
        code: 'parameter-out-of-range',
        message: `ε=${v} is above ${MAX_EPSILON}: such an ε gives no meaningful protection`,
        field: name,
      });
    else if (name === 'rho' && v > MAX_RHO)
      problems.push({
        code: 'parameter-out-of-range',
        message: `ρ=${v} is above ${MAX_RHO}: such a ρ gives no meaningful protection`,
        field: name,
      });
  }
  if (!kind.mechanisms.includes(m.kind)) {
    problems.push({
      code: 'unexpected-mechanism',
      message: `a ${kind.name} release takes ${kind.mechanisms.join(' or ')}, not ${m.kind}`,
      field: 'mechanism',
    });
    return;
  }
  const missing = (what: string) =>
    problems.push({ code: 'missing-parameter', message: `${m.kind} needs ${what}`, field: 'mechanism' });
  if ((m.kind === 'laplace' || m.kind === 'exponential' || m.kind === 'privelet') && m.epsilon === undefined)
    missing("'epsilon E'");
  problems.push(...(kind.mechanismProblems?.(release.query, m) ?? []));
  if ((m.kind === 'nn-wavelet' || m.kind === 'quadtree') && m.rho === undefined)
    missing(`'rho R' (${m.kind} is stated in zCDP)`);
  if (m.kind === 'gaussian' && m.rho === undefined) {
    if (m.epsilon === undefined || m.delta === undefined) missing("'rho R', or 'epsilon E delta D'");
  }
  if (s && problems.length === 0) {
    const rough = m.epsilon !== undefined ? s.l1 / m.epsilon : m.rho !== undefined ? s.l2 / Math.sqrt(2 * m.rho) : 1;
    if (!(s.l1 <= MAX_SENSITIVITY))
      problems.push({
        code: 'parameter-out-of-range',
        message: `the sensitivity ${s.l1} is above ${MAX_SENSITIVITY}; narrow the clamp range`,
        field: 'low',
      });
    else if (s.l1 > 0 && !(rough >= MIN_SCALE))
      problems.push({
        code: 'parameter-out-of-range',
        message: `the noise scale ${rough} is below ${MIN_SCALE}: the parameters leave nothing to protect`,
        field: 'mechanism',
      });
  }
}

/**
 * A `where` bound must be a finite number or text: ±∞ would not survive the ledger and would break parallel
 * composition.
 */
function checkRegion(box: Box | undefined, problems: PlanProblem[]): void {
  for (const constraints of box?.values() ?? []) {
    for (const c of constraints) {
      const values = c.kind === 'set' ? c.values : [c.low, c.high];
      const bad = values.find((v) => typeof v === 'number' && !Number.isFinite(v));
      if (bad !== undefined)
        problems.push({
          code: 'parameter-out-of-range',
          message: `a where bound must be a finite number, got ${bad}`,
          field: 'query',
        });
    }
  }
}

/** Plans one release. Never throws for bad parameters: they come back as problems. */
export function planRelease(release: ReleaseDescription, context: PlanContext): ReleasePlan {
  const q = release.query;
  const kind = releaseKind(q.kind);
  const problems: PlanProblem[] = [];
  const dp = kind.dp;
  const base = {
    name: release.name,
    description: release,
    kind: q.kind,
    dp,
    costs: {},
    problems,
    risks: [] as ReleaseRisk[],
    userLevel: false,
  };
  // Roles come first and no `accept` clause lifts them: a noisy count by name still lists every name.
  if (context.roles)
    for (const v of roleViolations(q, context.roles))
      problems.push({ code: 'column-role', message: v.message, field: 'query', column: v.column, role: v.role });
  if (!dp) {
    if (release.mechanism)
      problems.push({
        code: 'unexpected-mechanism',
        message: `a ${q.kind} release takes no noise mechanism; remove '${release.mechanism.kind}'`,
        field: 'mechanism',
      });
    problems.push(...(kind.queryProblems?.(q) ?? []));
    return base;
  }
  const risks = releaseRisks(release, context.unit, context.declaredDomains ?? new Set());
  if (!release.mechanism) {
    problems.push({
      code: 'missing-mechanism',
      message: `release '${release.name}' needs a mechanism: ${kind.mechanismExample}`,
      field: 'release',
    });
    return { ...base, risks };
  }
  const sensitivity = sensitivityOf(q, context.unit, problems);
  checkParameters(release, kind, sensitivity, problems);
  if (context.correlation && kind.bayesian && release.mechanism.kind !== 'laplace') {
    problems.push({
      code: 'unexpected-mechanism',
      message:
        'a dataset with correlated units calibrates its sums and counts to Bayesian DP with Laplace noise; use laplace epsilon E',
      field: 'mechanism',
    });
  }
  // Only sums and counts have a Bayesian-DP calibration here (Yang, Sato, Nakagawa 2015); a mode or a grid over
  // correlated units would be charged ε while leaking more.
  if (context.correlation && !kind.bayesian) {
    problems.push({
      code: 'unexpected-mechanism',
      message: `a dataset with correlated units releases sums and counts calibrated to Bayesian DP; a ${q.kind} has no such calibration and would leak more than its ε`,
      field: 'query',
    });
  }
  checkRegion(regionOf(q), problems);
  const by = kind.domainColumns(q);
  const known = by.every((c) => context.domains?.has(c));
  const domains = by.map((c) => context.domains?.get(c) ?? ['·']);
  if (known && cellCount(domains) > MAX_CELLS)
    problems.push({
      code: 'parameter-out-of-range',
      message: `the release has ${cellCount(domains)} cells, more than ${MAX_CELLS}`,
      field: 'query',
    });
  problems.push(...(kind.contextProblems?.(q, release.mechanism, context) ?? []));
  const bayesian = context.correlation?.maxLeakage !== undefined && kind.bayesian;
  const plan = {
    ...base,
    risks,
    mechanism: release.mechanism.kind,
    sensitivity,
    box: regionOf(q),
    userLevel: context.unit !== undefined || kind.unitLevel?.(q) === true,
    bayesian,
  };
  if (problems.length > 0 || !kind.plan) return plan;
  return kind.plan({ plan, release, mechanism: release.mechanism, sensitivity, context, domains, known });
}
