/**
 * The anonymity block applied to a table: the levels of the quasi-identifiers (the spec's pins, or the globally
 * optimal full-domain generalization the search finds) and which rows survive, i.e. the rows of classes that satisfy
 * every criterion. `generalize` writes these rows; `pram` writes the same rows with the same generalized
 * quasi-identifiers beside the columns it randomizes, so that the two files never show a quasi-identifier at two
 * different levels.
 */
import { classStats } from '../../anonymity/class-stats.js';
import { equivalenceClasses, type EquivalenceClasses } from '../../anonymity/equivalence-classes.js';
import { bindHierarchy, type BoundHierarchy } from '../../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../search/search-types.js';
import { column, type Table } from '../../table/table.js';
import { searchAnonymity } from '../anonymity-search.js';
import type { AnonymityDescription, DatasetDescription } from '../release-description.js';
import { ReleaseUnavailable } from '../release-unavailable.js';

export interface GeneralizeOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

export interface GeneralizedRows {
  /** The level of each quasi-identifier, in the dataset's order. */
  readonly levels: readonly number[];
  /** The search's information loss at those levels; undefined when the spec pins them. */
  readonly loss?: number;
  /** 1 for each row kept, 0 for a suppressed one. */
  readonly kept: Uint8Array;
  readonly suppressed: number;
  /** The generalized value of quasi-identifier `q` (by name) in row `r`. */
  value(q: string, r: number): string;
}

function chooseLevels(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription, options: GeneralizeOptions) {
  const pinned = dataset.quasi.filter((q) => anonymity.pins.has(q));
  if (pinned.length > 0) {
    // The spec's pins are the user's choice of transformation: applied as they are, then checked like a search result.
    if (pinned.length < dataset.quasi.length) {
      throw new ReleaseUnavailable(`generalize with pinned levels needs a pin for every quasi-identifier; not pinned: ${dataset.quasi.filter((q) => !anonymity.pins.has(q)).join(', ')} (or remove the pins to search)`);
    }
    return { bound: dataset.quasi.map((q) => bindHierarchy(hierarchies.get(q)!, column(table, q)).bound), levels: dataset.quasi.map((q) => anonymity.pins.get(q)!), loss: undefined };
  }
  const found = searchAnonymity(table, dataset.quasi, hierarchies, anonymity, options);
  const optimum = found?.result.optimum;
  if (!found || !optimum) throw new ReleaseUnavailable('no generalization of the quasi-identifiers satisfies the anonymity block within the suppression limit');
  return { bound: found.problem.qi.map((q) => q.hierarchy) as BoundHierarchy[], levels: optimum.levels, loss: optimum.loss };
}

/** The transformation a generalize release applies: its levels, the classes they form and which of them pass the model. */
export interface GeneralizeTransformation {
  readonly bound: readonly BoundHierarchy[];
  readonly levels: readonly number[];
  /** The search's loss; undefined when the spec pins every level. */
  readonly loss: number | undefined;
  readonly classes: EquivalenceClasses;
  /** `passes[id]` is 1 when class id satisfies every criterion; rows of the other classes are suppressed. */
  readonly passes: Uint8Array;
  /** Rows in classes that fail the model (the rows the release suppresses). */
  readonly failing: number;
}

/**
 * Chooses the levels, forms the classes and marks those that fail, refusing what the release refuses (no anonymity
 * block, a missing hierarchy, more failing rows than the suppression limit). The releases and the risk report's "after"
 * (engine/risk/risk-after.ts) all call it, so the report shows exactly what the release would write, or its refusal.
 */
export function generalizeTransformation(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): GeneralizeTransformation {
  if (!anonymity || anonymity.criteria.length === 0) throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = dataset.quasi.filter((q) => !hierarchies.has(q));
  if (missing.length) throw new ReleaseUnavailable(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
  const { bound, levels, loss } = chooseLevels(table, dataset, hierarchies, anonymity, options);
  const classes = equivalenceClasses(table, dataset.quasi, { hierarchies: bound, levels });
  const passes = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of anonymity.criteria) {
    classStats(table, classes, criterion.sensitive).forEach((s, id) => {
      if (!criterion.isSatisfied(s)) passes[id] = 0;
    });
  }
  const failing = classes.classOf.reduce((n, id) => n + (passes[id] ? 0 : 1), 0);
  const limit = Math.floor(anonymity.suppression * table.rowCount);
  if (failing > limit) throw new ReleaseUnavailable(`the pinned levels leave ${failing} rows in classes that fail the model, more than the suppression limit of ${limit}`);
  return { bound, levels, loss, classes, passes, failing };
}

/** The anonymity block applied to `table`; throws `ReleaseUnavailable` when it cannot be satisfied as written. */
export function generalizedRows(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): GeneralizedRows {
  const { bound, levels, loss, classes, passes, failing } = generalizeTransformation(table, dataset, hierarchies, anonymity, options);
  const kept = new Uint8Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) kept[r] = passes[classes.classOf[r]];
  const qiIndex = new Map(dataset.quasi.map((q, i) => [q, i]));
  const columns = dataset.quasi.map((q) => column(table, q));
  const value = (q: string, r: number) => {
    const i = qiIndex.get(q)!;
    const h = bound[i];
    return h.levelValues[levels[i]][h.levelCodes[levels[i]][columns[i].codes[r]]];
  };
  return { levels, loss, kept, suppressed: failing, value };
}
