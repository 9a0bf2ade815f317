import { classKey } from '../../engine/anonymity/class-key.js';
import { classMembers, rowsOfClass, type ClassMembers } from '../../engine/anonymity/class-members.js';
import { equivalenceClasses, type EquivalenceClasses, type Generalization } from '../../engine/anonymity/equivalence-classes.js';
import { distinctUnitsPerClass } from '../../engine/anonymity/distinct-units.js';
import { kAnonymityViolations } from '../../engine/anonymity/k-anonymity-report.js';
import type { BoundHierarchy } from '../../engine/hierarchy/bound-hierarchy.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { columnIndex, type Table } from '../../engine/table/table.js';
import type { CheckResult, ClassRows, CsvModel, GeneralizationFix, RowViolation } from '../protocol.js';
import { bindAll, modelGeneralization } from './hierarchies.js';
import { applyChanges, isSimple, patchTable, type DictionaryIndexes, type TextChange } from './incremental-table.js';
import { fieldRanges, lineStarts, lineText } from './line-index.js';
import { individualRiskCheck } from './individual-risk-flags.js';

/** What the worker keeps of the last check of a document, so that quick fixes and "show rows" need no re-parse. */
export interface CheckState {
  readonly text: string;
  readonly table: Table;
  readonly model: CsvModel;
  readonly classes: EquivalenceClasses;
  readonly generalization: Generalization | undefined;
  readonly violatingRows: number;
  /** One record per line after the header, so that an edit of whole lines can patch the table (`incremental-table.ts`). */
  readonly simple: boolean;
  bound?: BoundHierarchy[];
  members?: ClassMembers;
  starts?: Int32Array;
  indexes?: DictionaryIndexes;
  /** The document version this state belongs to, set by the worker. */
  version?: number;
}

/**
 * Checks a CSV text against k-anonymity on the model's quasi-identifiers (generalized to the levels the spec already
 * declares): every row in a class smaller than k is a violation, located on its line's quasi-identifier cells.
 * Only the first `maxDiagnostics` violating rows are located; the totals count them all.
 */
export function checkCsv(text: string, delimiter: string | undefined, model: CsvModel, maxDiagnostics: number, source?: string): { state: CheckState; result: CheckResult } {
  const started = performance.now();
  const table = parseCsv(text, { delimiter, source });
  return checkTable(text, table, model, maxDiagnostics, started);
}

/**
 * The same check after an edit: the previous check's table is patched when the edit replaces whole simple records
 * (see `incremental-table.ts`), and the text is parsed again otherwise.
 */
export function recheckCsv(previous: CheckState, changes: readonly TextChange[], delimiter: string | undefined, model: CsvModel, maxDiagnostics: number, source?: string): { state: CheckState; result: CheckResult } {
  const started = performance.now();
  const text = applyChanges(previous.text, changes);
  const sameDelimiter = delimiter === undefined || delimiter === previous.table.delimiter;
  const indexes = previous.indexes ?? [];
  const patched = previous.simple && sameDelimiter ? patchTable(previous.text, text, previous.table, indexes, changes) : undefined;
  const table = patched ?? parseCsv(text, { delimiter, source });
  // A patched table is simple by construction; a parsed one is examined.
  const checked = checkTable(text, table, model, maxDiagnostics, started, patched ? true : undefined);
  if (patched) checked.state.indexes = indexes;
  return checked;
}

function checkTable(text: string, table: Table, model: CsvModel, maxDiagnostics: number, started: number, simple?: boolean): { state: CheckState; result: CheckResult } {
  const bound = Object.values(model.levels).some((l) => l > 0) ? bindAll(table, model) : undefined;
  const generalization = bound && modelGeneralization(bound, model);
  const classes = equivalenceClasses(table, model.qi, generalization);
  const unitColumn = model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
  const units = unitsOf(table, model, classes);
  const report = kAnonymityViolations(classes, model.k, units);
  const state: CheckState = { text, table, model, classes, generalization, violatingRows: report.records, bound, simple: simple ?? isSimple(text, table) };

  const violations: RowViolation[] = [];
  if (report.records > 0 && maxDiagnostics > 0) {
    const starts = lineStarts(text);
    state.starts = starts;
    const qiIndexes = model.qi.map((name) => columnIndex(table, name));
    const keys = new Map<number, string>();
    const d = table.delimiter ?? ',';
    const { classOf, sizes } = classes;
    const decides = units ?? sizes;
    for (let r = 0; r < table.rowCount && violations.length < maxDiagnostics; r++) {
      const id = classOf[r];
      if (decides[id] >= model.k) continue;
      const line = (table.rowLines?.[r] ?? r + 2) - 1;
      const ranges = fieldRanges(lineText(text, starts, line), d);
      const cells = qiIndexes.map((j) => ranges[j]).filter((x): x is [number, number] => x !== undefined);
      const start = cells.length > 0 ? Math.min(...cells.map((c) => c[0])) : 0;
      const end = cells.length > 0 ? Math.max(...cells.map((c) => c[1])) : 0;
      let key = keys.get(id);
      if (key === undefined) keys.set(id, (key = classKey(table, model.qi, classes, id, generalization)));
      violations.push({ row: r + 1, line, start, end, cells: mergeAdjacent(cells, d.length), classSize: sizes[id], ...(units ? { units: units[id] } : {}), classKey: key, classId: id });
    }
  }
  const headerLine = Math.max(0, (table.rowLines?.[0] ?? 2) - 2);
  const individualRisk = individualRiskCheck(text, table, model, classes, generalization, maxDiagnostics);
  const result: CheckResult = {
    rows: table.rowCount,
    classes: classes.classCount,
    violatingRows: report.records,
    violatingClasses: report.classes,
    ...(unitColumn ? { unit: unitColumn.name } : {}),
    violations,
    headerLine,
    ...(individualRisk ? { individualRisk } : {}),
    elapsedMs: performance.now() - started,
  };
  return { state, result };
}

/** With a unit, a class is as large as the number of people in it, not its rows; undefined without one. */
function unitsOf(table: Table, model: CsvModel, classes: EquivalenceClasses): Int32Array | undefined {
  const unit = model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
  return unit && distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length);
}

/** Cell ranges in line order, with neighbours separated only by one delimiter joined into one range. */
export function mergeAdjacent(cells: readonly [number, number][], delimiterLength: number): [number, number][] {
  const sorted = [...cells].sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && c[0] <= last[1] + delimiterLength) last[1] = Math.max(last[1], c[1]);
    else runs.push([c[0], c[1]]);
  }
  return runs;
}

/**
 * The single-column generalizations that lift class `classId` to k: for each quasi-identifier with a hierarchy, the lowest
 * level above the current one at which the class's rows reach k, and how many rows now below k would reach it too.
 * Generalizing only merges classes, so no row that satisfies k stops satisfying it; "resolves" is the drop in violating rows.
 */
export function generalizationFixes(state: CheckState, classId: number): GeneralizationFix[] {
  const { table, model, classes } = state;
  if (classId < 0 || classId >= classes.classCount) return [];
  const bound = (state.bound ??= bindAll(table, model));
  const current = model.qi.map((name, i) => Math.min(model.levels[name] ?? 0, bound[i].height));
  const row = classes.firstRow[classId];
  const fixes: GeneralizationFix[] = [];
  model.qi.forEach((name, i) => {
    if (!model.hierarchies[name]) return;
    for (let level = current[i] + 1; level <= bound[i].height; level++) {
      const levels = current.slice();
      levels[i] = level;
      const merged = equivalenceClasses(table, model.qi, { hierarchies: bound, levels });
      const units = unitsOf(table, model, merged);
      if ((units ?? merged.sizes)[merged.classOf[row]] < model.k) continue;
      const h = bound[i];
      const code = table.columns[columnIndex(table, name)].codes[row];
      const value = h.levelValues[level][h.levelCodes[level][code]];
      fixes.push({ column: name, level, value, resolves: state.violatingRows - kAnonymityViolations(merged, model.k, units).records });
      break;
    }
  });
  return fixes.sort((a, b) => b.resolves - a.resolves || a.level - b.level);
}

/** The rows of one class (at most `limit`), with their lines, for "Show the rows of this class". */
export function rowsOf(state: CheckState, classId: number, limit: number): ClassRows {
  const { table, model, classes } = state;
  if (classId < 0 || classId >= classes.classCount) return { classKey: '', rows: [] };
  const members = (state.members ??= classMembers(classes));
  const rows = Array.from(rowsOfClass(members, classId).subarray(0, limit), (r) => ({ row: r + 1, line: (table.rowLines?.[r] ?? r + 2) - 1 }));
  return { classKey: classKey(table, model.qi, classes, classId, state.generalization), rows };
}
