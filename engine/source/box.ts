/**
 * The rows a request reads: a `where` clause as plain data, which a release states (release-description.ts) and every
 * source evaluates (select-rows.ts in memory, sql/where-sql.ts in SQL).
 */

/** One restriction of a `where` clause on one column: an inclusive range or a set of values. */
export type Constraint =
  | { readonly kind: 'range'; readonly low: number | string; readonly high: number | string }
  | { readonly kind: 'set'; readonly values: readonly (number | string)[] };

/** The rows a release reads: per column, the restrictions that all hold. Undefined means every row. */
export type Box = ReadonlyMap<string, readonly Constraint[]>;
