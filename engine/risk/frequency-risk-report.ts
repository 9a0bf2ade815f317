/**
 * The risk report of `risk-report.ts` computed on a frequency table instead of rows: the distinct records over the
 * quasi-identifiers (plus the sensitive column and the unit when asked for), each with the number of rows holding it.
 * Every figure of the report is a function of those counts, so `privspec risk` reads the file straight into a frequency
 * table and never holds a per-row array; the result is identical to `riskReport` on the per-row table (tests compare).
 *
 * A distinct record here is a class (its quasi-identifier values) refined by the sensitive value and the unit when the
 * table groups by them. Class sizes are the sums of their records' counts; with a unit they are the distinct units of
 * the class, which are its distinct (class, unit) records, so a unit with rows in several classes counts once in each,
 * as in
 * `distinctUnitsPerClass`, and once among the persons below k.
 */
import type { EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { frequencyClasses, frequencyTableView } from '../anonymity/frequency-classes.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { canonicalFrequencyTable } from '../table/canonical-frequency-table.js';
import { column } from '../table/table.js';
import { riskReportOfClasses, type RiskOptions, type RiskReport } from './risk-report.js';

/** The columns a frequency table for `riskReportOfFrequencies` must group by, in any order. */
export function riskColumns(qi: readonly string[], options: Pick<RiskOptions, 'sensitive' | 'unit'> = {}): string[] {
  return [...qi, ...[options.sensitive, options.unit].filter((c): c is string => c !== undefined)];
}

export function riskReportOfFrequencies(
  table: FrequencyTable,
  qi: readonly string[],
  options: Omit<RiskOptions, 'generalization'> = {},
): RiskReport {
  // In the one order of every source (canonical-frequency-table.ts): the figures summed over classes are then the same
  // for the file read in memory and through DuckDB on any number of threads.
  const f = canonicalFrequencyTable(table);
  // The distinct records as the rows of a table, grouped into classes as rows are (same class order: a class's first
  // record holds its first row, since records are in order of first appearance); the classes carry the records' row
  // counts, which every figure that counts rows reads.
  const records = frequencyTableView(f);
  for (const name of riskColumns(qi, options)) column(records, name);
  // Over the quasi-identifiers alone, every record is a class already (in the same order): no second grouping.
  const classes = f.columns.length === qi.length ? recordClasses(f) : frequencyClasses(f, qi);
  return { ...riskReportOfClasses(records, qi, classes, options), rows: f.rowCount };
}

/** The classes of a frequency table over exactly the quasi-identifiers: record i is class i, of weights[i] rows. */
function recordClasses(f: FrequencyTable): EquivalenceClasses {
  const ids = new Int32Array(f.count);
  for (let i = 0; i < f.count; i++) ids[i] = i;
  return { classCount: f.count, classOf: ids, sizes: f.weights, firstRow: ids, weights: f.weights };
}
