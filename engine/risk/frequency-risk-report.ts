/**
 * The risk report of `risk-report.ts` computed on a frequency table instead of rows: the distinct records over the
 * quasi-identifiers (plus the sensitive column and the unit when asked for), each with the number of rows holding it.
 * Every figure of the report is a function of those counts, so `privspec risk` reads the file straight into a frequency
 * table and never holds a per-row array; the result is identical to `riskReport` on the per-row table (tests compare).
 *
 * A distinct record here is a class (its quasi-identifier values) refined by the sensitive value and the unit when the
 * table groups by them. Class sizes are the sums of their records' counts; with a unit they are the distinct units of the
 * class, which are its distinct (class, unit) records, so a unit with rows in several classes counts once in each, as in
 * `distinctUnitsPerClass`, and once among the persons below k.
 */
import { equivalenceClasses, type EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { classMembers } from '../anonymity/class-members.js';
import { distinctUnitsPerClass } from '../anonymity/distinct-units.js';
import type { BelowK } from '../anonymity/below-k.js';
import type { SensitiveFrequencies } from '../anonymity/class-stats.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { TableError, type Column, type Table } from '../table/table.js';
import { classSizeHistogram, classesOfSize } from './class-size-histogram.js';
import { populationUniqueness } from './population-uniqueness.js';
import { prosecutorRisk, recordsAtRisk } from './prosecutor-risk.js';
import { recordDistinctL } from './record-diversity.js';
import { DEFAULT_RISK_THRESHOLD, type RiskOptions, type RiskReport } from './risk-report.js';
import { sensitiveDiversity } from './sensitive-diversity.js';

/** The columns a frequency table for `riskReportOfFrequencies` must group by, in any order. */
export function riskColumns(qi: readonly string[], options: Pick<RiskOptions, 'sensitive' | 'unit'> = {}): string[] {
  return [...qi, ...[options.sensitive, options.unit].filter((c): c is string => c !== undefined)];
}

export function riskReportOfFrequencies(f: FrequencyTable, qi: readonly string[], options: Omit<RiskOptions, 'generalization'> = {}): RiskReport {
  // The distinct records as the rows of a table, so that they are grouped into classes as rows are (same class order:
  // a class's first record holds its first row, since records are in order of first appearance).
  const records: Table = { columns: f.columns.map((c, j) => ({ name: c.name, dictionary: c.dictionary, codes: f.codes[j] })), rowCount: f.count, source: f.source };
  const find = (name: string): Column => {
    const found = records.columns.find((c) => c.name === name);
    if (!found) throw new TableError(`no column '${name}' in ${f.source ?? 'the table'} (columns: ${records.columns.map((c) => c.name).join(', ')})`);
    return found;
  };
  const qiColumns = qi.map(find);
  const sensitive = options.sensitive === undefined ? undefined : find(options.sensitive);
  const unit = options.unit === undefined ? undefined : find(options.unit);
  // Over the quasi-identifiers alone, every record is a class already (in the same order): no second grouping.
  const classes = f.columns.length === qi.length ? recordClasses(f.count) : equivalenceClasses(records, qi);
  const rows = new Int32Array(classes.classCount);
  for (let i = 0; i < f.count; i++) rows[classes.classOf[i]] += f.weights[i];
  const units = unit && distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length);
  const sizes = units ?? rows;
  const histogram = classSizeHistogram(sizes);
  const cells = qiColumns.reduce((product, c) => product * Math.max(1, c.dictionary.length), 1);
  const report: RiskReport = {
    rows: f.rowCount,
    qi,
    histogram,
    sampleUniques: classesOfSize(histogram, 1),
    prosecutor: prosecutorRisk(histogram),
    recordsAtRisk: recordsAtRisk(histogram, options.riskThreshold ?? DEFAULT_RISK_THRESHOLD),
    cells,
    ...(options.k !== undefined && kFigures(f, classes, sizes, options.k, unit)),
    ...(options.samplingFraction !== undefined && { populationUniqueness: populationUniqueness(histogram, options.samplingFraction, { cells }) }),
    ...(unit && { unit: { column: unit.name, unitRecords: sizes.reduce((s, x) => s + x, 0), persons: unit.dictionary.length } }),
  };
  if (!sensitive) return report;
  const frequencies = weightedSensitiveFrequencies(f, classes, sensitive);
  return { ...report, lDiversity: { sensitive: sensitive.name, ...sensitiveDiversity(frequencies), perRecord: recordDistinctL(frequencies) } };
}

/** `belowK` on weighted records: rows are the counts of the records in classes below k, persons their distinct units. */
function kFigures(f: FrequencyTable, classes: EquivalenceClasses, members: Int32Array, k: number, unit: Column | undefined): Pick<RiskReport, 'kViolations' | 'belowK'> {
  if (!(Number.isInteger(k) && k >= 1)) throw new RangeError(`k must be an integer ≥ 1, got ${k}`);
  let small = 0;
  for (let id = 0; id < classes.classCount; id++) if (members[id] < k) small++;
  let rows = 0;
  let persons = 0;
  const seen = unit && new Uint8Array(unit.dictionary.length);
  for (let i = 0; i < f.count; i++) {
    if (members[classes.classOf[i]] >= k) continue;
    rows += f.weights[i];
    if (seen && seen[unit.codes[i]] === 0) {
      seen[unit.codes[i]] = 1;
      persons++;
    }
  }
  const b: BelowK = { k, classes: small, rows, persons: unit ? persons : rows };
  return { kViolations: { k, records: unit ? b.persons : b.rows, classes: b.classes }, belowK: b };
}

/**
 * `sensitiveFrequencies` on weighted records: per class, each sensitive value's row count, values in the order they first
 * occur in the class (records are in order of first appearance, so that is the order rows give).
 */
function weightedSensitiveFrequencies(f: FrequencyTable, classes: EquivalenceClasses, sensitive: Column): SensitiveFrequencies {
  const { offsets: memberOffsets, rows: members } = classMembers(classes);
  const values = sensitive.codes;
  const counter = new Float64Array(sensitive.dictionary.length);
  const touched = new Int32Array(sensitive.dictionary.length);
  const offsets = new Int32Array(classes.classCount + 1);
  const codes = new Int32Array(members.length);
  const counts = new Int32Array(members.length);
  let out = 0;
  for (let id = 0; id < classes.classCount; id++) {
    let distinct = 0;
    for (let j = memberOffsets[id]; j < memberOffsets[id + 1]; j++) {
      const v = values[members[j]];
      if (counter[v] === 0) touched[distinct++] = v;
      counter[v] += f.weights[members[j]];
    }
    for (let t = 0; t < distinct; t++) {
      const v = touched[t];
      codes[out] = v;
      counts[out++] = counter[v];
      counter[v] = 0;
    }
    offsets[id + 1] = out;
  }
  return { offsets, codes: codes.slice(0, out), counts: counts.slice(0, out) };
}

/** The classes of a frequency table over exactly the quasi-identifiers: record i is class i, of one record. */
function recordClasses(count: number): EquivalenceClasses {
  const ids = new Int32Array(count);
  for (let i = 0; i < count; i++) ids[i] = i;
  return { classCount: count, classOf: ids, sizes: new Int32Array(count).fill(1), firstRow: ids };
}
