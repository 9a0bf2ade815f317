/**
 * PrivTree (Zhang, Xiao, Xie, "PrivTree: A Differentially Private Algorithm for Hierarchical Decompositions",
 * SIGMOD 2016): a tree that splits each node in half along up to k = min(D, 8) of its dimensions that still have two or
 * more values, taken in round robin (as Kato et al.'s reference implementation does with `cut_max`), so the fanout is
 * at most β = 2^k; a node stops when its biased noisy count falls to θ. Half of ε builds the tree (random-converge.ts
 * with the paper's λ and δ = λ ln β), half perturbs the leaf counts (disjoint, so in parallel). θ = 0 as in the paper's
 * and HDPView's experiments. The tree is built breadth first under a public cap on the number of blocks. Proof:
 * privtree.md.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { fromNumberExact, mul, sub, toNumberDown } from '../core/rational.js';
import { makeBlockNoise } from './block-noise.js';
import type { BuiltBlocks } from './identity-view.js';
import { convergeTest } from './random-converge.js';
import type { SparseCells } from './sparse-cells.js';
import { BlockQueue } from './block-queue.js';
import { MAX_VIEW_BLOCKS } from './view-types.js';

export const PRIVTREE_DEFAULTS = { theta: 0, treeShare: 0.5, maxBlocks: MAX_VIEW_BLOCKS } as const;
export const PRIVTREE_MAX_DIMENSIONS = 16;
/** The most dimensions one node is split along: a fanout of at most 2^8 = 256 children. */
export const PRIVTREE_MAX_CUT_DIMENSIONS = 8;

interface Node {
  lo: number[];
  hi: number[];
  ids: Int32Array;
  sum: number;
  depth: number;
  /** The dimension the round robin starts from at this node. */
  next: number;
}

export function privtreeBlocks(
  cells: SparseCells,
  epsilon: number,
  given: Readonly<Record<string, number>>,
  rng: RandomSource,
): BuiltBlocks {
  for (const key of Object.keys(given)) {
    if (!(key in PRIVTREE_DEFAULTS))
      throw new PrivacyError(
        `privtree: unknown parameter ${key} (known: ${Object.keys(PRIVTREE_DEFAULTS).join(', ')})`,
      );
  }
  const p = { ...PRIVTREE_DEFAULTS, ...given };
  if (!(p.treeShare > 0 && p.treeShare < 1))
    throw new PrivacyError(`privtree: treeShare must lie strictly between 0 and 1, got ${p.treeShare}`);
  if (!(Number.isSafeInteger(p.maxBlocks) && p.maxBlocks >= 2))
    throw new PrivacyError(`privtree: maxBlocks must be an integer ≥ 2, got ${p.maxBlocks}`);
  const { sizes } = cells;
  // A halving of k dimensions at a time needs about D/k levels per halving of every dimension, and PrivTree's decay
  // base β = 2^k makes deep trees stop early: beyond 16 dimensions it describes little; HDPView is the method for them.
  if (sizes.length > PRIVTREE_MAX_DIMENSIONS) {
    throw new PrivacyError(
      `privtree takes at most ${PRIVTREE_MAX_DIMENSIONS} dimensions; ${sizes.length} dimensions is more than ${PRIVTREE_MAX_DIMENSIONS}: use hdpview`,
    );
  }
  const cutDimensions = Math.min(sizes.length, PRIVTREE_MAX_CUT_DIMENSIONS);
  const fanout = 2 ** cutDimensions;
  const epsTree = toNumberDown(mul(fromNumberExact(epsilon), fromNumberExact(p.treeShare)));
  const epsLeaf = toNumberDown(sub(fromNumberExact(epsilon), fromNumberExact(epsTree)));
  const test = convergeTest({ epsilon: epsTree, alpha: fanout, theta: p.theta, sensitivity: 1, floorOffset: 0, rng });

  // Breadth first under the block cap: once the blocks made so far (leaves and queued) leave no room for this node's
  // children, it and every queued node stop as they are, without a decision — post-processing of earlier private
  // outputs, at no cost (privtree.md, "The block cap").
  const leaves: Node[] = [];
  const queue = new BlockQueue<Node>([
    {
      lo: sizes.map(() => 0),
      hi: sizes.map((s) => s - 1),
      ids: Int32Array.from(cells.counts.keys()),
      sum: cells.total,
      depth: 0,
      next: 0,
    },
  ]);
  let capped = false;
  while (queue.size > 0) {
    const v = queue.shift();
    const dims = cutDims(v, cutDimensions);
    if (!capped && dims.length > 0 && leaves.length + queue.size + 2 ** dims.length > p.maxBlocks) capped = true;
    if (capped || dims.length === 0 || test.stops(v.sum, v.depth)) leaves.push(v);
    else queue.push(...children(cells, v, dims));
  }
  const noise = makeBlockNoise(epsLeaf, leaves.length, rng);
  const noisy = noise.measurement.invoke(leaves.map((v) => v.sum));
  return {
    blocks: leaves.map((v, k) => ({ lo: v.lo, hi: v.hi, count: noisy[k] })),
    parameters: {
      fanout,
      cutDimensions,
      maxBlocks: p.maxBlocks,
      blockCapReached: capped,
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

/**
 * The dimensions a node is split along: up to k of those with two or more values, in round robin from the node's
 * starting dimension. The choice depends on the node's bounds only, never on the data.
 */
function cutDims(v: Node, k: number): number[] {
  const D = v.lo.length;
  const dims: number[] = [];
  for (let t = 0; t < D && dims.length < k; t++) {
    const j = (v.next + t) % D;
    if (v.hi[j] > v.lo[j]) dims.push(j);
  }
  return dims;
}

/**
 * The sub-blocks of halving each of `dims` at its midpoint ⌊(lo + hi)/2⌋; the children's round robin resumes after the
 * last.
 */
function children(cells: SparseCells, v: Node, dims: number[]): Node[] {
  const next = (dims[dims.length - 1] + 1) % v.lo.length;
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
    out.push({ lo, hi, ids: Int32Array.from(buckets[code]), sum: sums[code], depth: v.depth + 1, next });
  }
  return out;
}
