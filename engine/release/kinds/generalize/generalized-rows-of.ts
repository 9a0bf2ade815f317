/**
 * A generalization decision (decide-generalization.ts) as the tables a database applies itself
 * (engine/source/generalized-rows.ts): the same levels and the same passing classes, with the same row counts, as the
 * row transform of microdata-row-transform.ts, which writes the rows when privspec writes them itself. `cell` is how
 * a text is written (spreadsheet-safe in a CSV, as is in Parquet), applied to the labels and the header here and to the
 * other columns by the SQL.
 */
import { PrivacyError } from '../../../core/measures.js';
import type { GeneralizedRows } from '../../../source/generalized-rows.js';
import type { Decided } from '../../decide-generalization.js';

export function generalizedRowsOf(
  decision: Decided,
  columns: readonly string[],
  cell: (text: string) => string,
  spreadsheetSafe: boolean,
): GeneralizedRows {
  const { problem, frequencies, levels, evaluation } = decision;
  const missing = problem.qi.filter((q) => !columns.includes(q.name)).map((q) => q.name);
  if (missing.length > 0)
    throw new PrivacyError(`a generalized file holds every quasi-identifier; not written: ${missing.join(', ')}`);
  const quasi = problem.qi.map((q, i) => {
    const values = frequencies.columns.find((c) => c.name === q.name)!.dictionary;
    const up = q.hierarchy.levelCodes[levels[i]];
    return {
      column: q.name,
      values,
      labels: q.hierarchy.levelValues[levels[i]].map(cell),
      codes: Int32Array.from(values, (_, code) => up[code]),
    };
  });
  // Each passing class once (from the first of its cells), with its row count as the search counted it: the classes
  // and counts the row transform's tally holds (microdata-row-transform.ts). Column by column, as integers: millions
  // of classes take 4 bytes a quasi-identifier and 4 for the count each.
  const { cells, classPass } = evaluation;
  const added = new Uint8Array(cells.classCount);
  let count = 0;
  for (let k = 0; k < cells.classCount; k++) if (classPass[k] === 1) count++;
  const codes = problem.qi.map(() => new Int32Array(count));
  const counts = new Int32Array(count);
  let rows = 0;
  let n = 0;
  for (let c = 0; c < cells.count; c++) {
    const k = cells.classOf[c];
    if (classPass[k] !== 1 || added[k] === 1) continue;
    added[k] = 1;
    const r = cells.rep[c];
    problem.qi.forEach((q, i) => (codes[i][n] = q.hierarchy.levelCodes[levels[i]][q.codes[r]]));
    counts[n++] = cells.classSizes[k];
    rows += cells.classSizes[k];
  }
  const classes = { count: n, codes: codes.map((a) => a.subarray(0, n)), rows: counts.subarray(0, n) };
  return { columns, header: columns.map(cell), quasi, classes, rows, spreadsheetSafe };
}
