/**
 * Reading a view file: the JSON report a view release writes (the view under its `view` key) or a bare `DpView`.
 * Everything is checked before a query or a synthesis reads it, because a hand-edited or truncated file would
 * otherwise give wrong answers silently: the version, the algorithm, each dimension's domain, and each block's bounds
 * (inside the domain, one interval per dimension) and count (a finite number). Dimensions obey the same bounds as the
 * builders' (validateDimensions: at most 2^31 − 1 values each, at most 2^53 cells), so that sampling and answering
 * never meet a width their integer arithmetic cannot hold. The blocks must be pairwise disjoint (partition-check.ts)
 * and their volumes must add up to the domain's size; together these make them a partition, so a file whose blocks
 * overlap or leave a gap is refused.
 */
import { PrivacyError } from '../core/measures.js';
import { disjointnessProblem } from './partition-check.js';
import { validateDimensions } from './view-domain.js';
import type { DpView, ViewBlock, ViewDimension } from './view-types.js';

/** A view file that cannot be used, with the cause; the caller adds the file's name. */
export class ViewFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ViewFileError';
  }
}

const ALGORITHMS = ['hdpview', 'privtree', 'identity'];
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function dimensionOf(x: unknown, i: number): ViewDimension {
  const where = `dimension ${i + 1}`;
  if (!isObject(x) || typeof x.name !== 'string' || x.name === '') throw new ViewFileError(`${where} has no name`);
  if (x.kind === 'range') {
    if (!Number.isSafeInteger(x.lo) || !Number.isSafeInteger(x.hi) || (x.lo as number) > (x.hi as number))
      throw new ViewFileError(`${where} ('${x.name}') needs integer bounds lo ≤ hi`);
    return { kind: 'range', name: x.name, lo: x.lo as number, hi: x.hi as number };
  }
  if (x.kind === 'categorical') {
    const values = x.values;
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string'))
      throw new ViewFileError(`${where} ('${x.name}') needs a non-empty list of text values`);
    if (new Set(values).size !== values.length) throw new ViewFileError(`${where} ('${x.name}') lists a value twice`);
    return { kind: 'categorical', name: x.name, values: values };
  }
  throw new ViewFileError(
    `${where} ('${x.name}') has kind ${JSON.stringify(x.kind)}; expected "range" or "categorical"`,
  );
}

function blockOf(x: unknown, i: number, sizes: readonly number[]): ViewBlock {
  const where = `block ${i + 1}`;
  if (!isObject(x) || !Array.isArray(x.lo) || !Array.isArray(x.hi))
    throw new ViewFileError(`${where} needs 'lo' and 'hi' index lists`);
  const { lo, hi, count } = x as { lo: unknown[]; hi: unknown[]; count: unknown };
  if (lo.length !== sizes.length || hi.length !== sizes.length)
    throw new ViewFileError(`${where} has ${lo.length} bounds; the view has ${sizes.length} dimensions`);
  for (let j = 0; j < sizes.length; j++) {
    const a = lo[j];
    const b = hi[j];
    if (
      !Number.isInteger(a) ||
      !Number.isInteger(b) ||
      (a as number) < 0 ||
      (a as number) > (b as number) ||
      (b as number) >= sizes[j]
    ) {
      throw new ViewFileError(
        `${where}: its interval ${String(a)}..${String(b)} on dimension ${j + 1} is not inside 0..${sizes[j] - 1}`,
      );
    }
  }
  if (typeof count !== 'number' || !Number.isFinite(count)) throw new ViewFileError(`${where} has no finite count`);
  return { lo: lo as number[], hi: hi as number[], count };
}

/** The view in a file's text; `ViewFileError` says what is wrong. */
export function parseViewFile(text: string): DpView {
  return readViewText(text).view;
}

/**
 * The view and, when the file comes from a seeded run, its NOT PRIVATE notice (the report's `notPrivate`), which every
 * answer and synthetic file made from it repeats on its first line.
 */
export function readViewText(text: string): { view: DpView; notPrivate?: string; spec?: string; dataset?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ViewFileError(`not JSON (${(e as Error).message})`);
  }
  const view = isObject(json) && isObject(json.view) ? json.view : json;
  if (!isObject(view) || !('blocks' in view))
    throw new ViewFileError("no view in it: expected a view release's report (with a 'view' key) or a view");
  if (view.version !== 1)
    throw new ViewFileError(
      `view version ${JSON.stringify(view.version)} is not supported; this privspec reads version 1`,
    );
  if (typeof view.algorithm !== 'string' || !ALGORITHMS.includes(view.algorithm))
    throw new ViewFileError(
      `unknown view algorithm ${JSON.stringify(view.algorithm)}; expected ${ALGORITHMS.join(', ')}`,
    );
  if (!Array.isArray(view.dimensions) || view.dimensions.length === 0)
    throw new ViewFileError('the view has no dimensions');
  const dimensions = view.dimensions.map(dimensionOf);
  if (new Set(dimensions.map((d) => d.name)).size !== dimensions.length)
    throw new ViewFileError('the view names a dimension twice');
  try {
    validateDimensions(dimensions);
  } catch (e) {
    if (e instanceof PrivacyError) throw new ViewFileError(e.message);
    throw e;
  }
  const sizes = dimensions.map((d) => (d.kind === 'range' ? d.hi - d.lo + 1 : d.values.length));
  if (!Array.isArray(view.blocks) || view.blocks.length === 0) throw new ViewFileError('the view has no blocks');
  const blocks = view.blocks.map((b, i) => blockOf(b, i, sizes));
  // A partition's volumes add up to the domain's size, compared exactly: in BigInt, since a domain of up to 2^53 cells
  // (and a sum of block volumes above it) is past where doubles count every integer, and a float tolerance would
  // accept a view missing a slice of millions of cells.
  const domain = sizes.reduce((a, s) => a * BigInt(s), 1n);
  let covered = 0n;
  for (const b of blocks) covered += b.lo.reduce((v, l, j) => v * BigInt(b.hi[j] - l + 1), 1n);
  if (covered !== domain)
    throw new ViewFileError(
      `the blocks cover ${covered} cells of a domain of ${domain}: they are not a partition of it`,
    );
  // Every answer is a sum of (parts of) block counts, and a synthesis draws blocks by their counts' running total:
  // counts whose magnitudes add up past the largest double would print Infinity or bias every draw to the last block.
  let magnitude = 0;
  for (const b of blocks) magnitude += Math.abs(b.count);
  if (!Number.isFinite(magnitude))
    throw new ViewFileError(
      'its block counts add up beyond the largest number double precision holds (about 1.8e308), so no answer from them would be finite',
    );
  const overlap = disjointnessProblem(blocks, sizes.length);
  if (overlap) throw new ViewFileError(`${overlap}: the blocks are not a partition of the domain`);
  const cost = view.cost;
  if (!isObject(cost) || typeof cost.kind !== 'string') throw new ViewFileError('the view states no privacy cost');
  const parameters = isObject(view.parameters) ? (view.parameters as DpView['parameters']) : {};
  const notPrivate = isObject(json) && typeof json.notPrivate === 'string' ? json.notPrivate : undefined;
  // The report's spec (relative to the report's folder) and dataset, when it names them: files an output must not
  // replace.
  const named = (key: string): Record<string, string> =>
    isObject(json) && typeof json[key] === 'string' && json[key] !== '' ? { [key]: json[key] } : {};
  return {
    view: {
      version: 1,
      algorithm: view.algorithm as DpView['algorithm'],
      dimensions,
      blocks,
      cost: cost as unknown as DpView['cost'],
      parameters,
    },
    ...(notPrivate ? { notPrivate } : {}),
    ...named('spec'),
    ...named('dataset'),
  };
}
