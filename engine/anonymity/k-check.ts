/**
 * The k-anonymity check behind the editor's live CSV diagnostics and their "Generalize" quick fix, run by the CSV
 * worker on each edit: the classes at the spec's pinned levels, a class's size counted in distinct units when the spec
 * names a unit ((X,Y)-anonymity, Wang & Fung, KDD 2006), and the rows of the classes below k (Sweeney, IJUFKS 10(5),
 * 2002). The same pinned generalization (`pinned-generalization.ts`) and unit count as the risk report and
 * `privspec risk`.
 */
import { bindHierarchy, type BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { column, columnIndex, type Column, type Table } from '../table/table.js';
import { distinctUnitsPerClass } from './distinct-units.js';
import { equivalenceClasses, type EquivalenceClasses, type Generalization } from './equivalence-classes.js';
import { kAnonymityViolations, type KAnonymityViolations } from './k-anonymity-report.js';
import { identityHierarchy, pinnedGeneralization } from './pinned-generalization.js';

/** What the check reads: the quasi-identifiers, their hierarchies and pins, k and the privacy unit's column name. */
export interface KCheckModel {
  readonly qi: readonly string[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly pins: ReadonlyMap<string, number>;
  readonly k: number;
  readonly unit?: string;
}

export interface KCheck {
  readonly classes: EquivalenceClasses;
  readonly generalization: Generalization | undefined;
  /** Distinct units per class when the model names a unit the table has; what decides a class against k. */
  readonly units: Int32Array | undefined;
  /** The classes below k and the rows in them. */
  readonly report: KAnonymityViolations;
}

function unitColumn(table: Table, model: KCheckModel): Column | undefined {
  return model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
}

function unitsOf(table: Table, model: KCheckModel, classes: EquivalenceClasses): Int32Array | undefined {
  const unit = unitColumn(table, model);
  return unit && distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length);
}

export function kCheck(table: Table, model: KCheckModel): KCheck {
  const generalization = pinnedGeneralization(table, model.qi, model.hierarchies, model.pins);
  const classes = equivalenceClasses(table, model.qi, generalization);
  const units = unitsOf(table, model, classes);
  return { classes, generalization, units, report: kAnonymityViolations(classes, model.k, units) };
}

/** A single-column generalization that lifts a class to k. */
export interface GeneralizationFix {
  readonly column: string;
  readonly level: number;
  /** The generalized value of this class's cell at that level, for the quick fix's title. */
  readonly value: string;
  /** The class's cell as it stands (at its pinned level), so the title can say `34 → 30-39`. */
  readonly before: string;
  /** The hierarchy's height: at `level === height` the column is suppressed entirely (every value `*`). */
  readonly height: number;
  /**
   * The information the change loses on this column: `level / height`, Sweeney's precision loss (Sweeney, "Achieving
   * k-anonymity privacy protection using generalization and suppression", 2002) — 1 when the column is suppressed.
   */
  readonly lost: number;
  /** Rows below k now that would reach k with this change alone. */
  readonly resolves: number;
}

/**
 * The single-column generalizations that lift class `classId` to k: for each quasi-identifier with a hierarchy, the
 * lowest level above the current one at which the class's rows reach k, and how many rows now below k would reach it
 * too. Generalizing only merges classes, so no row that satisfies k stops satisfying it; "resolves" is the drop in
 * violating rows. The least information lost first (a suppressed column last), then the most rows resolved.
 */
export function generalizationFixes(
  table: Table,
  model: KCheckModel,
  check: KCheck,
  classId: number,
): GeneralizationFix[] {
  const { classes } = check;
  if (classId < 0 || classId >= classes.classCount) return [];
  const bound: BoundHierarchy[] = model.qi.map((q) => {
    const h = model.hierarchies.get(q);
    return h ? bindHierarchy(h, column(table, q)).bound : identityHierarchy(column(table, q));
  });
  const current = model.qi.map((name, i) => Math.min(model.pins.get(name) ?? 0, bound[i].height));
  const row = classes.firstRow[classId];
  const fixes: GeneralizationFix[] = [];
  model.qi.forEach((name, i) => {
    if (!model.hierarchies.has(name)) return;
    for (let level = current[i] + 1; level <= bound[i].height; level++) {
      const levels = current.slice();
      levels[i] = level;
      const merged = equivalenceClasses(table, model.qi, { hierarchies: bound, levels });
      const units = unitsOf(table, model, merged);
      if ((units ?? merged.sizes)[merged.classOf[row]] < model.k) continue;
      const h = bound[i];
      const code = table.columns[columnIndex(table, name)].codes[row];
      const value = h.levelValues[level][h.levelCodes[level][code]];
      const before = h.levelValues[current[i]][h.levelCodes[current[i]][code]];
      fixes.push({
        column: name,
        level,
        value,
        before,
        height: h.height,
        lost: level / h.height,
        resolves: check.report.records - kAnonymityViolations(merged, model.k, units).records,
      });
      break;
    }
  });
  return fixes.sort((a, b) => a.lost - b.lost || b.resolves - a.resolves);
}
