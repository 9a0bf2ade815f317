/**
 * A generalization hierarchy: for each original value, its generalizations at levels 1..height.
 * Level 0 is the value itself; the top level is usually `*` (fully suppressed).
 *
 * Hierarchies come from ARX hierarchy files or from builders (intervals, masking, dates, groupings).
 * Builders need not enumerate a domain: `generalize` may compute the answer from the value.
 */
export interface Hierarchy {
  /** Number of levels above the original values: levels run 0..height. */
  readonly height: number;
  /**
   * The value at every level 0..height (so `result[0] === value`), or `undefined` when the hierarchy does not cover
   * the value.
   */
  generalize(value: string): readonly string[] | undefined;
  /** Where it came from (a file path or a builder description), for messages. */
  readonly source?: string;
}
