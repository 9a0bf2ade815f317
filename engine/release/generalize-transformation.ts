/**
 * The transformation a `generalize` release applies, decided once: which levels (the spec's pins and the optimal
 * search over the rest, `anonymity-search.ts`), which classes pass the anonymity block, and which rows are suppressed.
 * The release writes it, the preview shows it, the risk report's "after" counts it, and `privspec preview` prints it,
 * so the four cannot disagree on levels, suppressed rows or class sizes.
 */
import { classStats } from '../anonymity/class-stats.js';
import { equivalenceClasses, type EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import { bindHierarchy, type BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { AnonymizationProblem } from '../search/problem.js';
import type { LevelRange, SearchProgress } from '../search/search-types.js';
import { column, type Table } from '../table/table.js';
import { searchAnonymity } from './anonymity-search.js';
import type { AnonymityDescription } from './release-description.js';
import { ReleaseUnavailable } from './release-unavailable.js';

/** Classes at some levels, which of them pass every criterion, and the rows those that fail leave out. */
export interface TransformationCheck {
  readonly classes: EquivalenceClasses;
  /** 1 for a class that satisfies every criterion of the block. */
  readonly passes: Uint8Array;
  /** Rows in failing classes: what the release suppresses. */
  readonly suppressed: number;
  /** floor(S·rows), as the search counts it. */
  readonly limit: number;
  readonly satisfied: boolean;
}

export interface Transformation extends TransformationCheck {
  readonly levels: readonly number[];
  /** The search's information loss of the levels under the block's metric. */
  readonly loss: number;
  readonly bound: readonly BoundHierarchy[];
  /** The quasi-identifiers the spec pins (fixed in the search). */
  readonly pinned: readonly string[];
  readonly problem: AnonymizationProblem;
  readonly range?: LevelRange;
}

/** Checks `levels` against every criterion of the block (k counted in units where the block says so). */
export function checkLevels(table: Table, quasi: readonly string[], bound: readonly BoundHierarchy[], levels: readonly number[], anonymity: AnonymityDescription): TransformationCheck {
  const classes = equivalenceClasses(table, quasi, { hierarchies: bound, levels });
  const passes = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of anonymity.criteria) {
    classStats(table, classes, criterion.sensitive).forEach((s, id) => {
      if (!criterion.isSatisfied(s)) passes[id] = 0;
    });
  }
  let suppressed = 0;
  for (let id = 0; id < classes.classCount; id++) if (!passes[id]) suppressed += classes.sizes[id];
  const limit = Math.floor(anonymity.suppression * table.rowCount);
  return { classes, passes, suppressed, limit, satisfied: suppressed <= limit };
}

/** The hierarchies bound to the table's columns, in quasi-identifier order. */
export function boundHierarchies(table: Table, quasi: readonly string[], hierarchies: ReadonlyMap<string, Hierarchy>): BoundHierarchy[] {
  return quasi.map((q) => bindHierarchy(hierarchies.get(q)!, column(table, q)).bound);
}

/** Refuses a generalize release whose anonymity block has no model, or a quasi-identifier without a hierarchy. */
export function requireGeneralizeInputs(quasi: readonly string[], hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined): asserts anonymity is AnonymityDescription {
  if (!anonymity || anonymity.criteria.length === 0) throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = quasi.filter((q) => !hierarchies.has(q));
  if (missing.length) throw new ReleaseUnavailable(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
}

/** Why no transformation satisfies the block when some quasi-identifiers (or none) are pinned. */
export function noTransformationMessage(pinned: readonly string[], anonymity: AnonymityDescription): string {
  const within = pinned.length > 0 ? ` with ${pinned.map((q) => `${q} pinned at ${anonymity.pins.get(q)}`).join(', ')}` : '';
  return `no generalization of the quasi-identifiers${within} satisfies the anonymity block within the suppression limit`;
}

/**
 * The release's transformation: refused (ReleaseUnavailable, with the reason) when the block has no model, a
 * quasi-identifier has no hierarchy, or no transformation within the pins satisfies the block.
 */
export function generalizeTransformation(table: Table, quasi: readonly string[], hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: { signal?: AbortSignal; onProgress?: (p: SearchProgress) => void } = {}): Transformation {
  requireGeneralizeInputs(quasi, hierarchies, anonymity);
  const found = searchAnonymity(table, quasi, hierarchies, anonymity, options)!;
  const bound = found.problem.qi.map((q) => q.hierarchy);
  const pinned = quasi.filter((q) => anonymity.pins.has(q));
  const optimum = found.result.optimum;
  if (!optimum) {
    if (pinned.length === quasi.length) {
      const at = checkLevels(table, quasi, bound, quasi.map((q) => anonymity.pins.get(q)!), anonymity);
      throw new ReleaseUnavailable(`the pinned levels leave ${at.suppressed} rows in classes that fail the model, more than the suppression limit of ${at.limit}`);
    }
    throw new ReleaseUnavailable(noTransformationMessage(pinned, anonymity));
  }
  const at = checkLevels(table, quasi, bound, optimum.levels, anonymity);
  // The search and this check count the same classes; a disagreement would be a bug, and nothing is written then.
  if (!at.satisfied) throw new Error(`the search's transformation ${optimum.levels.join(',')} leaves ${at.suppressed} rows in failing classes, above the limit ${at.limit}`);
  return { ...at, levels: optimum.levels, loss: optimum.loss, bound, pinned, problem: found.problem, range: found.range };
}
