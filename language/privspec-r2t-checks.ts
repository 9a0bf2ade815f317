/**
 * The checks of relational specs and of `bound unit auto` (R2T; Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022),
 * which need no data: several datasets and which one carries the privacy unit, the tables a release names, and where
 * R2T applies. The columns of each table (a join's key in both, the group columns in the unit's table) are checked with
 * the files (privspec-data-checks.ts).
 */
import type { AstNode, ValidationAcceptor } from 'langium';
import * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { withCodeDescription } from './lsp/diagnostic-docs.js';
import type { PrivspecServices } from './privspec-module.js';

const hasUnit = (d: ast.Dataset) => d.clauses.some(ast.isUnitClause);

/** Several datasets: distinct names, and exactly one carries the privacy unit (the primary private entity). */
export function checkDatasets(spec: ast.Spec, accept: ValidationAcceptor): void {
  const seen = new Set<string>();
  for (const d of spec.datasets) {
    if (seen.has(d.name))
      accept('error', `dataset '${d.name}' is declared twice`, {
        node: d,
        property: 'name',
        code: IssueCodes.Duplicate,
      });
    seen.add(d.name);
  }
  if (spec.datasets.length < 2) return;
  const carriers = spec.datasets.filter(hasUnit);
  if (carriers.length !== 1)
    accept(
      'error',
      carriers.length === 0
        ? "a spec with several datasets declares 'unit COLUMN' on exactly one: the table of the primary private entity (the person each release protects), whose ledger records the spend"
        : `'unit' is declared on ${carriers.map((d) => `'${d.name}'`).join(' and ')}; a spec with several datasets declares it on exactly one, the table of the primary private entity`,
      { node: carriers[1] ?? spec.datasets[1], property: 'name', code: IssueCodes.UnitTable },
    );
}

/** The bound written in a query or after its mechanism. */
function boundOf(release: ast.Release): ast.Bound | undefined {
  const q = release.query;
  return (q && 'bound' in q ? q.bound : undefined) ?? release.bound;
}

/** The checks of one release: the tables it names, and whether R2T applies to it as written. */
export function checkRelease(release: ast.Release, spec: ast.Spec, accept: ValidationAcceptor): void {
  const q = release.query;
  if (!q) return;
  const names = new Set(spec.datasets.map((d) => d.name));
  const bound = boundOf(release);
  const auto = bound?.auto === true;
  const unknown = (name: string | undefined, node: AstNode, property: string) => {
    if (name === undefined || names.has(name)) return false;
    accept(
      'error',
      `no dataset named '${name}'; the spec declares ${[...names].map((n) => `'${n}'`).join(', ') || 'none'}`,
      { node, property, code: IssueCodes.UnknownDataset },
    );
    return true;
  };
  const edges = ast.isCountQuery(q) && q.shape !== undefined;
  if (edges) unknown(q.edges, q, 'edges');
  // An edge joins two persons: one column read as both endpoints makes every edge a self-loop, which the edge list
  // drops, so the release would spend its ε on a count of zero (the second review of issue 39).
  if (edges && q.a !== undefined && q.b !== undefined && q.a.name === q.b.name)
    accept(
      'error',
      `'(${q.a.name}, ${q.b.name})' names one column twice: an edge's two endpoints are two columns of the edge list, such as (a, b)`,
      { node: q.b, property: 'name', code: IssueCodes.UnknownColumn },
    );
  // R2T releases per group only when each unit falls in one group, so that the groups are disjoint in units and
  // compose in parallel. An edge list's columns describe edges, not the persons at their ends, and one pair or
  // triangle joins two or three persons who may lie in different groups: no such grouping is defined, so `by` is
  // refused here, on the line, rather than left to the parser (issue 39's closing note).
  if (edges && q.by.length > 0)
    accept(
      'error',
      `'count ${q.shape} … by ${q.by.map((b) => b.name).join(', ')}': R2T's per-group release is not supported for pairs or triangles. It needs each unit in one group, but an edge list's columns describe edges, and one ${q.shape === 'pairs' ? 'pair joins two persons' : 'triangle joins three persons'} who may lie in different groups; release the total, without 'by'`,
      { node: q, property: 'by', index: 0, code: IssueCodes.AutoBound },
    );
  if (edges && q.where)
    accept(
      'error',
      `'count ${q.shape} … where' is not supported: R2T takes no 'where' on an edge list yet; release over the whole edge list`,
      { node: q, property: 'where', code: IssueCodes.AutoBound },
    );
  const source = ast.isCountQuery(q) || ast.isSumQuery(q) ? q.source : undefined;
  if (source) {
    unknown(source.table, source, 'table');
    unknown(source.join, source, 'join');
  }
  // GS (missing, not an integer ≥ 2) is the R2T kind's problem, reported by the planner.
  const autoError = (message: string, node: AstNode, property?: string) =>
    accept('error', message, { node, ...(property ? { property } : {}), code: IssueCodes.AutoBound });
  // A mean with `bound unit auto` is the R2T kind's problem (the planner's), placed on the bound.
  if (auto && !ast.isCountQuery(q) && !ast.isSumQuery(q)) {
    autoError(
      `'bound unit auto' (R2T) applies to counts and sums, not to a ${q.kind}; use 'bound unit rows N'`,
      bound,
      'auto',
    );
    return;
  }
  const main = spec.datasets.find(hasUnit) ?? spec.datasets[0];
  const relational = source !== undefined && (source.join !== undefined || source.table !== main?.name);
  if (relational && !auto) {
    autoError(
      "a release over a join or over a dataset other than the unit's needs 'bound unit auto up to GS': one person's removal changes many rows, which R2T truncates",
      source,
    );
    return;
  }
  if (!auto || edges) return;
  // A foreign-key join: the other table's rows reference the primary private entity by its key, the unit column, so
  // that each joined row belongs to exactly one unit. Another column ('on status') matches a row with every unit that
  // shares the value, which is no foreign key (issue 39's review).
  const foreign = source && foreignKeyOf(source, spec);
  if (source?.key !== undefined && foreign && source.key.name !== foreign.unit)
    accept(
      'error',
      `'join … on ${source.key.name}': a release over a join is a foreign-key join on the key of the primary private entity, the unit '${foreign.unit}' of '${foreign.table}', which both tables carry; join on ${foreign.unit}`,
      { node: source.key, property: 'name', code: IssueCodes.JoinKey },
    );
  const sq = q as ast.CountQuery | ast.SumQuery;
  if (sq.where) autoError("'bound unit auto' takes no 'where' yet: release over the whole table or join", sq, 'where');
  if (ast.isSumQuery(sq) && sq.low < 0)
    autoError(`R2T truncates non-negative contributions: the clamp's low end must be ≥ 0, got ${sq.low}`, sq, 'low');
  const read = source ? [source.table, ...(source.join !== undefined ? [source.join] : [])] : [main?.name];
  const carrier = spec.datasets.find((d) => hasUnit(d) && read.includes(d.name));
  if (!carrier && read.every((n) => n === undefined || names.has(n)))
    accept(
      'error',
      `'bound unit auto' bounds each unit's contribution, but ${read.map((n) => `'${n}'`).join(' and ')} declare${read.length === 1 ? 's' : ''} no 'unit'; declare it on the table of the person each row belongs to`,
      { node: bound, property: 'auto', code: IssueCodes.UnitTable },
    );
}

/** The key a join must be on: the unit, and the table among its two that declares it; undefined without a join. */
function foreignKeyOf(source: ast.TableSource, spec: ast.Spec): { unit: string; table: string } | undefined {
  if (source.join === undefined) return undefined;
  const carrier = spec.datasets.find((d) => hasUnit(d) && (d.name === source.table || d.name === source.join));
  const unit = carrier?.clauses.find(ast.isUnitClause)?.column?.name;
  return carrier && unit !== undefined ? { unit, table: carrier.name } : undefined;
}

/** Whether a join's key is not the unit of the table among its two that carries it (a join that is no foreign key). */
export function joinsOnAnotherKey(source: ast.TableSource, spec: ast.Spec): boolean {
  const foreign = foreignKeyOf(source, spec);
  return foreign !== undefined && source.key !== undefined && source.key.name !== foreign.unit;
}

/**
 * The table a sum over a join adds a column of: the joined table, not the unit's (the orders' amounts, summed over each
 * customer's orders). Undefined without a join. A column of the unit's own table summed over the join would count a
 * customer's value once per order; the language names columns unqualified, so the column must be the joined table's
 * alone (privspec-data-checks.ts reports it otherwise).
 */
export function summedTableOf(q: ast.SumQuery, spec: ast.Spec): string | undefined {
  const source = q.source;
  if (source?.join === undefined) return undefined;
  const unitTable = spec.datasets.find((d) => hasUnit(d) && (d.name === source.table || d.name === source.join));
  return unitTable?.name === source.table ? source.join : source.table;
}

/** Registers the checks on every edit (no data read). */
export function registerR2tChecks(services: PrivspecServices): void {
  services.validation.ValidationRegistry.register<ast.PrivspecAstType>({
    Spec: (spec: ast.Spec, accept: ValidationAcceptor) => {
      const described = withCodeDescription(accept);
      checkDatasets(spec, described);
      for (const r of spec.releases) checkRelease(r, spec, described);
    },
  });
}
