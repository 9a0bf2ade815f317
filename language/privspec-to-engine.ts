/**
 * The only bridge from the spec's syntax tree to the engine, shared by the validator, the language server's
 * features and the command line (like Langium's `arithmetics-evaluator.ts`). Everything here is a pure function of
 * the AST and, where a file is named, of that file's text: no diagnostics, no LSP, no process state.
 */
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { hierarchyFromSource, type HierarchySource } from '../engine/hierarchy/hierarchy-source.js';
import type { Criterion } from '../engine/criteria/criterion.js';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../engine/criteria/l-diversity.js';
import { UnboundTCloseness } from '../engine/criteria/unbound-t-closeness.js';
import type * as ast from './generated/ast.js';

import type { ColumnRoles } from '../engine/release/column-roles.js';
import type { AnonymityDescription, DatasetDescription } from '../engine/release/release-description.js';
import { resolveSpecPath } from './privspec-text.js';
import { largest } from '../engine/core/extremes.js';

// The release half of the bridge (descriptions, plans, problems on nodes) lives in its own file for size.
export {
  budgetPlan,
  releasePlan,
  releaseDescription,
  type BudgetPlan,
  type ReleasePlan,
} from './privspec-release-plan.js';
export { resolveSpecPath } from './privspec-text.js';

/** The dataset block as the engine needs it. */
export type DatasetPlan = DatasetDescription;

export function columnsOf(dataset: ast.Dataset, role: ast.RoleClause['role']): string[] {
  return dataset.clauses.flatMap((c) =>
    c.$type === 'RoleClause' && c.role === role ? c.columns.map((x) => x.name) : [],
  );
}

/** The dataset block's column roles as the engine enforces them (engine/release/column-roles.ts). */
export function datasetRoles(dataset: ast.Dataset): ColumnRoles {
  const unit = dataset.clauses.find((c): c is ast.UnitClause => c.$type === 'UnitClause')?.column?.name;
  const weight = dataset.clauses.find((c): c is ast.WeightClause => c.$type === 'WeightClause')?.column?.name;
  return {
    identifying: columnsOf(dataset, 'identifying'),
    quasi: columnsOf(dataset, 'quasi'),
    sensitive: columnsOf(dataset, 'sensitive'),
    insensitive: columnsOf(dataset, 'insensitive'),
    unit,
    weight,
  };
}

export function datasetPlan(dataset: ast.Dataset, specPath: string): DatasetPlan {
  const unit = dataset.clauses.find((c): c is ast.UnitClause => c.$type === 'UnitClause');
  const sampling = dataset.clauses.find((c): c is ast.SamplingClause => c.$type === 'SamplingClause');
  const weight = dataset.clauses.find((c): c is ast.WeightClause => c.$type === 'WeightClause');
  const correlation = dataset.clauses.find((c): c is ast.CorrelationClause => c.$type === 'CorrelationClause');
  return {
    name: dataset.name,
    // A database table is named `postgres:schema.t` (engine/host/sources/database-location.ts) wherever a file path
    // would go.
    file:
      dataset.database !== undefined
        ? `${dataset.database}:${dataset.table ?? ''}`
        : resolveSpecPath(specPath, dataset.file ?? ''),
    delimiter: dataset.delimiter,
    identifying: columnsOf(dataset, 'identifying'),
    quasi: columnsOf(dataset, 'quasi'),
    sensitive: columnsOf(dataset, 'sensitive'),
    insensitive: columnsOf(dataset, 'insensitive'),
    unit: unit?.column?.name,
    weight: weight?.column?.name,
    sampling: sampling?.fraction,
    correlation:
      correlation && correlation.file !== undefined
        ? { file: resolveSpecPath(specPath, correlation.file), prior: correlation.prior }
        : undefined,
  };
}

/**
 * The plain form of a `hierarchy` declaration (ARX files by absolute path), or undefined for one that says nothing
 * buildable yet (the validator reports it). The editor's CSV worker receives this form, and `buildHierarchy` builds
 * from it, so both build with the engine's one `hierarchyFromSource`.
 */
export function hierarchySourceOf(node: ast.Hierarchy, specPath: string): HierarchySource | undefined {
  if (node.file !== undefined) return { kind: 'arx', path: resolveSpecPath(specPath, node.file) };
  const b = node.builder;
  if (b?.$type === 'IntervalsBuilder') return { kind: 'intervals', widths: b.widths, origin: b.origin ?? 0 };
  if (b?.$type === 'MaskBuilder') return { kind: 'mask', counts: b.counts };
  if (b?.$type === 'DateBuilder') return { kind: 'date', units: b.units };
  if (node.groups.length > 0) return { kind: 'groups', levels: groupingLevels(node.groups).map((level) => [...level]) };
  return undefined;
}

/**
 * Builds the engine hierarchy a `hierarchy` declaration describes. `readText` reads an ARX file (resolved by the
 * caller). Throws `TableError` (with the file and line when a file is at fault) for a hierarchy that cannot be built.
 */
export function buildHierarchy(node: ast.Hierarchy, readText: (path: string) => string, specPath: string): Hierarchy {
  const source = hierarchySourceOf(node, specPath) ?? { kind: 'groups', levels: [] };
  return hierarchyFromSource(source, readText, `hierarchy ${node.column?.name ?? ''}`.trim());
}

/**
 * `"a", "b" -> "ab" -> "*"` lists the chain of each value; the engine wants one map per level.
 * Two chains that send one group to different parents are kept as the first one says; the grouping's own check
 * (`groupingHierarchy`) and the validator report the clash.
 */
export function groupingLevels(groups: readonly ast.HierarchyGroup[]): Map<string, string>[] {
  const height = Math.max(0, largest(groups.map((g) => g.levels.length)));
  const levels = Array.from({ length: height }, () => new Map<string, string>());
  for (const g of groups) {
    let below: readonly string[] = g.values;
    g.levels.forEach((target, l) => {
      for (const v of below) if (!levels[l].has(v)) levels[l].set(v, target);
      below = [target];
    });
  }
  return levels;
}

/** The anonymity block as the engine needs it, with the clause that states each criterion (for diagnostics). */
export type AnonymityPlan = AnonymityDescription & {
  readonly clauses: ReadonlyMap<Criterion, ast.KClause | ast.LDiversityClause | ast.TClosenessClause>;
};

/** The privacy unit the spec's dataset declares (`unit patient_id`), which k counts in distinct values. */
function datasetUnit(block: ast.Anonymity): string | undefined {
  const spec = block.$container as ast.Spec | undefined;
  for (const d of spec?.datasets ?? []) {
    const unit = d.clauses.find((c): c is ast.UnitClause => c.$type === 'UnitClause');
    if (unit?.column?.name) return unit.column.name;
  }
  return undefined;
}

/**
 * Builds the criteria of an anonymity block; throws `TableError` for parameters the engine rejects. With a privacy unit
 * declared, k counts distinct units per class (see engine/criteria/k-anonymity.ts).
 */
export function anonymityPlan(block: ast.Anonymity): AnonymityPlan {
  const unit = datasetUnit(block);
  const criteria: Criterion[] = [];
  const clauses = new Map<Criterion, ast.KClause | ast.LDiversityClause | ast.TClosenessClause>();
  const add = (criterion: Criterion, clause: ast.KClause | ast.LDiversityClause | ast.TClosenessClause) => {
    criteria.push(criterion);
    clauses.set(criterion, clause);
  };
  let k: number | undefined;
  let suppression = 0;
  let metric = 'entropy';
  const pins = new Map<string, number>();
  for (const c of block.clauses) {
    if (c.$type === 'LevelClause' && c.column) pins.set(c.column.name, c.level);
    if (c.$type === 'KClause') add(new KAnonymity((k = c.k), unit), c);
    else if (c.$type === 'LDiversityClause') add(lDiversity(c), c);
    // Unbound: the search, the data checks and the reports bind it to their data (engine/criteria/bind-criteria.ts).
    else if (c.$type === 'TClosenessClause')
      add(new UnboundTCloseness(c.column?.name ?? '', c.t, c.distance ?? 'equal'), c);
    else if (c.$type === 'SuppressionClause') suppression = c.percent ? c.limit / 100 : c.limit;
    else if (c.$type === 'MetricClause') metric = c.metric;
  }
  return { k, criteria, suppression, metric, pins, clauses };
}

function lDiversity(c: ast.LDiversityClause): Criterion {
  const column = c.column?.name ?? '';
  if (c.variant === 'entropy') return new EntropyLDiversity(column, c.l);
  if (c.variant === 'recursive') return new RecursiveCLDiversity(column, c.c ?? 1, c.l);
  return new DistinctLDiversity(column, c.l);
}

/**
 * The spec's dataset (the one that carries the unit, when several), hierarchies by column and blocks; later duplicates
 * are the validator's business.
 */
export interface SpecParts {
  readonly dataset?: ast.Dataset;
  readonly anonymity?: ast.Anonymity;
  readonly budget?: ast.Budget;
  readonly hierarchies: ReadonlyMap<string, ast.Hierarchy>;
}

export function specParts(spec: ast.Spec): SpecParts {
  const hierarchies = new Map<string, ast.Hierarchy>();
  for (const h of spec.hierarchies) if (h.column && !hierarchies.has(h.column.name)) hierarchies.set(h.column.name, h);
  // With several datasets (tables joined by keys), the one that carries the privacy unit is the spec's: its ledger
  // records the spend and its columns are checked as the single dataset's are.
  const dataset = spec.datasets.find((d) => d.clauses.some((c) => c.$type === 'UnitClause')) ?? spec.datasets[0];
  return { dataset, anonymity: spec.anonymities[0], budget: spec.budgets[0], hierarchies };
}
