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
  /**
   * The original values the hierarchy lists, in the order it lists them, when it has a finite list (ARX files,
   * explicit groupings). Validation checks these as well as the column's values, so a broken file is reported even
   * for rows the data does not reach.
   */
  readonly values?: readonly string[];
  /** The 1-based line of the source file on which `value` is defined, when the hierarchy was read from a file. */
  lineOf?(value: string): number | undefined;
}
