import { classKey } from '../../engine/anonymity/class-key.js';
import { classMembers, rowsOfClass, type ClassMembers } from '../../engine/anonymity/class-members.js';
import type { EquivalenceClasses, Generalization } from '../../engine/anonymity/equivalence-classes.js';
import {
  generalizationFixes as engineFixes,
  kCheck,
  type KCheck,
  type KCheckModel,
} from '../../engine/anonymity/k-check.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { columnIndex, type Table } from '../../engine/table/table.js';
import type { CheckResult, ClassRows, CsvModel, GeneralizationFix, RowViolation } from '../protocol.js';
import { modelHierarchies } from './hierarchies.js';
import { applyChanges, isSimple, patchTable, type DictionaryIndexes, type TextChange } from './incremental-table.js';
import { fieldRanges, lineStarts, lineText, mergeAdjacent } from './line-index.js';
import { individualRiskCheck } from './individual-risk-flags.js';
import { sensitiveModelFailures, type SensitiveModelFailure } from './sensitive-model-flags.js';

/** What the worker keeps of the last check of a document, so that quick fixes and "show rows" need no re-parse. */
export interface CheckState {
  readonly text: string;
  readonly table: Table;
  readonly model: CsvModel;
  readonly classes: EquivalenceClasses;
  readonly generalization: Generalization | undefined;
  readonly violatingRows: number;
  /** The engine's check and the model it ran with, kept for the quick fixes. */
  readonly check: KCheck;
  readonly checkModel: KCheckModel;
  /**
   * One record per line after the header, so that an edit of whole lines can patch the table (`incremental-table.ts`).
   */
  readonly simple: boolean;
  members?: ClassMembers;
  starts?: Int32Array;
  indexes?: DictionaryIndexes;
  /** The document version this state belongs to, set by the worker. */
  version?: number;
}

/**
 * Checks a CSV text with the engine's `kCheck` (the classes at the spec's pinned levels, counted in persons with a
 * unit) and locates every row of a class smaller than k on its line's quasi-identifier cells: the worker's own part is
 * the parsing, the patching after an edit and the locating, never a figure.
 * Only the first `maxDiagnostics` violating rows are located; the totals count them all.
 */
export function checkCsv(
  text: string,
  delimiter: string | undefined,
  model: CsvModel,
  maxDiagnostics: number,
  source?: string,
): { state: CheckState; result: CheckResult } {
  const started = performance.now();
  const table = parseCsv(text, { delimiter, source });
  return checkTable(text, table, model, maxDiagnostics, started);
}

/**
 * The same check after an edit: the previous check's table is patched when the edit replaces whole simple records
 * (see `incremental-table.ts`), and the text is parsed again otherwise.
 */
export function recheckCsv(
  previous: CheckState,
  changes: readonly TextChange[],
  delimiter: string | undefined,
  model: CsvModel,
  maxDiagnostics: number,
  source?: string,
): { state: CheckState; result: CheckResult } {
  const started = performance.now();
  const text = applyChanges(previous.text, changes);
  const sameDelimiter = delimiter === undefined || delimiter === previous.table.delimiter;
  const indexes = previous.indexes ?? [];
  const patched =
    previous.simple && sameDelimiter ? patchTable(previous.text, text, previous.table, indexes, changes) : undefined;
  const table = patched ?? parseCsv(text, { delimiter, source });
  // A patched table is simple by construction; a parsed one is examined.
  const checked = checkTable(text, table, model, maxDiagnostics, started, patched ? true : undefined);
  if (patched) checked.state.indexes = indexes;
  return checked;
}

function checkTable(
  text: string,
  table: Table,
  model: CsvModel,
  maxDiagnostics: number,
  started: number,
  simple?: boolean,
): { state: CheckState; result: CheckResult } {
  const hierarchies = modelHierarchies(model);
  const checkModel: KCheckModel = {
    qi: model.qi,
    k: model.k,
    ...(model.unit !== undefined ? { unit: model.unit } : {}),
    ...hierarchies,
  };
  const check = kCheck(table, checkModel);
  const { classes, generalization, units, report } = check;
  const unitColumn = model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
  const state: CheckState = {
    text,
    table,
    model,
    classes,
    generalization,
    violatingRows: report.records,
    check,
    checkModel,
    simple: simple ?? isSimple(text, table),
  };

  // The spec's ℓ-diversity and t-closeness on the same classes: a row of a class that is not below k but fails one of
  // them is marked too, naming the model (the first failing one), so the CSV shows what the spec's warning counts.
  const failures = sensitiveModelFailures(table, model, classes, hierarchies.hierarchies);
  const failingModel = new Int32Array(failures.length > 0 ? classes.classCount : 0).fill(-1);
  failures.forEach((f, i) => {
    for (const id of f.failingClassIds) if (failingModel[id] === -1) failingModel[id] = i;
  });

  const violations: RowViolation[] = [];
  if ((report.records > 0 || failures.length > 0) && maxDiagnostics > 0) {
    const starts = lineStarts(text);
    state.starts = starts;
    const qiIndexes = model.qi.map((name) => columnIndex(table, name));
    const keys = new Map<number, string>();
    const d = table.delimiter ?? ',';
    const { classOf, sizes } = classes;
    const decides = units ?? sizes;
    for (let r = 0; r < table.rowCount && violations.length < maxDiagnostics; r++) {
      const id = classOf[r];
      const belowK = decides[id] < model.k;
      const failing = failures.length > 0 && !belowK ? failingModel[id] : -1;
      if (!belowK && failing === -1) continue;
      const line = (table.rowLines?.[r] ?? r + 2) - 1;
      const ranges = fieldRanges(lineText(text, starts, line), d);
      const cells = qiIndexes.map((j) => ranges[j]).filter((x): x is [number, number] => x !== undefined);
      // One cell per quasi-identifier: a spread of a few arguments, not of the data.
      const start = cells.length > 0 ? Math.min(...cells.map((c) => c[0])) : 0;
      const end = cells.length > 0 ? Math.max(...cells.map((c) => c[1])) : 0;
      let key = keys.get(id);
      if (key === undefined) keys.set(id, (key = classKey(table, model.qi, classes, id, generalization)));
      violations.push({
        row: r + 1,
        line,
        start,
        end,
        cells: mergeAdjacent(cells, d.length),
        classSize: sizes[id],
        ...(units ? { units: units[id] } : {}),
        classKey: key,
        classId: id,
        ...(failing >= 0 ? { model: modelFlag(failures[failing], id) } : {}),
      });
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
    ...(failures.length > 0
      ? { sensitiveModels: failures.map((f) => ({ criterion: f.criterion, rows: f.rows, classes: f.classes })) }
      : {}),
    elapsedMs: performance.now() - started,
  };
  return { state, result };
}

/** What a row's marker says of the model its class fails: its name, and for t-closeness the class's distance. */
function modelFlag(failure: SensitiveModelFailure, classId: number): NonNullable<RowViolation['model']> {
  return {
    criterion: failure.criterion,
    ...(failure.distanceOf ? { distance: failure.distanceOf(classId) } : {}),
  };
}

/** The quick fix's generalizations for one class of the kept check: the engine's, on the check's own model. */
export function generalizationFixes(state: CheckState, classId: number): GeneralizationFix[] {
  return engineFixes(state.table, state.checkModel, state.check, classId);
}

/** The rows of one class (at most `limit`), with their lines, for "Show the rows of this class". */
export function rowsOf(state: CheckState, classId: number, limit: number): ClassRows {
  const { table, model, classes } = state;
  if (classId < 0 || classId >= classes.classCount) return { classKey: '', rows: [] };
  const members = (state.members ??= classMembers(classes));
  const rows = Array.from(rowsOfClass(members, classId).subarray(0, limit), (r) => ({
    row: r + 1,
    line: (table.rowLines?.[r] ?? r + 2) - 1,
  }));
  return { classKey: classKey(table, model.qi, classes, classId, state.generalization), rows };
}
