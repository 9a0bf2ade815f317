/**
 * The `generalize` release: the globally optimal full-domain generalization of the quasi-identifiers for the
 * anonymity block, with the levels the spec pins fixed (generalize-transformation.ts), with the rows of classes that still fail the model suppressed, and only
 * declared columns written (quasi-identifying, sensitive, insensitive; never identifying columns, undeclared ones, or
 * the privacy unit).
 *
 * Suppressed rows are left out of the file rather than kept with `*` quasi-identifiers as ARX's output does: kept, they
 * would form one more class, exempt from k and ℓ, whose sensitive values an attacker can read off by elimination.
 * The same function serves `privspec release`, ▶ Run and the editor's Anonymize CSV…, so they write the same bytes.
 */
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../search/search-types.js';
import { column, type Table } from '../../table/table.js';
import { generalizeTransformation } from '../generalize-transformation.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../release-description.js';
import type { ReleaseOutput } from '../release-measurement.js';

export interface GeneralizeOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

export function computeGeneralize(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  const { bound, levels, loss, classes, passes, pinned } = generalizeTransformation(table, dataset.quasi, hierarchies, anonymity, options);
  const { kept: keptNames, removed } = releasableColumns(dataset, table.columns.map((c) => c.name));
  const kept = keptNames.map((name) => column(table, name));
  const qiIndex = new Map(dataset.quasi.map((q, i) => [q, i]));
  const rows: string[][] = [];
  let suppressed = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (passes[classes.classOf[r]] !== 1) {
      suppressed++;
      continue;
    }
    rows.push(kept.map((c) => {
      const i = qiIndex.get(c.name);
      if (i === undefined) return c.dictionary[c.codes[r]];
      const h = bound[i];
      return h.levelValues[levels[i]][h.levelCodes[levels[i]][c.codes[r]]];
    }));
  }
  return {
    header: keptNames,
    rows,
    parameters: {
      levels: Object.fromEntries(dataset.quasi.map((q, i) => [q, levels[i]])),
      criteria: anonymity!.criteria.map((c) => c.name),
      suppressionLimit: anonymity!.suppression,
      metric: anonymity!.metric,
      suppressed,
      loss,
      ...(pinned.length > 0 ? { pinned } : {}),
    },
    // A generalized file is microdata: its row count and suppressions are part of what it discloses, so they may be stated.
    notes: [`${suppressed} rows suppressed (left out of the file)`, `removed columns (identifying or not declared): ${removed.join(', ') || 'none'}`],
    local: [],
  };
}
