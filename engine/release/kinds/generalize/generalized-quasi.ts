/**
 * The quasi-identifiers as the anonymity block's decision writes them, row by row: the levels and suppressed rows of
 * the one decision (`decide-generalization.ts`), applied through the one row transform. `pram` writes its randomized
 * columns beside these, on exactly the rows a `generalize` release keeps, so the two files never show a
 * quasi-identifier at two different levels and a PRAM file never carries a quasi-identifier exactly that the
 * generalized file protects.
 */
import { rebindHierarchy } from '../../../hierarchy/rebind-hierarchy.js';
import { equivalenceClasses } from '../../../anonymity/equivalence-classes.js';
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../../search/search-types.js';
import { frequencyTableOf } from '../../../table/frequency-table-of.js';
import { column, type Table } from '../../../table/table.js';
import { decideGeneralization, generalizationColumns, requireDecided } from '../../decide-generalization.js';
import { decisionRowTransform } from '../../microdata-row-transform.js';
import type { AnonymityDescription, DatasetDescription } from '../../release-description.js';

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
  value: (q: string, r: number) => string;
}

/** The anonymity block applied to `table`; throws `ReleaseUnavailable` when it cannot be satisfied as written. */
export function generalizedQuasi(
  table: Table,
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription | undefined,
  options: GeneralizeOptions = {},
): GeneralizedQuasi {
  const quasi = dataset.quasi;
  const spec = { quasi, hierarchies, anonymity };
  const decision = requireDecided(
    decideGeneralization(frequencyTableOf(table, generalizationColumns(spec)), spec, options),
  );
  const { levels } = decision;
  // Bound to the decision's frequency table in its canonical order; the rows below are the table's own codes.
  const bound = decision.bound.map((b) => rebindHierarchy(b, column(table, b.column).dictionary));
  const columns = quasi.map((q) => column(table, q));
  // The rows of one generalized class are all kept or all left out: the transform decides each class once, on its
  // first row.
  const classes = equivalenceClasses(table, quasi, { hierarchies: bound, levels });
  const transform = decisionRowTransform(decision, quasi);
  const passes = Uint8Array.from(classes.firstRow, (r) =>
    transform(columns.map((c) => c.dictionary[c.codes[r]])) ? 1 : 0,
  );
  const kept = new Uint8Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) kept[r] = passes[classes.classOf[r]];
  const value = (q: string, r: number) => {
    const i = quasi.indexOf(q);
    const h = bound[i];
    return h.levelValues[levels[i]][h.levelCodes[levels[i]][columns[i].codes[r]]];
  };
  return { levels, kept, suppressed: decision.suppressed, value };
}
