import { bindCriteria } from '../criteria/bind-criteria.js';
import type { Criterion } from '../criteria/criterion.js';
import { KAnonymity } from '../criteria/k-anonymity.js';
import { bindHierarchy, type BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { frequencyColumn, frequencyColumnIndex, frequencyTableOf } from '../table/frequency-table-of.js';
import { TableError, type Column, type Table } from '../table/table.js';
import { pairedColumns, ProjectedCriterion, type SensitiveAttribute } from './paired-columns.js';

/**
 * A full-domain anonymization problem in coded form: what the lattice search, the metrics and the exhaustive
 * reference all read. Strings are gone; every quasi-identifier is a code column plus per-level code maps.
 *
 * It holds weighted distinct records (a frequency table), never rows: record t stands for `weights[t]` rows that agree
 * on every column the problem reads, so every model and metric counts `weights[t]` where it counted one row.
 */
export interface AnonymizationProblem {
  /** Σ weights: the rows of the table. */
  readonly rowCount: number;
  /** Distinct records the problem reads. */
  readonly recordCount: number;
  /** `weights[t]`: how many rows record t stands for. */
  readonly weights: Int32Array;
  readonly qi: readonly QuasiIdentifier[];
  /**
   * The column the criteria read per class, if any: the sensitive attribute, or the pair (unit, sensitive attribute)
   * when k counts units and another model reads a sensitive column (`paired-columns.ts`).
   */
  readonly sensitive?: SensitiveAttribute;
  readonly criteria: readonly Criterion[];
  /** The suppression limit S as a fraction of rows. */
  readonly suppression: number;
  /** floor(S·rows): how many rows may sit in classes that fail the model. */
  readonly maxOutliers: number;
}

export interface QuasiIdentifier {
  readonly name: string;
  /** Level-0 code of each record (the column's dictionary codes). */
  readonly codes: Int32Array;
  readonly hierarchy: BoundHierarchy;
  /**
   * The original values the hierarchy file lists, when it lists them; the domain over which ARX's Loss computes shares.
   */
  readonly domain?: readonly string[];
  /** The hierarchy as given, for the generalizations of values the data does not hold (domain shares). */
  readonly source?: Hierarchy;
}

export type { SensitiveAttribute } from './paired-columns.js';

export interface ProblemSpec {
  /** Quasi-identifier column names, in the order the transformation is reported. */
  readonly qi: readonly string[];
  /** One hierarchy per quasi-identifier, in the same order. */
  readonly hierarchies: readonly Hierarchy[];
  /** The models; a spec's t-closeness comes unbound and is bound here to the table's distribution (`bindCriteria`). */
  readonly criteria: readonly Criterion[];
  /**
   * Every hierarchy the spec declares, by column, for a model that reads the hierarchy of a column that is not a
   * quasi-identifier (t-closeness with the hierarchical distance on the sensitive column).
   */
  readonly columnHierarchies?: ReadonlyMap<string, Hierarchy>;
  /** Suppression limit as a fraction of rows in [0, 1]; 0 when omitted. */
  readonly suppression?: number;
}

/**
 * The columns a frequency table for `spec` must group by: the quasi-identifiers, then every column a model reads per
 * class (the sensitive attribute, the unit for k counted in units). Grouping by the unit keeps k in units exact: a unit
 * with rows in several records appears once in each, and the search counts distinct (class, unit) pairs.
 */
export function problemColumns(spec: ProblemSpec): string[] {
  const read = spec.criteria.map((c) => c.sensitive).filter((s): s is string => s !== undefined);
  return [...new Set([...spec.qi, ...read])];
}

/** The problem on a table's rows: its frequency table over the columns the problem reads, then `problemOf`. */
export function makeProblem(table: Table, spec: ProblemSpec): AnonymizationProblem {
  return problemOf(frequencyTableOf(table, problemColumns(spec)), spec);
}

/** Binds the hierarchies to the frequency table's columns and checks everything a search needs before it starts. */
export function problemOf(table: FrequencyTable, spec: ProblemSpec): AnonymizationProblem {
  const columnOf = (name: string): Column => {
    const j = frequencyColumnIndex(table, name);
    return { name, dictionary: table.columns[j].dictionary, codes: table.codes[j] };
  };
  if (spec.qi.length === 0) throw new TableError('at least one quasi-identifier is needed');
  if (spec.hierarchies.length !== spec.qi.length) {
    throw new TableError(`${spec.qi.length} quasi-identifiers but ${spec.hierarchies.length} hierarchies`);
  }
  const seen = new Set<string>();
  const qi = spec.qi.map((name, i): QuasiIdentifier => {
    if (seen.has(name)) throw new TableError(`quasi-identifier '${name}' is listed twice`);
    seen.add(name);
    const col = columnOf(name);
    const h = spec.hierarchies[i];
    const { bound, missing } = bindHierarchy(h, col);
    if (missing.length > 0) {
      const shown = missing
        .slice(0, 3)
        .map((v) => `'${v}'`)
        .join(', ');
      const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
      throw new TableError(`the hierarchy for '${name}' does not cover ${shown}${more}`, h.source);
    }
    return { name, codes: col.codes, hierarchy: bound, domain: h.values, source: h };
  });
  const suppression = spec.suppression ?? 0;
  if (!(suppression >= 0 && suppression <= 1))
    throw new TableError(`suppression limit ${suppression} is not a fraction in [0, 1]`);
  const names = [...new Set(spec.criteria.map((c) => c.sensitive).filter((s): s is string => s !== undefined))];
  for (const name of names)
    if (seen.has(name)) throw new TableError(`'${name}' cannot be both a quasi-identifier and the sensitive attribute`);
  // k counted in units reads the unit column per class, as ℓ-diversity reads its sensitive column: the two become one
  // paired column, and each model reads its own half.
  const unit = spec.criteria.find((c): c is KAnonymity => c instanceof KAnonymity && c.unit !== undefined)?.unit;
  if (names.length > 2 || (names.length === 2 && (unit === undefined || !names.includes(unit)))) {
    throw new TableError(
      `the models read different sensitive columns (${names.join(', ')}); use one${unit !== undefined ? ` besides the unit ${unit}` : ''}`,
    );
  }
  let sensitive: SensitiveAttribute | undefined;
  // Bound before any pairing below wraps them: t-closeness reads the sensitive column's rows over all records.
  let criteria: readonly Criterion[] = bindCriteria(
    spec.criteria,
    (name) => frequencyColumn(table, name),
    (name) => spec.columnHierarchies?.get(name),
  );
  const bound = criteria;
  if (names.length === 1) {
    const col = columnOf(names[0]);
    sensitive = { name: col.name, codes: col.codes, dictionary: col.dictionary };
  } else if (names.length === 2) {
    const other = names.find((n) => n !== unit)!;
    const units = columnOf(unit!);
    const values = columnOf(other);
    const pair = pairedColumns(units, values);
    sensitive = pair.attribute;
    criteria = bound.map((c) =>
      c.sensitive === unit
        ? new ProjectedCriterion(c, pair.attribute.name, pair.project[0], units.dictionary.length)
        : c.sensitive === other
          ? new ProjectedCriterion(c, pair.attribute.name, pair.project[1], values.dictionary.length)
          : c,
    );
  }
  // As ARX computes it: (int) Math.floor(maxOutliers · rows).
  const maxOutliers = Math.floor(suppression * table.rowCount);
  return {
    rowCount: table.rowCount,
    recordCount: table.count,
    weights: table.weights,
    qi,
    sensitive,
    criteria,
    suppression,
    maxOutliers,
  };
}
