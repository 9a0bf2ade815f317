import type { Cells } from './cells.js';
import { RollUp } from './roll-up.js';
import { checkClasses } from './class-check.js';
import type { Lattice } from './lattice.js';
import type { AnonymizationProblem } from './problem.js';

/** Everything known about one checked lattice node: its classes, which of them pass, and whether the node is valid. */
export interface NodeEvaluation {
  readonly id: number;
  readonly levels: readonly number[];
  readonly cells: Cells;
  /** Class id → 1 when the class satisfies the model. */
  readonly classPass: Uint8Array;
  /** Rows in failing classes; they are suppressed when the node is valid. */
  readonly outliers: number;
  /** outliers ≤ floor(S·rows). */
  readonly valid: boolean;
}

/**
 * Checks lattice nodes, rolling each one up from the most compact more-specific node checked recently (ARX keeps a
 * similar "history" of snapshots); the rows themselves are grouped only once.
 */
export class NodeEvaluator {
  /** Nodes checked so far. */
  checks = 0;
  readonly rollUp: RollUp;
  private readonly cache: Cells[] = [];
  private readonly anchors = new Map<string, Cells>();
  /** Integers held by the anchors. */
  private anchored = 0;
  /** Integers held by the cached snapshots. */
  private cached = 0;

  constructor(
    readonly problem: AnonymizationProblem,
    readonly lattice: Lattice,
    private readonly cacheSize = 256,
  ) {
    this.rollUp = new RollUp(problem);
  }

  /**
   * The cells of node `id`, without applying the criteria. With a cache size of 0 every node is grouped from the rows.
   */
  cellsOf(id: number): Cells {
    const levels = this.lattice.levels(id);
    let source = this.rollUp.base;
    for (const s of this.cache) if (s.count < source.count && this.rollUp.canRoll(s.levels, levels)) source = s;
    for (const s of this.anchors.values())
      if (s.count < source.count && this.rollUp.canRoll(s.levels, levels)) source = s;
    if (source === this.rollUp.base && this.cacheSize > 0) {
      // No specialization at hand: roll the rows up to an anchor first (every attribute at most at level 1) and keep
      // it, so that later nodes above the same anchor start from it instead of from the rows. On Adult this saves about
      // a third of the cells rolled.
      const anchorLevels = levels.map((l) => Math.min(l, 1));
      if (
        anchorLevels.filter((l) => l > 0).length >= 2 &&
        !sameLevels(anchorLevels, levels) &&
        this.rollUp.canRoll(anchorLevels, levels)
      ) {
        const key = anchorLevels.join(',');
        let anchor = this.anchors.get(key);
        if (!anchor && this.anchored + weight(this.rollUp.base) <= ANCHOR_BUDGET) {
          anchor = this.rollUp.roll(this.rollUp.base, anchorLevels);
          this.anchors.set(key, anchor);
          this.anchored += weight(anchor);
        }
        if (anchor) source = anchor;
      }
    }
    const cells = sameLevels(source.levels, levels) ? source : this.rollUp.roll(source, levels);
    if (cells !== source && this.cacheSize > 0) {
      this.cache.push(cells);
      this.cached += weight(cells);
      // Evict the oldest snapshots beyond the count or the memory budget (large tables have large snapshots).
      while (this.cache.length > this.cacheSize || (this.cached > CACHE_BUDGET && this.cache.length > 1))
        this.cached -= weight(this.cache.shift()!);
    }
    return cells;
  }

  evaluate(id: number): NodeEvaluation {
    this.checks++;
    const cells = this.cellsOf(id);
    const { pass, outliers } = checkClasses(cells, this.problem.criteria);
    return { id, levels: cells.levels, cells, classPass: pass, outliers, valid: outliers <= this.problem.maxOutliers };
  }
}

/** About 256 MB of snapshots at most. */
const CACHE_BUDGET = 1 << 26;
/** About 64 MB of anchors at most. */
const ANCHOR_BUDGET = 1 << 24;

/** The integers a snapshot holds: codes per quasi-identifier plus count, class and sensitive code per cell. */
function weight(cells: Cells): number {
  return cells.count * (cells.levels.length + 6);
}

function sameLevels(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
