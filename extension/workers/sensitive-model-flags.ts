import { criterionReport } from '../../engine/anonymity/criterion-report.js';
import { classStats } from '../../engine/anonymity/class-stats.js';
import type { EquivalenceClasses } from '../../engine/anonymity/equivalence-classes.js';
import { bindCriteria } from '../../engine/criteria/bind-criteria.js';
import type { ClassStats, Criterion } from '../../engine/criteria/criterion.js';
import { criterionFrom } from '../../engine/criteria/criterion-spec.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { column, TableError, type Table } from '../../engine/table/table.js';
import type { CsvModel } from '../protocol.js';

/** One sensitive-attribute model (ℓ-diversity or t-closeness) of the spec, checked on the CSV's classes. */
export interface SensitiveModelFailure {
  /** The model's name as the engine states it, e.g. `0.2-closeness (equal distance) on diagnosis`. */
  readonly criterion: string;
  readonly classes: number;
  readonly rows: number;
  /** Failing class ids, increasing. */
  readonly failingClassIds: Int32Array;
  /** A class's distance from the overall distribution, for t-closeness (the figure the model compares with t). */
  readonly distanceOf?: (classId: number) => number;
}

/**
 * The spec's ℓ-diversity and t-closeness requirements on the CSV as it stands (at the pinned levels): the criteria
 * rebuilt from the model's plain form (`criterionFrom`) and bound to the data by the one `bindCriteria`, the classes
 * the k check already formed, so that a row's marker and the spec's `t-closeness-violated` warning come from the same
 * model. A requirement whose column is missing, or that cannot be bound (a hierarchy that does not cover the column),
 * is left to the spec's own diagnostics.
 */
export function sensitiveModelFailures(
  table: Table,
  model: CsvModel,
  classes: EquivalenceClasses,
  hierarchies: ReadonlyMap<string, Hierarchy>,
): SensitiveModelFailure[] {
  const out: SensitiveModelFailure[] = [];
  for (const spec of model.requirements?.criteria ?? []) {
    if (spec.kind === 'k-anonymity') continue;
    if (!table.columns.some((c) => c.name === spec.sensitive)) continue;
    let bound: Criterion;
    try {
      [bound] = bindCriteria(
        [criterionFrom(spec)],
        (name) => column(table, name),
        (name) => hierarchies.get(name),
      );
    } catch (e) {
      if (e instanceof TableError) continue;
      throw e;
    }
    const stats = classStats(table, classes, spec.sensitive);
    const report = criterionReport(bound, stats);
    if (report.classes === 0) continue;
    const measured = bound as Criterion & { distance?: (c: ClassStats) => number };
    out.push({
      criterion: bound.name,
      classes: report.classes,
      rows: report.records,
      failingClassIds: report.failingClassIds,
      ...(typeof measured.distance === 'function' ? { distanceOf: (id: number) => measured.distance!(stats[id]) } : {}),
    });
  }
  return out;
}
