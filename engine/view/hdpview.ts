/**
 * HDPView (Kato, Takahashi, Takagi, Cao, Liew, Yoshikawa, "HDPView: Differentially Private Materialized View for
 * Exploring High Dimensional Relational Data", PVLDB 15(9), 2022): recursive bisection of the count tensor. Each block
 * is cut in two — by the exponential mechanism on −(AE(left) + AE(right)) up to depth κ, uniformly at random below —
 * and each child then runs *random converge*, a PrivTree-style noisy threshold on its depth-biased aggregation error,
 * to decide whether it stops. Leaves get Laplace-noised counts. Two public bounds keep the build finite at any ε:
 * random converge's share is capped where its bias still stops empty blocks (the rest goes to the counts), and the
 * blocks are built breadth first up to `maxBlocks`. Proof and pseudocode: hdpview.md.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { add, div, fromNumberExact, mul, rational, sub, toNumberDown, type Rational } from '../core/rational.js';
import { sampleExponential } from '../dp/mechanisms/exponential.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import { aggregationError, cutErrors, cutOffsets } from './aggregation-error.js';
import { makeBlockNoise } from './block-noise.js';
import { convergeTest, type ConvergeTest } from './random-converge.js';
import type { BuiltBlocks } from './identity-view.js';
import { BlockQueue } from './block-queue.js';
import type { SparseCells } from './sparse-cells.js';
import { MAX_VIEW_BLOCKS } from './view-types.js';
import type { ViewBlock } from './view-types.js';

/** The hyper-parameters of the authors' experiments (github.com/FumiyukiKato/HDPView, make_p_view_by_hdpview.py). */
export const HDPVIEW_DEFAULTS = { ratio: 0.9, alpha: 1.6, beta: 1.2, gamma: 0.9, maxBlocks: MAX_VIEW_BLOCKS } as const;

/** Δ_u of the cut score: one row is in one side, whose AE moves by < 2; 2^-16 more absorbs floating-point error. */
export const CUT_SCORE_SENSITIVITY = 2 + 2 ** -16;

export interface HdpviewBudget {
  /** ε_r = ratio·ε for the partition, ε_p = ε − ε_r for the counts. */
  readonly epsilonPartition: number;
  readonly epsilonPerturbation: number;
  /**
   * γ·ε_r for random converge, at most convergeBudgetCap(α); (1 − γ)·ε_r/κ for the cut at each of the first κ levels.
   */
  readonly epsilonConverge: number;
  /** What random converge could not use beyond its cap, moved to ε_p (0 below ε ≈ 1.354 with the defaults). */
  readonly epsilonMovedToCounts: number;
  readonly epsilonCutPerLevel: number;
  /** κ = ⌈β·log₂ n′⌉ with n′ the number of cells of the domain. */
  readonly kappa: number;
  /** θ = 1/ε_p: converge once the biased AE is below the expected absolute noise of a count. */
  readonly theta: number;
}

/**
 * The most budget random converge can use and still stop empty blocks: ε_c ≤ ((2α−1)/(α−1) + 1)·ln α / 2, where its
 * bias per level δ = λ ln α reaches 2Δ. Beyond it the floor θ + Δ − δ of an empty block's score rises towards θ and
 * past it, and empty blocks keep splitting (derivation: hdpview.md, "Capping the converge budget").
 */
export function convergeBudgetCap(alpha: number): number {
  return (((2 * alpha - 1) / (alpha - 1) + 1) * Math.log(alpha)) / 2;
}

/**
 * The budget split of Kato et al. (Section 4, Algorithm 1), each share rounded down so that they add up to ≤ ε, except
 * that random converge's share is capped at convergeBudgetCap(α) and the rest goes to the counts: spending less on a
 * step costs nothing in privacy, and the counts then carry less noise.
 */
export function hdpviewBudget(
  epsilon: number,
  domainCells: number,
  p: Omit<typeof HDPVIEW_DEFAULTS, 'maxBlocks'>,
): HdpviewBudget {
  const eps = fromNumberExact(epsilon);
  const epsR = toNumberDown(mul(eps, fromNumberExact(p.ratio)));
  const kappa = Math.max(1, Math.ceil(p.beta * Math.log2(domainCells)));
  const r = fromNumberExact(epsR);
  const epsGamma = toNumberDown(mul(r, fromNumberExact(p.gamma)));
  const epsConverge = Math.min(epsGamma, convergeBudgetCap(p.alpha));
  const moved = sub(fromNumberExact(epsGamma), fromNumberExact(epsConverge));
  const epsP = toNumberDown(add(sub(eps, fromNumberExact(epsR)), moved));
  const epsCut = toNumberDown(div(sub(r, fromNumberExact(epsGamma)), rational(BigInt(kappa))));
  return {
    epsilonPartition: epsR,
    epsilonPerturbation: epsP,
    epsilonConverge: epsConverge,
    epsilonMovedToCounts: toNumberDown(moved),
    epsilonCutPerLevel: epsCut,
    kappa,
    theta: 1 / epsP,
  };
}

interface Pending {
  lo: number[];
  hi: number[];
  ids: Int32Array;
  sum: number;
  depth: number;
}

export function hdpviewBlocks(
  cells: SparseCells,
  epsilon: number,
  given: Readonly<Record<string, number>>,
  rng: RandomSource,
): BuiltBlocks {
  for (const key of Object.keys(given)) {
    if (!(key in HDPVIEW_DEFAULTS))
      throw new PrivacyError(`hdpview: unknown parameter ${key} (known: ${Object.keys(HDPVIEW_DEFAULTS).join(', ')})`);
  }
  const p = { ...HDPVIEW_DEFAULTS, ...given };
  if (!(p.ratio > 0 && p.ratio < 1))
    throw new PrivacyError(`hdpview: ratio must lie strictly between 0 and 1, got ${p.ratio}`);
  if (!(p.gamma > 0 && p.gamma < 1))
    throw new PrivacyError(`hdpview: gamma must lie strictly between 0 and 1, got ${p.gamma}`);
  if (!(p.alpha > 1)) throw new PrivacyError(`hdpview: alpha must be > 1, got ${p.alpha}`);
  if (!(p.beta > 0)) throw new PrivacyError(`hdpview: beta must be > 0, got ${p.beta}`);
  if (!(Number.isSafeInteger(p.maxBlocks) && p.maxBlocks >= 2))
    throw new PrivacyError(`hdpview: maxBlocks must be an integer ≥ 2, got ${p.maxBlocks}`);
  const { sizes } = cells;
  const size0 = sizes.reduce((a, b) => a * b, 1);
  const budget = hdpviewBudget(epsilon, size0, p);
  const converge: ConvergeTest = convergeTest({
    epsilon: budget.epsilonConverge,
    alpha: p.alpha,
    theta: budget.theta,
    sensitivity: 2,
    floorOffset: 2,
    rng,
  });

  // Breadth first, so that the block cap, when reached, stops the deepest level rather than one branch. Once the blocks
  // made so far (leaves and queued) leave no room for one more cut, every queued block stops as it is: a decision on
  // public numbers and earlier private outputs only, so it costs nothing (hdpview.md, "The block cap").
  const leaves: Pending[] = [];
  const ids0 = Int32Array.from(cells.counts.keys());
  const root: Pending = { lo: sizes.map(() => 0), hi: sizes.map((s) => s - 1), ids: ids0, sum: cells.total, depth: 0 };
  const queue = new BlockQueue<Pending>([root]);
  let capped = false;
  while (queue.size > 0) {
    const b = queue.shift();
    const size = blockSize(b);
    if (size === 1 || capped) {
      leaves.push(b);
      continue;
    }
    if (leaves.length + queue.size + 2 > p.maxBlocks) {
      capped = true;
      leaves.push(b);
      continue;
    }
    const [d, i] =
      b.depth < budget.kappa ? exponentialCut(cells, b, budget.epsilonCutPerLevel, rng) : randomCut(b, rng);
    for (const child of split(cells, b, d, i)) {
      const childSize = blockSize(child);
      // A single cell is exact as it is: it stops without a decision (the decision would not depend on the data).
      if (
        childSize === 1 ||
        converge.stops(aggregationError(cells, child.ids, 0, child.ids.length, child.sum, childSize), child.depth)
      ) {
        leaves.push(child);
      } else queue.push(child);
    }
  }

  const noise = makeBlockNoise(budget.epsilonPerturbation, leaves.length, rng);
  const noisy = noise.measurement.invoke(leaves.map((b) => b.sum));
  const blocks: ViewBlock[] = leaves.map((b, k) => ({ lo: b.lo, hi: b.hi, count: noisy[k] }));
  return {
    blocks,
    parameters: {
      ...p,
      epsilonPartition: budget.epsilonPartition,
      epsilonPerturbation: budget.epsilonPerturbation,
      epsilonConverge: budget.epsilonConverge,
      epsilonMovedToCounts: budget.epsilonMovedToCounts,
      blockCapReached: capped,
      epsilonCutPerLevel: budget.epsilonCutPerLevel,
      kappa: budget.kappa,
      theta: budget.theta,
      convergeScale: converge.scale,
      convergeBias: converge.bias,
      perturbationScale: noise.scale,
      countNoiseVariance: noise.variance,
    },
  };
}

function blockSize(b: Pick<Pending, 'lo' | 'hi'>): number {
  let n = 1;
  for (let j = 0; j < b.lo.length; j++) n *= b.hi[j] - b.lo[j] + 1;
  return n;
}

/**
 * Random cut: the exponential mechanism over every candidate cut (d, i) of a block (cutOffsets), score −(AE(left) +
 * AE(right)) with Δ_u = CUT_SCORE_SENSITIVITY, i.e. Pr[(d, i)] ∝ exp(ε·score/(2Δ_u)), sampled exactly (exponential.ts).
 */
export function exponentialCut(
  cells: SparseCells,
  b: Pick<Pending, 'lo' | 'hi' | 'ids'>,
  epsilon: number,
  rng: RandomSource,
): [number, number] {
  const gamma: Rational = div(fromNumberExact(epsilon), mul(rational(2n), fromNumberExact(CUT_SCORE_SENSITIVITY)));
  const size = blockSize(b);
  const candidates: [number, number][] = [];
  const scores: Rational[] = [];
  for (let d = 0; d < b.lo.length; d++) {
    if (b.hi[d] === b.lo[d]) continue;
    const offsets = cutOffsets(b.hi[d] - b.lo[d] + 1);
    const errors = cutErrors(cells, b.ids, b.lo, b.hi, d, size, offsets);
    for (let i = 0; i < errors.length; i++) {
      candidates.push([d, offsets[i]]);
      scores.push(fromNumberExact(-errors[i]));
    }
  }
  return candidates[sampleExponential(scores, gamma, rng)];
}

/** Below depth κ the cut ignores the data: a uniform dimension among those with two or more values, a uniform point. */
function randomCut(b: Pending, rng: RandomSource): [number, number] {
  const splittable: number[] = [];
  for (let d = 0; d < b.lo.length; d++) if (b.hi[d] > b.lo[d]) splittable.push(d);
  const d = splittable[uniformBelowSmall(splittable.length, rng)];
  return [d, uniformBelowSmall(b.hi[d] - b.lo[d], rng)];
}

/** The two children of cutting dimension d after offset i (left: lo..lo+i). */
function split(cells: SparseCells, b: Pending, d: number, i: number): Pending[] {
  const cut = b.lo[d] + i;
  const coord = cells.coords[d];
  const left: number[] = [];
  const right: number[] = [];
  let leftSum = 0;
  for (const id of b.ids) {
    if (coord[id] <= cut) {
      left.push(id);
      leftSum += cells.counts[id];
    } else right.push(id);
  }
  const make = (lo: number[], hi: number[], ids: number[], sum: number): Pending => ({
    lo,
    hi,
    ids: Int32Array.from(ids),
    sum,
    depth: b.depth + 1,
  });
  const leftHi = [...b.hi];
  leftHi[d] = cut;
  const rightLo = [...b.lo];
  rightLo[d] = cut + 1;
  return [make([...b.lo], leftHi, left, leftSum), make(rightLo, [...b.hi], right, b.sum - leftSum)];
}
