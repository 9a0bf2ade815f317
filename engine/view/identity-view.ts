/**
 * The identity baseline: every cell of the count tensor is a block with its own noisy count (the Laplace mechanism on
 * the full histogram, Dwork, McSherry, Nissim, Smith, TCC 2006). A row changes one cell by one, so the whole vector has
 * L1 sensitivity 1 and costs ε. It is data-independent and unbiased, but a range query sums the noise of every cell it
 * covers, so its error grows with the square root of the range's volume — the reason HDPView partitions instead.
 *
 * Only small domains: the view lists every cell, so it refuses above IDENTITY_CELL_LIMIT cells (2^20 = 1,048,576).
 * At that size the view file holds about a million blocks (tens of megabytes of JSON) and the exact sampler needs a
 * second or more to draw the noise; beyond it the file and the time grow past what a preview or an editor can handle.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { makeBlockNoise } from './block-noise.js';
import { domainCells } from './view-domain.js';
import type { SparseCells } from './sparse-cells.js';
import type { ViewBlock, ViewDimension } from './view-types.js';

export const IDENTITY_CELL_LIMIT = 2 ** 20;

export interface BuiltBlocks {
  readonly blocks: ViewBlock[];
  readonly parameters: Record<string, number | string | boolean>;
}

/** Refuses a domain above the cell limit; called before any count is read. */
export function checkIdentityDomain(dimensions: readonly ViewDimension[]): void {
  const total = domainCells(dimensions);
  if (total > IDENTITY_CELL_LIMIT) {
    throw new PrivacyError(
      `identity view: the domain has ${total} cells, more than the limit of ${IDENTITY_CELL_LIMIT}; use hdpview or privtree`,
    );
  }
}

/** The noisy full tensor at per-row budget ε. Cells are listed in row-major order (last dimension fastest). */
export function identityBlocks(
  dimensions: readonly ViewDimension[],
  cells: SparseCells,
  epsilon: number,
  rng: RandomSource,
): BuiltBlocks {
  checkIdentityDomain(dimensions);
  const total = domainCells(dimensions);
  const { sizes } = cells;
  const dense = new Array<number>(total).fill(0);
  for (let c = 0; c < cells.counts.length; c++) {
    let key = 0;
    for (let j = 0; j < sizes.length; j++) key = key * sizes[j] + cells.coords[j][c];
    dense[key] += cells.counts[c];
  }
  const noise = makeBlockNoise(epsilon, total, rng);
  const noisy = noise.measurement.invoke(dense);
  const blocks: ViewBlock[] = [];
  const at = new Array<number>(sizes.length).fill(0);
  for (let key = 0; key < total; key++) {
    blocks.push({ lo: [...at], hi: [...at], count: noisy[key] });
    for (let j = sizes.length - 1; j >= 0; j--) {
      if (++at[j] < sizes[j]) break;
      at[j] = 0;
    }
  }
  return {
    blocks,
    parameters: { epsilonPerturbation: epsilon, perturbationScale: noise.scale, countNoiseVariance: noise.variance },
  };
}
