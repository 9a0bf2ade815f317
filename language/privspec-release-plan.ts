/**
 * The release half of the AST → engine bridge: each `release` becomes a plain `ReleaseDescription`, planned by the
 * engine's planner (engine/release/plan-release.ts); the planner's problems come back pinned to the syntax node at
 * fault. The validator, hover, code lenses and the budget walk read releases from here; the runner gets the
 * descriptions.
 */
import { planRelease, type ReleasePlan as EnginePlan } from '../engine/release/plan-release.js';
import type { ProblemField } from '../engine/release/plan-problem.js';
import { AstUtils } from 'langium';
import type { ColumnRoles } from '../engine/release/column-roles.js';
import type {
  Box,
  BudgetDescription,
  Constraint,
  MechanismDescription,
  QueryDescription,
  ReleaseDescription,
} from '../engine/release/release-description.js';
import type * as ast from './generated/ast.js';

export type { Accounting, Box, Constraint } from '../engine/release/release-description.js';
export { greek } from '../engine/release/plan-release.js';
export type BudgetPlan = BudgetDescription;

/** A planner problem placed on the syntax node that causes it. */
export interface PlanProblem {
  readonly code: EnginePlan['problems'][number]['code'];
  readonly message: string;
  readonly node: ast.Release | ast.Mechanism | ast.MechanismParam | ast.Query | ast.Bound | ast.ColumnRef;
  readonly property?: string;
  /** For a `column-role` problem: the column and its role, which the quick fix reads. */
  readonly column?: string;
  readonly role?: string;
}

/** The engine's plan of one release, with its syntax node. */
export type ReleasePlan = Omit<EnginePlan, 'problems'> & {
  readonly node: ast.Release;
  readonly problems: readonly PlanProblem[];
};

export function budgetPlan(budget: ast.Budget | undefined): BudgetDescription {
  const get = (name: string) => budget?.clauses.find((c) => c.name === name);
  const epsilon = get('epsilon')?.value;
  const delta = get('delta')?.value;
  const rho = get('rho')?.value;
  const written = get('accounting')?.accounting;
  // Without an explicit accounting the parameters decide: ρ means zCDP, δ means approximate DP, ε alone pure DP.
  const accounting = written ?? (rho !== undefined ? 'zcdp' : delta !== undefined ? 'approx' : 'pure');
  return { accounting, epsilon, delta, rho };
}

function valueOf(v: ast.Value | undefined): number | string {
  if (!v) return '';
  return v.text !== undefined ? v.text : (v.number ?? '');
}

/** The rows a condition reads, as per-column restrictions; undefined when there is no condition. */
function boxOf(where: ast.Condition | undefined): Box | undefined {
  if (!where) return undefined;
  const box = new Map<string, Constraint[]>();
  for (const t of where.terms) {
    const name = t.column?.name;
    if (!name) continue;
    const c: Constraint =
      t.value !== undefined
        ? { kind: 'set', values: [valueOf(t.value)] }
        : t.values.length > 0
          ? { kind: 'set', values: t.values.map(valueOf) }
          : { kind: 'range', low: valueOf(t.low), high: valueOf(t.high) };
    box.set(name, [...(box.get(name) ?? []), c]);
  }
  return box;
}

/** The name of the dataset that declares `unit` among `names`, or undefined. */
function unitTableOf(spec: ast.Spec | undefined, names: readonly string[]): string | undefined {
  return spec?.datasets.find((d) => names.includes(d.name) && d.clauses.some((c) => c.$type === 'UnitClause'))?.name;
}

/**
 * A count or a sum with `bound unit auto`, or the pairs or triangles of an edge list: an R2T query. Without `from` it
 * reads the spec's only dataset (the first, when the checker reports more).
 */
function r2tDescription(q: ast.CountQuery | ast.SumQuery): QueryDescription {
  const spec = AstUtils.getContainerOfType(q, (n): n is ast.Spec => n.$type === 'Spec');
  const gs = q.bound?.limit ?? NaN;
  if (q.$type === 'CountQuery' && q.shape !== undefined)
    return {
      kind: 'r2t',
      aggregate: q.shape,
      by: [],
      table: q.edges,
      endpoints: [q.a?.name ?? '', q.b?.name ?? ''],
      gs,
    };
  const table = q.source?.table ?? spec?.datasets[0]?.name;
  const join = q.source?.join !== undefined ? { table: q.source.join, key: q.source.key?.name ?? '' } : undefined;
  const unitTable = unitTableOf(spec, [...(table !== undefined ? [table] : []), ...(join ? [join.table] : [])]);
  return {
    kind: 'r2t',
    aggregate: q.kind,
    ...(q.$type === 'SumQuery' ? { column: q.column?.name ?? '', low: q.low, high: q.high } : {}),
    by: q.by.map((r) => r.name),
    ...(q.source?.table !== undefined ? { table: q.source.table } : {}),
    ...(join ? { join } : {}),
    gs,
    ...(unitTable !== undefined ? { unitTable } : {}),
  };
}

/** Whether a query is answered by R2T: `bound unit auto` on a count or a sum, or an edge list's pairs or triangles. */
export function isR2tQuery(q: ast.Query): boolean {
  if (q.$type !== 'CountQuery' && q.$type !== 'SumQuery') return false;
  return (q.$type === 'CountQuery' && q.shape !== undefined) || q.bound?.auto === true;
}

/** `trailing` is a bound written after the mechanism, which a view takes (`… hdpview epsilon 1 bound unit rows 2`). */
function queryDescription(q: ast.Query, trailing?: ast.Bound): QueryDescription {
  const names = (refs: readonly ast.ColumnRef[]) => refs.map((r) => r.name);
  if (isR2tQuery(q)) return r2tDescription(q as ast.CountQuery | ast.SumQuery);
  switch (q.kind) {
    case 'count':
      return {
        kind: 'count',
        by: names(q.by),
        where: boxOf(q.where),
        bound: q.bound && { groups: q.bound.groups, rows: q.bound.rows },
      };
    case 'sum':
    case 'mean':
      return {
        kind: q.kind,
        column: q.column?.name ?? '',
        low: q.low,
        high: q.high,
        by: names(q.by),
        where: boxOf(q.where),
        bound: q.bound && { groups: q.bound.groups, rows: q.bound.rows },
      };
    case 'mode':
      return {
        kind: 'mode',
        column: q.column?.name ?? '',
        where: boxOf(q.where),
        bound: q.bound && { groups: q.bound.groups, rows: q.bound.rows },
      };
    case 'pram':
      return {
        kind: 'pram',
        columns: names(q.columns),
        retain: q.retain,
        invariant: q.invariant,
        matrix: q.matrix,
        ...(q.rerun ? { rerun: true } : {}),
      };
    case 'local':
      return {
        kind: 'local',
        column: q.column?.name ?? '',
        protocol: q.protocol,
        epsilon: q.epsilon,
        ...(q.hashes !== undefined ? { hashes: q.hashes, width: q.width } : {}),
        ...(q.rerun ? { rerun: true } : {}),
      };
    case 'generalize':
      return { kind: 'generalize' };
    case 'grid':
      return {
        kind: 'grid',
        x: q.x?.name ?? '',
        y: q.y?.name ?? '',
        size: q.size,
        within: q.xLow === undefined ? undefined : { xLow: q.xLow, xHigh: q.xHigh!, yLow: q.yLow!, yHigh: q.yHigh! },
        bound: q.bound && { groups: q.bound.groups, rows: q.bound.rows },
      };
    case 'view':
      return {
        kind: 'view',
        dimensions: q.dimensions.map((d) => ({
          column: d.column?.name ?? '',
          ...(d.low !== undefined ? { low: d.low, high: d.high } : {}),
        })),
        bound: boundOf(q.bound ?? trailing),
      };
  }
}

function boundOf(b: ast.Bound | undefined) {
  return b && { groups: b.groups, rows: b.rows };
}

function mechanismDescription(m: ast.Mechanism | undefined): MechanismDescription | undefined {
  if (!m) return undefined;
  const get = (name: string) => m.params.find((p) => p.name === name)?.value;
  return { kind: m.kind, epsilon: get('epsilon'), delta: get('delta'), rho: get('rho') };
}

/** The release as plain data; undefined while it has no query (a half-typed release). */
export function releaseDescription(release: ast.Release): ReleaseDescription | undefined {
  if (!release.query) return undefined;
  const reasons = Object.fromEntries(
    release.accepts.filter((a) => a.reason !== undefined).map((a) => [a.risk, a.reason!]),
  );
  return {
    name: release.name,
    query: queryDescription(release.query, release.bound),
    mechanism: mechanismDescription(release.mechanism),
    accepts: release.accepts.map((a) => a.risk),
    ...(Object.keys(reasons).length > 0 ? { reasons } : {}),
  };
}

/** The first reference to `column` in the release's query, for a problem about that column. */
function columnNode(release: ast.Release, column: string): ast.ColumnRef | undefined {
  if (!release.query) return undefined;
  return AstUtils.streamAst(release.query).find(
    (n): n is ast.ColumnRef => n.$type === 'ColumnRef' && (n as ast.ColumnRef).name === column,
  );
}

/** The syntax node and property a planner field points at. */
function locate(release: ast.Release, field: ProblemField): Pick<PlanProblem, 'node' | 'property'> {
  const q = release.query;
  const m = release.mechanism;
  switch (field) {
    case 'epsilon':
    case 'delta':
    case 'rho': {
      // A local release states its ε in its query (`local c randomized-response epsilon 2`), not in a mechanism.
      if (field === 'epsilon' && q?.kind === 'local') return { node: q, property: 'epsilon' };
      const p = m?.params.find((x) => x.name === field);
      return p
        ? { node: p, property: 'value' }
        : m
          ? { node: m, property: 'kind' }
          : { node: release, property: 'name' };
    }
    case 'mechanism':
      return m ? { node: m, property: 'kind' } : { node: release, property: 'name' };
    case 'bound':
    case 'groups':
    case 'rows': {
      const b =
        (q &&
        (q.kind === 'count' ||
          q.kind === 'sum' ||
          q.kind === 'mean' ||
          q.kind === 'mode' ||
          q.kind === 'grid' ||
          q.kind === 'view')
          ? q.bound
          : undefined) ?? release.bound;
      return b ? { node: b, property: field === 'bound' ? undefined : field } : { node: release, property: 'name' };
    }
    case 'low':
    case 'size':
    case 'retain':
    case 'matrix':
    case 'protocol':
    case 'hashes':
    case 'width':
    case 'query':
      return q ? { node: q, property: field === 'query' ? 'kind' : field } : { node: release, property: 'name' };
    case 'release':
      return { node: release, property: 'name' };
  }
}

/**
 * Plans one release under `budget`. `unit` is the dataset's privacy unit; `declared` the columns whose domain the spec
 * lists; `domains` the values of those the spec gives inline; `roles` the dataset's column roles, which the planner
 * enforces.
 */
export function releasePlan(
  release: ast.Release,
  budget: BudgetDescription,
  unit?: string,
  declared: ReadonlySet<string> = new Set(),
  domains?: ReadonlyMap<string, readonly string[]>,
  correlated = false,
  roles?: ColumnRoles,
): ReleasePlan {
  const description = releaseDescription(release);
  if (!description) {
    const empty: ReleaseDescription = { name: release.name, query: { kind: 'generalize' }, accepts: [] };
    return {
      name: release.name,
      description: empty,
      kind: 'generalize',
      dp: false,
      costs: {},
      problems: [],
      risks: [],
      userLevel: false,
      node: release,
    };
  }
  const plan = planRelease(description, {
    budget,
    unit,
    declaredDomains: declared,
    domains,
    correlation: correlated ? {} : undefined,
    roles,
  });
  return {
    ...plan,
    node: release,
    problems: plan.problems.map((p) => {
      const at = p.column === undefined ? undefined : columnNode(release, p.column);
      return {
        code: p.code,
        message: p.message,
        ...(at ? { node: at, property: 'name' } : locate(release, p.field)),
        ...(p.column === undefined ? {} : { column: p.column, role: p.role }),
      };
    }),
  };
}
