import type { Cancellation } from 'langium';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import type { Table } from '../engine/table/table.js';
import type { AnonymityPlan } from './privspec-to-engine.js';

export interface FoundTransformation {
  readonly levels: Readonly<Record<string, number>>;
  readonly message: string;
}

/**
 * The globally optimal full-domain generalization for the anonymity block, when the engine's search can find one.
 * Returns undefined when no transformation satisfies the model, when a quasi-identifier has no hierarchy, or while the
 * engine's search is not available.
 */
export async function findOptimalTransformation(
  _table: Table,
  _quasi: readonly string[],
  _hierarchies: ReadonlyMap<string, Hierarchy>,
  _anonymity: AnonymityPlan,
  _token: Cancellation.CancellationToken,
): Promise<FoundTransformation | undefined> {
  return undefined;
}
