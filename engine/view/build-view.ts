/**
 * Building a DP view as a measurement: the input is the count data over the view's public domain, the output the
 * partition into blocks with noisy counts (view-types.ts). The privacy map is pure ε: each algorithm runs at a per-row
 * budget ε/N, where N bounds the rows one unit contributes, and by group privacy (Dwork, Roth 2014, Thm 2.2) inputs at
 * distance d rows lose at most d·ε/N. Proofs: hdpview.md, privtree.md, identity-view.ts.
 */
import { makeMeasurement, type Measurement } from '../core/measurement.js';
import { PrivacyError, type PrivacyCost } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import { fromNumberExact, mul, nextDown, toCostNumber } from '../core/rational.js';
import { budgetOf, sensitivityOf } from '../dp/mechanisms/sensitivity.js';
import { hdpviewBlocks } from './hdpview.js';
import { checkIdentityDomain, identityBlocks, type BuiltBlocks } from './identity-view.js';
import { privtreeBlocks } from './privtree.js';
import { sparseCells } from './sparse-cells.js';
import { validateDimensions } from './view-domain.js';
import type { BuildViewOptions, DpView, ViewCounts } from './view-types.js';

/** The view builder as a measurement over row-level neighbours (dIn = rows that differ). */
export function makeViewBuilder(
  options: BuildViewOptions,
  rng: RandomSource = cryptoRandom(),
): Measurement<ViewCounts, DpView> {
  const epsilon = options.epsilon;
  budgetOf(epsilon, 'ε');
  const rows = options.maxRowsPerUnit ?? 1;
  if (!Number.isInteger(rows) || rows < 1)
    throw new PrivacyError(`view: rows per unit must be a whole number ≥ 1, got ${rows}`);
  if (!['hdpview', 'privtree', 'identity'].includes(options.algorithm))
    throw new PrivacyError(`view: unknown algorithm ${options.algorithm}`);
  // The per-row budget: the largest double with rows · εRow ≤ ε exactly.
  let perRow = epsilon / rows;
  while (toExceeds(perRow, rows, epsilon)) perRow = nextDown(perRow);
  const map = (dIn: number): PrivacyCost => ({
    kind: 'pure',
    epsilon: toCostNumber(mul(sensitivityOf(dIn), fromNumberExact(perRow))),
  });
  const parameters = options.parameters ?? {};

  return makeMeasurement({
    name: options.algorithm,
    measure: 'pure',
    dIn: rows,
    parameters: { epsilonPerRow: perRow, maxRowsPerUnit: rows },
    map,
    invoke(input: ViewCounts): DpView {
      if (options.algorithm === 'identity') {
        validateDimensions(input.dimensions);
        checkIdentityDomain(input.dimensions);
      }
      const cells = sparseCells(input);
      let built: BuiltBlocks;
      switch (options.algorithm) {
        case 'identity':
          built = identityBlocks(input.dimensions, cells, perRow, rng);
          break;
        case 'hdpview':
          built = hdpviewBlocks(cells, perRow, parameters, rng);
          break;
        case 'privtree':
          built = privtreeBlocks(cells, perRow, parameters, rng);
          break;
      }
      return {
        version: 1,
        algorithm: options.algorithm,
        dimensions: input.dimensions,
        blocks: built.blocks,
        cost: map(rows),
        parameters: { ...built.parameters, maxRowsPerUnit: rows, epsilon },
      };
    },
  });
}

function toExceeds(perRow: number, rows: number, epsilon: number): boolean {
  const product = mul(fromNumberExact(perRow), fromNumberExact(rows));
  const eps = fromNumberExact(epsilon);
  return product.num * eps.den > eps.num * product.den;
}

/** Builds a view (the measurement invoked once); `rng` is cryptoRandom() in releases, seeded only in tests. */
export function buildView(input: ViewCounts, options: BuildViewOptions, rng: RandomSource = cryptoRandom()): DpView {
  return makeViewBuilder(options, rng).invoke(input);
}
