import type { Cancellation } from 'langium';
import { rowKeyValues } from '../engine/anonymity/class-key.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { frequencyTableView } from '../engine/anonymity/frequency-classes.js';
import {
  decideGeneralization,
  generalizationColumns,
  requireDecided,
} from '../engine/release/decide-generalization.js';
import type { AnonymityDescription } from '../engine/release/release-description.js';
import type { FrequencyTable } from '../engine/table/frequency-table.js';
import { frequencyTableOf } from '../engine/table/frequency-table-of.js';
import type { Table } from '../engine/table/table.js';
import { plural } from '../engine/core/plural.js';

export interface FoundTransformation {
  readonly levels: Readonly<Record<string, number>>;
  readonly suppressed: number;
  readonly loss: number;
  readonly message: string;
}

/** Lattice nodes × rows above which the editor hint skips the search (about a second of work on one core). */
export const SEARCH_WORK_LIMIT = 5e7;

/** Search results per table, keyed by what the search reads, so that edits elsewhere in the spec do not rerun it. */
const searches = new WeakMap<Table | FrequencyTable, Map<string, FoundTransformation | undefined>>();

/**
 * The transformation the `generalize` release would apply (the block's pins fixed, the rest searched), for the info
 * diagnostic that follows a k / ℓ violation: the release's own decision (decide-generalization.ts), so the hint names
 * the levels and suppressed rows ▶ Run writes. It is taken on a frequency table — a source's as it comes, a CSV's
 * table grouped — never on rows. Undefined when no transformation satisfies the model or a quasi-identifier has no
 * hierarchy.
 */
export function findOptimalTransformation(
  data: Table | FrequencyTable,
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  token: Cancellation.CancellationToken,
  /** What the hierarchies and the anonymity block say (their source text), so that an unchanged search is reused. */
  specKey: string,
): FoundTransformation | undefined {
  // The engine's search runs synchronously; in an editor a search this large would hold up every request, so the
  // hint is left out beyond it (`privspec anonymize` runs any size).
  const nodes = quasi.reduce((n, q) => n * ((hierarchies.get(q)?.height ?? 0) + 1), 1);
  if (nodes * data.rowCount > SEARCH_WORK_LIMIT) return undefined;
  const key = JSON.stringify([quasi, specKey]);
  const perTable = searches.get(data) ?? new Map<string, FoundTransformation | undefined>();
  searches.set(data, perTable);
  if (perTable.has(key)) return perTable.get(key);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const spec = { quasi, hierarchies, anonymity };
    const frequencies = 'weights' in data ? data : frequencyTableOf(data, generalizationColumns(spec));
    const optimum = requireDecided(decideGeneralization(frequencies, spec, { signal: controller.signal }));
    const levels = Object.fromEntries(quasi.map((q, i) => [q, optimum.levels[i]]));
    // A level number alone does not say that age=4 is '*': show what it does to one record's values. The record is the
    // one whose quasi-identifiers sort first, not the first row, so that a source without a row order (a database's
    // frequency table) shows the same example as the CSV; the records of the frequency table hold the same values.
    // The decision's own frequency table (in the canonical order its hierarchies are bound to): the table given here
    // holds other codes, and its example read through the decision's hierarchies showed '0 → 10-19'.
    const records = frequencyTableView(optimum.frequencies);
    const any = records.rowCount > 0;
    const example = exampleRow(records, quasi);
    const before = any ? rowKeyValues(records, quasi, example) : [];
    const after = any
      ? rowKeyValues(records, quasi, example, { hierarchies: optimum.bound, levels: optimum.levels })
      : [];
    const shown = quasi
      .map((q, i) => `${q}=${optimum.levels[i]}${optimum.levels[i] > 0 && any ? ` (${before[i]} → ${after[i]})` : ''}`)
      .join(', ');
    const suppressed = optimum.suppressed;
    const pinned = optimum.pinned.length > 0 ? ` with ${optimum.pinned.join(', ')} pinned` : '';
    const loss = Number(optimum.loss.toPrecision(8));
    const result = {
      levels,
      suppressed,
      loss,
      message: `optimal transformation${pinned}: ${shown} (generalization levels; ${anonymity.metric} metric ${loss}; ${plural(suppressed, 'row')} suppressed)`,
    };
    perTable.set(key, result);
    return result;
  } catch {
    // A search that cannot run (a hierarchy the engine rejects) or was cancelled simply yields no hint.
    return undefined;
  } finally {
    subscription.dispose();
  }
}

/**
 * The row whose quasi-identifier values, compared column by column as text (UTF-16 code units), come first: the same
 * record whatever the order of the rows. Each column's dictionary is ranked once, so the scan is linear in the rows.
 */
export function exampleRow(table: Table, quasi: readonly string[]): number {
  const columns = quasi.map((q) => table.columns.find((c) => c.name === q)!);
  const ranks = columns.map((c) => {
    const order = c.dictionary
      .map((_, i) => i)
      .sort((a, b) => (c.dictionary[a] < c.dictionary[b] ? -1 : c.dictionary[a] > c.dictionary[b] ? 1 : 0));
    const rank = new Int32Array(c.dictionary.length);
    order.forEach((code, r) => (rank[code] = r));
    return rank;
  });
  let best = 0;
  for (let r = 1; r < table.rowCount; r++) {
    for (let j = 0; j < columns.length; j++) {
      const a = ranks[j][columns[j].codes[r]];
      const b = ranks[j][columns[j].codes[best]];
      if (a === b) continue;
      if (a < b) best = r;
      break;
    }
  }
  return best;
}
