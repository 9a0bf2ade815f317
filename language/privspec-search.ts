import type { Cancellation } from 'langium';
import { rowKeyValues } from '../engine/anonymity/class-key.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { generalizeTransformation } from '../engine/release/generalize-transformation.js';
import type { AnonymityDescription } from '../engine/release/release-description.js';
import type { Table } from '../engine/table/table.js';

export interface FoundTransformation {
  readonly levels: Readonly<Record<string, number>>;
  readonly suppressed: number;
  readonly loss: number;
  readonly message: string;
}

/** Lattice nodes × rows above which the editor hint skips the search (about a second of work on one core). */
export const SEARCH_WORK_LIMIT = 5e7;

/** Search results per table, keyed by what the search reads, so that edits elsewhere in the spec do not rerun it. */
const searches = new WeakMap<Table, Map<string, FoundTransformation | undefined>>();

/**
 * The transformation the `generalize` release would apply (the block's pins fixed, the rest searched), for the info
 * diagnostic that follows a k / ℓ violation: the release's own `generalizeTransformation`, so the hint names the levels
 * and suppressed rows ▶ Run writes. Undefined when no transformation satisfies the model or a quasi-identifier has no
 * hierarchy.
 */
export async function findOptimalTransformation(
  table: Table,
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  token: Cancellation.CancellationToken,
  /** What the hierarchies and the anonymity block say (their source text), so that an unchanged search is reused. */
  specKey: string,
): Promise<FoundTransformation | undefined> {
  // The engine's search runs synchronously; in an editor a search this large would hold up every request, so the
  // hint is left out beyond it (`privspec anonymize` runs any size).
  const nodes = quasi.reduce((n, q) => n * ((hierarchies.get(q)?.height ?? 0) + 1), 1);
  if (nodes * table.rowCount > SEARCH_WORK_LIMIT) return undefined;
  const key = JSON.stringify([quasi, specKey]);
  const perTable = searches.get(table) ?? new Map<string, FoundTransformation | undefined>();
  searches.set(table, perTable);
  if (perTable.has(key)) return perTable.get(key);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const optimum = generalizeTransformation(table, quasi, hierarchies, anonymity, { signal: controller.signal });
    const levels = Object.fromEntries(quasi.map((q, i) => [q, optimum.levels[i]]));
    // A level number alone does not say that age=4 is '*': show what it does to the first row's value.
    const before = table.rowCount > 0 ? rowKeyValues(table, quasi, 0) : [];
    const after = table.rowCount > 0 ? rowKeyValues(table, quasi, 0, { hierarchies: optimum.bound, levels: optimum.levels }) : [];
    const shown = quasi.map((q, i) => `${q}=${optimum.levels[i]}${optimum.levels[i] > 0 && table.rowCount > 0 ? ` (${before[i]} → ${after[i]})` : ''}`).join(', ');
    const suppressed = optimum.suppressed;
    const pinned = optimum.pinned.length > 0 ? ` with ${optimum.pinned.join(', ')} pinned` : '';
    const loss = Number(optimum.loss.toPrecision(8));
    const result = { levels, suppressed, loss, message: `optimal transformation${pinned}: ${shown} (generalization levels; ${anonymity.metric} metric ${loss}; ${suppressed} ${suppressed === 1 ? 'row' : 'rows'} suppressed)` };
    perTable.set(key, result);
    return result;
  } catch {
    // A search that cannot run (a hierarchy the engine rejects) or was cancelled simply yields no hint.
    return undefined;
  } finally {
    subscription.dispose();
  }
}
