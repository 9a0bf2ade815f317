import { equivalenceClasses } from '../../engine/anonymity/equivalence-classes.js';
import { formatCsv } from '../../engine/node/write-csv.js';
import { writeFileAtomic } from '../../engine/node/write-file-atomic.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { makeEntropyMetric } from '../../engine/metrics/non-uniform-entropy.js';
import { searchOptimal } from '../../engine/search/optimal-search.js';
import { makeProblem } from '../../engine/search/problem.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { TableError, type Table } from '../../engine/table/table.js';
import type { AnonymizeResult, CsvModel } from '../protocol.js';
import { buildHierarchy } from './hierarchies.js';

export interface AnonymizeRequest {
  readonly text: string;
  readonly source: string;
  readonly delimiter?: string;
  readonly model: CsvModel;
  readonly suppression: number;
  readonly out: string;
}

/**
 * `PrivSpec: Anonymize CSV…` in the worker: the globally optimal full-domain generalization for k-anonymity with record
 * suppression under the non-uniform entropy metric (the engine's lattice search), applied to the table and written to a
 * new file. Suppressed rows are left out of the file; direct identifiers are dropped. Cancelling ends the worker thread, so the search needs no signal here.
 */
export async function anonymizeCsv(request: AnonymizeRequest, onProgress: (fraction: number, message: string) => void): Promise<AnonymizeResult> {
  const { model } = request;
  const table = parseCsv(request.text, { delimiter: request.delimiter, source: request.source });
  const missing = model.qi.filter((q) => !model.hierarchies[q]);
  if (missing.length > 0) throw new TableError(`no hierarchy for ${missing.join(', ')}: declare one in the spec`, request.source);
  const hierarchies = model.qi.map((q) => buildHierarchy(model.hierarchies[q]));
  const problem = makeProblem(table, { qi: model.qi, hierarchies, criteria: [new KAnonymity(model.k)], suppression: request.suppression });
  const result = searchOptimal(problem, makeEntropyMetric(problem), {
    onProgress: (p) => onProgress(p.resolved / p.nodes, `${p.resolved} of ${p.nodes} transformations classified`),
  });
  if (!result.optimum) return { transformation: null, suppressed: 0, classes: 0 };
  const levels = result.optimum.levels;
  const bound = problem.qi.map((q) => q.hierarchy);
  const classes = equivalenceClasses(table, model.qi, { hierarchies: bound, levels });
  const suppressedRow = (r: number) => classes.sizes[classes.classOf[r]] < model.k;
  let suppressed = 0;
  let kept = 0;
  for (let id = 0; id < classes.classCount; id++) {
    if (classes.sizes[id] < model.k) suppressed += classes.sizes[id];
    else kept++;
  }
  await writeFileAtomic(request.out, toCsv(table, model, bound.map((b, i) => b.levelValues[levels[i]]), bound.map((b, i) => b.levelCodes[levels[i]]), suppressedRow));
  return {
    transformation: Object.fromEntries(model.qi.map((q, i) => [q, levels[i]])),
    suppressed,
    classes: kept,
    out: request.out,
  };
}

/**
 * The released table: identifying columns dropped, quasi-identifiers generalized, suppressed rows left out. Kept with
 * `*` quasi-identifiers they would form a class exempt from k whose other values an attacker reads off by elimination.
 */
function toCsv(table: Table, model: CsvModel, values: readonly (readonly string[])[], codes: readonly Int32Array[], suppressed: (r: number) => boolean): string {
  const dropped = new Set(model.identifying ?? []);
  const columns = table.columns.filter((c) => !dropped.has(c.name));
  const qiIndex = columns.map((c) => model.qi.indexOf(c.name));
  function* rows(): Generator<string[]> {
    for (let r = 0; r < table.rowCount; r++) {
      if (suppressed(r)) continue;
      yield columns.map((c, j) => {
        const q = qiIndex[j];
        const code = c.codes[r];
        return q < 0 ? c.dictionary[code] : values[q][codes[q][code]];
      });
    }
  }
  return formatCsv(columns.map((c) => c.name), rows(), table.delimiter ?? ',');
}
