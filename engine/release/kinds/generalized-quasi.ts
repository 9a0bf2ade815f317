/**
 * The quasi-identifiers as the anonymity block's transformation writes them, row by row: the levels and suppressed
 * rows of the one transformation (`generalize-transformation.ts`). `pram` writes its randomized columns beside these,
 * on exactly the rows a `generalize` release keeps, so the two files never show a quasi-identifier at two different
 * levels and a PRAM file never carries a quasi-identifier exactly that the generalized file protects.
 */
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../search/search-types.js';
import { column, type Table } from '../../table/table.js';
import { generalizeTransformation } from '../generalize-transformation.js';
import type { AnonymityDescription, DatasetDescription } from '../release-description.js';

export interface GeneralizeOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

export interface GeneralizedQuasi {
  /** The level of each quasi-identifier, in the dataset's order. */
  readonly levels: readonly number[];
  /** 1 for each row kept, 0 for a suppressed one. */
  readonly kept: Uint8Array;
  readonly suppressed: number;
  /** The generalized value of quasi-identifier `q` (by name) in row `r`. */
  value(q: string, r: number): string;
}

/** The anonymity block applied to `table`; throws `ReleaseUnavailable` when it cannot be satisfied as written. */
export function generalizedQuasi(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): GeneralizedQuasi {
  const { bound, levels, classes, passes, suppressed } = generalizeTransformation(table, dataset.quasi, hierarchies, anonymity, options);
  const kept = new Uint8Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) kept[r] = passes[classes.classOf[r]];
  const qiIndex = new Map(dataset.quasi.map((q, i) => [q, i]));
  const columns = dataset.quasi.map((q) => column(table, q));
  const value = (q: string, r: number) => {
    const i = qiIndex.get(q)!;
    const h = bound[i];
    return h.levelValues[levels[i]][h.levelCodes[levels[i]][columns[i].codes[r]]];
  };
  return { levels, kept, suppressed, value };
}
