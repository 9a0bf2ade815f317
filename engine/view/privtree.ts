/**
 * PrivTree (Zhang, Xiao, Xie, "PrivTree: A Differentially Private Algorithm for Hierarchical Decompositions",
 * SIGMOD 2016): a tree that splits every node in half along every dimension that still has two or more values
 * (fanout β = 2^D for D dimensions, as the paper does for D-dimensional data), stopping a node when its biased noisy
 * count falls to θ. Half of ε builds the tree (random-converge.ts with the paper's λ and δ = λ ln β), half perturbs the
 * leaf counts (disjoint, so in parallel). θ = 0 as in the paper's and HDPView's experiments. Proof: privtree.md.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { fromNumberExact, mul, sub, toNumberDown } from '../core/rational.js';
import { makeBlockNoise } from './block-noise.js';
import type { BuiltBlocks } from './identity-view.js';
import { convergeTest } from './random-converge.js';
import type { SparseCells } from './sparse-cells.js';

export const PRIVTREE_DEFAULTS = { theta: 0, treeShare: 0.5 } as const;
export const PRIVTREE_MAX_DIMENSIONS = 16;

interface Node {
  lo: number[];
  hi: number[];
  ids: Int32Array;
  sum: number;
  depth: number;
}

export function privtreeBlocks(cells: SparseCells, epsilon: number, given: Readonly<Record<string, number>>, rng: RandomSource): BuiltBlocks {
  for (const key of Object.keys(given)) {
    if (!(key in PRIVTREE_DEFAULTS)) throw new PrivacyError(`privtree: unknown parameter ${key} (known: ${Object.keys(PRIVTREE_DEFAULTS).join(', ')})`);
  }
  const p = { ...PRIVTREE_DEFAULTS, ...given };
  if (!(p.treeShare > 0 && p.treeShare < 1)) throw new PrivacyError(`privtree: treeShare must lie strictly between 0 and 1, got ${p.treeShare}`);
  const { sizes } = cells;
  // Each split makes up to 2^D children, each a block with its own noise: beyond 16 dimensions one split alone would
  // make more than 65,536 blocks.
  if (sizes.length > PRIVTREE_MAX_DIMENSIONS) {
    throw new PrivacyError(`privtree splits every dimension at once (fanout 2^D); ${sizes.length} dimensions is more than ${PRIVTREE_MAX_DIMENSIONS}: use hdpview`);
  }
  const fanout = 2 ** sizes.length;
  const epsTree = toNumberDown(mul(fromNumberExact(epsilon), fromNumberExact(p.treeShare)));
  const epsLeaf = toNumberDown(sub(fromNumberExact(epsilon), fromNumberExact(epsTree)));
  const test = convergeTest({ epsilon: epsTree, alpha: fanout, theta: p.theta, sensitivity: 1, floorOffset: 0, rng });

  const leaves: Node[] = [];
  const queue: Node[] = [{ lo: sizes.map(() => 0), hi: sizes.map((s) => s - 1), ids: Int32Array.from(cells.counts.keys()), sum: cells.total, depth: 0 }];
  while (queue.length > 0) {
    const v = queue.pop()!;
    const splittable = v.lo.some((l, j) => v.hi[j] > l);
    if (!splittable || test.stops(v.sum, v.depth)) leaves.push(v);
    else queue.push(...children(cells, v));
  }
  const noise = makeBlockNoise(epsLeaf, leaves.length, rng);
  const noisy = noise.measurement.invoke(leaves.map((v) => v.sum));
  return {
    blocks: leaves.map((v, k) => ({ lo: v.lo, hi: v.hi, count: noisy[k] })),
    parameters: {
      fanout,
      theta: p.theta,
      treeShare: p.treeShare,
      epsilonTree: epsTree,
      epsilonPerturbation: epsLeaf,
      convergeScale: test.scale,
      convergeBias: test.bias,
      perturbationScale: noise.scale,
      countNoiseVariance: noise.variance,
    },
  };
}

/** The sub-blocks of halving every splittable dimension at its midpoint ⌊(lo + hi)/2⌋. */
function children(cells: SparseCells, v: Node): Node[] {
  const dims: number[] = [];
  for (let j = 0; j < v.lo.length; j++) if (v.hi[j] > v.lo[j]) dims.push(j);
  const mids = dims.map((j) => Math.floor((v.lo[j] + v.hi[j]) / 2));
  const n = 1 << dims.length;
  const buckets: number[][] = Array.from({ length: n }, () => []);
  const sums = new Float64Array(n);
  for (const id of v.ids) {
    let code = 0;
    for (let k = 0; k < dims.length; k++) if (cells.coords[dims[k]][id] > mids[k]) code |= 1 << k;
    buckets[code].push(id);
    sums[code] += cells.counts[id];
  }
  const out: Node[] = [];
  for (let code = 0; code < n; code++) {
    const lo = [...v.lo];
    const hi = [...v.hi];
    dims.forEach((j, k) => {
      if (code & (1 << k)) lo[j] = mids[k] + 1;
      else hi[j] = mids[k];
    });
    out.push({ lo, hi, ids: Int32Array.from(buckets[code]), sum: sums[code], depth: v.depth + 1 });
  }
  return out;
}

