/**
 * The one decision of a full-domain generalization (Samarati 2001) under an anonymity block, taken on a frequency
 * table: the levels (the spec's pins fixed, as ARX's minimum = maximum level per attribute, and the optimal search
 * over the rest), the information loss, the suppressed and kept rows, and the search's evaluation of the chosen node.
 * The `generalize` release (in memory and streamed), `pram` with an anonymity block, the preview, the risk report's
 * "after", the checker's hint, its quick fixes and `privspec anonymize` all decide here, so they cannot disagree on a
 * level, a suppressed row or the reason for a refusal.
 *
 * When nothing satisfies the block the decision is returned as refused, with its reason, not thrown: the preview still
 * draws the lattice with the decision's evaluator. `requireDecided` turns a refusal into ReleaseUnavailable for the
 * callers that write.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { Metric } from '../search/metric.js';
import { Lattice } from '../search/lattice.js';
import { NodeEvaluator, type NodeEvaluation } from '../search/node-evaluator.js';
import { searchOptimal } from '../search/optimal-search.js';
import { problemColumns, problemOf, type AnonymizationProblem, type ProblemSpec } from '../search/problem.js';
import type { LevelRange, SearchProgress } from '../search/search-types.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { canonicalFrequencyTable } from '../table/canonical-frequency-table.js';
import { metricFor, pinnedRange } from './anonymity-search.js';
import type { AnonymityDescription } from './release-description.js';
import { ReleaseUnavailable } from './release-unavailable.js';

/**
 * The parts of a spec the decision reads: the quasi-identifiers in order, their hierarchies and the anonymity block.
 */
export interface GeneralizationSpec {
  readonly quasi: readonly string[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  /** Its criteria, suppression limit, metric and pins. */
  readonly anonymity: AnonymityDescription | undefined;
}

export interface DecideOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

interface DecisionBase {
  /** The frequency table the decision was taken on (its dictionaries are what the row transform reads). */
  readonly frequencies: FrequencyTable;
  readonly problem: AnonymizationProblem;
  readonly metric: Metric;
  readonly lattice: Lattice;
  /** An evaluator of any node of the lattice, created on first use (the preview checks the nodes it draws with it). */
  readonly evaluator: NodeEvaluator;
  /** The levels the search could choose from; undefined without pins. */
  readonly range?: LevelRange;
  /** The quasi-identifiers the block pins, in the dataset's order. */
  readonly pinned: readonly string[];
  /** Lattice nodes the search checked, and nodes in the lattice (`privspec anonymize` reports both). */
  readonly checked: number;
  readonly nodes: number;
  /** Per node id, 1 when the search checked the node (its classes computed), 0 when inferred or pruned. */
  readonly checkedNodes: Uint8Array;
}

/** A transformation that satisfies the block. */
export interface Decided extends DecisionBase {
  readonly unavailable?: undefined;
  /** One level per quasi-identifier, in the dataset's order. */
  readonly levels: readonly number[];
  /** The search's information loss of the levels under the block's metric. */
  readonly loss: number;
  /** Rows in classes that fail the model: what the release leaves out. */
  readonly suppressed: number;
  /** Rows the release writes. */
  readonly kept: number;
  /** The search's evaluation of the chosen node: its classes and which of them pass. */
  readonly evaluation: NodeEvaluation;
  /** The hierarchies bound to the frequency table's dictionaries, in the dataset's order. */
  readonly bound: readonly BoundHierarchy[];
}

/** No transformation within the pins satisfies the block (or a pin is above its hierarchy's top). */
export interface Refused extends DecisionBase {
  /** Why, in the words every caller shows. */
  readonly unavailable: string;
}

export type GeneralizationDecision = Decided | Refused;

/** Refuses a generalization whose anonymity block has no model, or a quasi-identifier without a hierarchy. */
export function requireGeneralizeInputs(
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription | undefined,
): asserts anonymity is AnonymityDescription {
  if (!anonymity || anonymity.criteria.length === 0)
    throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = quasi.filter((q) => !hierarchies.has(q));
  if (missing.length)
    throw new ReleaseUnavailable(
      `generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`,
    );
}

/**
 * The search problem the block poses: the quasi-identifiers with their hierarchies, the criteria and the suppression
 * limit.
 */
export function generalizationProblemSpec(spec: GeneralizationSpec): ProblemSpec {
  const { quasi, hierarchies, anonymity } = spec;
  requireGeneralizeInputs(quasi, hierarchies, anonymity);
  return {
    qi: quasi,
    hierarchies: quasi.map((q) => hierarchies.get(q)!),
    criteria: anonymity.criteria,
    columnHierarchies: hierarchies,
    suppression: anonymity.suppression,
  };
}

/** The columns the decision's frequency table groups by: the quasi-identifiers, then a sensitive column or the unit. */
export function generalizationColumns(spec: GeneralizationSpec): string[] {
  return problemColumns(generalizationProblemSpec(spec));
}

/**
 * Decides on `frequencies` (grouped over `generalizationColumns`, or more). Throws ReleaseUnavailable when the block
 * has no model or a quasi-identifier has no hierarchy (there is no lattice then), a TableError when a hierarchy does
 * not cover the data, and the signal's reason when aborted; every other outcome is a decision, taken or refused.
 */
export function decideGeneralization(
  table: FrequencyTable,
  spec: GeneralizationSpec,
  options: DecideOptions = {},
): GeneralizationDecision {
  // In the canonical order, so that the decision and its figures (the loss, the classes' order, the floating sums) are
  // the same for the file read in memory, through DuckDB on any number of threads, or from a database.
  const frequencies = canonicalFrequencyTable(table);
  const problem = problemOf(frequencies, generalizationProblemSpec(spec));
  const anonymity = spec.anonymity!;
  const quasi = spec.quasi;
  const heights = problem.qi.map((q) => q.hierarchy.height);
  const metric = metricFor(anonymity.metric, problem);
  const lattice = new Lattice(heights);
  // Its first use creates it: the release never needs one beside the search's own, and it holds every record's codes.
  let evaluator: NodeEvaluator | undefined;
  const evaluatorOf = () => (evaluator ??= new NodeEvaluator(problem, lattice));
  const pinned = quasi.filter((q) => anonymity.pins.has(q));
  const decision = <T extends object>(rest: T) =>
    Object.defineProperty(
      { frequencies, problem, metric, lattice, pinned, nodes: lattice.size, ...rest },
      'evaluator',
      { get: evaluatorOf, enumerable: true },
    ) as T & DecisionBase;
  let range: LevelRange | undefined;
  try {
    range = pinnedRange(quasi, heights, anonymity.pins);
  } catch (e) {
    if (e instanceof ReleaseUnavailable)
      return decision({ checked: 0, checkedNodes: new Uint8Array(lattice.size), unavailable: e.message });
    throw e;
  }
  const result = searchOptimal(problem, metric, { signal: options.signal, onProgress: options.onProgress, range });
  const optimum = result.optimum;
  const searched = { checked: result.checked, checkedNodes: result.checkedNodes, ...(range ? { range } : {}) };
  if (!optimum)
    return decision({
      ...searched,
      unavailable: refusal(pinned, quasi, anonymity, problem, () =>
        evaluatorOf().evaluate(lattice.id(quasi.map((q) => anonymity.pins.get(q)!))),
      ),
    });
  const suppressed = optimum.evaluation.outliers;
  return decision({
    ...searched,
    levels: optimum.levels,
    loss: optimum.loss,
    suppressed,
    kept: problem.rowCount - suppressed,
    evaluation: optimum.evaluation,
    bound: problem.qi.map((q) => q.hierarchy),
  });
}

/** The decision when it is taken; its reason as ReleaseUnavailable when it is refused. */
export function requireDecided(decision: GeneralizationDecision): Decided {
  if (decision.unavailable !== undefined) throw new ReleaseUnavailable(decision.unavailable);
  return decision;
}

/** Why no transformation satisfies the block when some quasi-identifiers (or none) are pinned. */
export function noTransformationMessage(pinned: readonly string[], anonymity: AnonymityDescription): string {
  const within =
    pinned.length > 0 ? ` with ${pinned.map((q) => `${q} pinned at ${anonymity.pins.get(q)}`).join(', ')}` : '';
  return `no generalization of the quasi-identifiers${within} satisfies the anonymity block within the suppression limit`;
}

/**
 * The refusal's reason. All pinned, there was one node to try, and the reason says how far it is from the limit
 * (its suppressed rows, as the search's own evaluator counts them); otherwise which pins left nothing.
 */
function refusal(
  pinned: readonly string[],
  quasi: readonly string[],
  anonymity: AnonymityDescription,
  problem: AnonymizationProblem,
  atPins: () => NodeEvaluation,
): string {
  if (pinned.length < quasi.length) return noTransformationMessage(pinned, anonymity);
  return `the pinned levels leave ${atPins().outliers} rows in classes that fail the model, more than the suppression limit of ${problem.maxOutliers}`;
}
