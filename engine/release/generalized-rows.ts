/**
 * The rows a full-domain generalization releases from a table in memory, each quasi-identifier replaced by its
 * generalization at the transformation's level, and the rows of classes that fail the model left out. Only
 * `privspec anonymize --out` on a table in memory still writes through it; the releases write through the decision's
 * row transform (`decisionRowTransform`, microdata-row-transform.ts), which writes the same lines.
 *
 * Suppressed rows are never kept with `*` quasi-identifiers (ARX's output does that): kept, they would form one more
 * class, exempt from k and ℓ, whose sensitive values an attacker can read off by elimination.
 */
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import { column, type Table } from '../table/table.js';
import type { TransformationCheck } from './generalize-transformation.js';

export interface GeneralizedRows {
  readonly header: readonly string[];
  readonly rows: string[][];
  /** Rows left out: those of classes that fail the model. */
  readonly suppressed: number;
  /** The table row each output row comes from (the row key's source: release-measurement.ts). */
  readonly sourceRows: Int32Array;
}

/** `columns` in their output order; `quasi`, `bound` and `levels` in the transformation's order. */
export function generalizedRows(
  table: Table,
  columns: readonly string[],
  quasi: readonly string[],
  bound: readonly BoundHierarchy[],
  levels: readonly number[],
  check: Pick<TransformationCheck, 'classes' | 'passes'>,
): GeneralizedRows {
  const cols = columns.map((name) => column(table, name));
  const qiIndex = new Map(quasi.map((q, i) => [q, i]));
  const rows: string[][] = [];
  const sourceRows: number[] = [];
  let suppressed = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (check.passes[check.classes.classOf[r]] !== 1) {
      suppressed++;
      continue;
    }
    sourceRows.push(r);
    rows.push(
      cols.map((c) => {
        const i = qiIndex.get(c.name);
        if (i === undefined) return c.dictionary[c.codes[r]];
        const h = bound[i];
        return h.levelValues[levels[i]][h.levelCodes[levels[i]][c.codes[r]]];
      }),
    );
  }
  return { header: columns, rows, suppressed, sourceRows: Int32Array.from(sourceRows) };
}
