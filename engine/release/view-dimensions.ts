/**
 * The domain of a view release: one dimension per listed column, fixed by the spec before any data is read. A numeric
 * column takes the integer range its `within lo..hi` states; a categorical column takes the values its hierarchy
 * lists, in the hierarchy's order. Never the data's values: the shape of the domain is published with the view, and a
 * domain read from the data would publish which values occur, which no noise covers (so `accept data-dependent-domain`
 * does not open this door for a view).
 *
 * The rows are then mapped to index tuples of that domain: a numeric cell must be a whole number inside its range, a
 * categorical one a listed value; a row with any other value is counted in no block (a local diagnostic, like a
 * grid's).
 */
import { column, type Table } from '../table/table.js';
import { IDENTITY_CELL_LIMIT } from '../view/identity-view.js';
import { valueIndex } from '../view/view-domain.js';
import type { ViewDimension } from '../view/view-types.js';
import type { PlanProblem } from './plan-problem.js';
import type { QueryDescription } from './release-description.js';

type ViewQuery = Extract<QueryDescription, { kind: 'view' }>;

/** The widest integer range one numeric dimension may span, and the most dimensions a view may have. */
export const MAX_RANGE_VALUES = 1_000_000;
export const MAX_VIEW_DIMENSIONS = 16;

/**
 * Problems of a view's dimensions found without data. `declared` holds the columns whose hierarchy lists its values
 * (the public domains); `identity` whether the mechanism materializes every cell, which only a small domain allows.
 */
export function viewDimensionProblems(
  q: ViewQuery,
  declared: ReadonlySet<string>,
  identity: boolean,
  domains?: ReadonlyMap<string, readonly string[]>,
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const seen = new Set<string>();
  if (q.dimensions.length > MAX_VIEW_DIMENSIONS)
    problems.push({
      code: 'parameter-out-of-range',
      message: `a view has at most ${MAX_VIEW_DIMENSIONS} dimensions, got ${q.dimensions.length}`,
      field: 'query',
    });
  for (const d of q.dimensions) {
    if (d.column === '') continue;
    if (seen.has(d.column))
      problems.push({
        code: 'parameter-out-of-range',
        message: `'${d.column}' is listed twice in the view`,
        field: 'query',
        column: d.column,
      });
    seen.add(d.column);
    if (d.low !== undefined || d.high !== undefined) {
      const { low, high } = d;
      if (!(Number.isInteger(low) && Number.isInteger(high)))
        problems.push({
          code: 'parameter-out-of-range',
          message: `the bounds of '${d.column}' must be integers (a view's numeric dimension is an integer range), got ${low}..${high}`,
          field: 'query',
          column: d.column,
        });
      else if (low! > high!)
        problems.push({
          code: 'parameter-out-of-range',
          message: `the range ${low}..${high} of '${d.column}' is empty`,
          field: 'query',
          column: d.column,
        });
      else if (high! - low! + 1 > MAX_RANGE_VALUES)
        problems.push({
          code: 'parameter-out-of-range',
          message: `the range ${low}..${high} of '${d.column}' has more than ${MAX_RANGE_VALUES} values; coarsen the column first`,
          field: 'query',
          column: d.column,
        });
    } else if (!declared.has(d.column)) {
      problems.push({
        code: 'missing-parameter',
        message: `the view dimension '${d.column}' has no public domain: give a numeric column its bounds with '${d.column} within LOW..HIGH', or list its values with a hierarchy (hierarchy ${d.column} from "….csv" or hierarchy ${d.column} { … }); a view never takes its domain from the data`,
        field: 'query',
        column: d.column,
      });
    }
  }
  if (identity && problems.length === 0 && q.dimensions.every((d) => d.low !== undefined || domains?.has(d.column))) {
    const cells = q.dimensions.reduce(
      (n, d) => n * (d.low !== undefined ? d.high! - d.low + 1 : domains!.get(d.column)!.length),
      1,
    );
    if (cells > IDENTITY_CELL_LIMIT)
      problems.push({
        code: 'parameter-out-of-range',
        message: `the identity view materializes every cell: ${cells} cells is more than ${IDENTITY_CELL_LIMIT}; use hdpview or privtree`,
        field: 'mechanism',
      });
  }
  return problems;
}

/**
 * The view's dimensions, or undefined while a categorical one's values are not known (the editor before reading files).
 */
export function viewDimensions(
  q: ViewQuery,
  domains: ReadonlyMap<string, readonly string[]> | undefined,
): ViewDimension[] | undefined {
  const out: ViewDimension[] = [];
  for (const d of q.dimensions) {
    if (d.low !== undefined && d.high !== undefined) out.push({ kind: 'range', name: d.column, lo: d.low, hi: d.high });
    else {
      const values = domains?.get(d.column);
      if (!values) return undefined;
      out.push({ kind: 'categorical', name: d.column, values });
    }
  }
  return out;
}

/**
 * The index of each row's value in each dimension (per dimension, one entry per row of `rows`), keeping only the rows
 * inside the domain on every dimension; `outside` counts the others. Values are read by the view engine's one rule
 * (`valueIndex`: a whole number inside a range, or a listed categorical value).
 */
export function viewPoints(
  table: Table,
  dims: readonly ViewDimension[],
  rows: Int32Array,
): { points: Int32Array[]; outside: number } {
  // One verdict per dictionary entry: the value's index in the dimension, or −1 outside it.
  const lookups = dims.map((d) => {
    const col = column(table, d.name);
    return { codes: col.codes, index: Int32Array.from(col.dictionary, (v) => valueIndex(d, v) ?? -1) };
  });
  const kept: number[] = [];
  for (const r of rows) if (lookups.every(({ codes, index }) => index[codes[r]] >= 0)) kept.push(r);
  const points = lookups.map(({ codes, index }) => Int32Array.from(kept, (r) => index[codes[r]]));
  return { points, outside: rows.length - kept.length };
}
