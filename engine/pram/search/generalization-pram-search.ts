/**
 * The combined search of Hasegawa & Miura §3: over full-domain generalization levels × PRAM on/off per attribute, find
 * the point with the lowest L1 loss (`pram-utility.ts`) that meets the target, by Bayesian optimization (GP, Matérn
 * 5/2, LCB; 5 random starts, 20 evaluations by default) or by enumerating every point.
 *
 * The target says how each attribute is protected: an attribute left as generalized must, jointly with the other such
 * attributes, be k-anonymous (rows in smaller classes suppressed up to the limit); a PRAM'd attribute is randomized
 * with the retention that gives it an equal share ε/m of the local-DP budget (m = PRAM'd attributes with more than one
 * value at their level). With k alone nothing is randomized (generalization alone); with ε alone every attribute with
 * more than one value must be randomized; with both, each attribute takes whichever protection costs less utility.
 *
 * With `pk` (the paper's Table 6 setting) the target is Pk-anonymity (`pk-anonymity.ts`, Ikarashi et al. 2015): a point
 * that randomizes nothing must be k-anonymous; one that randomizes gets the largest local ε that keeps every class of
 * the attributes left as they are Pk-anonymous, shared equally by its randomized attributes. `pramFlags: 'all'` is the
 * paper's search space — one PRAM on/off flag for the whole table (72 generalization levels × 2 = 144 points in its
 * experiment) — and `'per-attribute'` (the default) one flag per attribute.
 */
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import { Lattice } from '../../search/lattice.js';
import type { FrequencyTable } from '../../table/frequency-table.js';
import type { Table } from '../../table/table.js';
import { retentionForEpsilon } from '../local-epsilon.js';
import { bayesianOptimize } from './bayes-opt.js';
import { epsilonForPk, pkOfClass } from './pk-anonymity.js';
import { PramUtility } from './pram-utility.js';

export interface GeneralizationPramTarget {
  /** k-anonymity of the attributes not randomized. */
  readonly k?: number;
  /** Fraction of rows that may be suppressed to reach k. */
  readonly suppression?: number;
  /** Local-DP ε of the randomized attributes together. */
  readonly epsilon?: number;
  /** Pk-anonymity of the whole release (Ikarashi et al. 2015): k-anonymity when nothing is randomized. */
  readonly pk?: number;
}

export interface GeneralizationPramOptions {
  readonly qi: readonly string[];
  readonly hierarchies: readonly Hierarchy[];
  readonly target: GeneralizationPramTarget;
  /** Chebyshev parameter θ of eq. 11 (default 0.05: each cell within its interval with probability ≥ 95 %). */
  readonly theta?: number;
  readonly optimizer?: 'bayesian' | 'exhaustive';
  /** PRAM on/off per attribute (default), or one flag for all attributes as in Hasegawa & Miura's Algorithm 2. */
  readonly pramFlags?: 'per-attribute' | 'all';
  readonly initial?: number;
  readonly evaluations?: number;
  /** Also enumerate every point and report the optimizer's relative error against the true optimum. */
  readonly exhaustiveCheck?: boolean;
  /** Drives the random initial samples (not privacy noise); `cryptoRandom()` by default. */
  readonly rng?: RandomSource;
}

export interface GeneralizationPramPoint {
  readonly levels: readonly number[];
  readonly transformation: Readonly<Record<string, number>>;
  /** Per randomized attribute: its retention, over how many generalized values. */
  readonly pram: Readonly<
    Record<string, { readonly retain: number; readonly values: number; readonly epsilon: number }>
  >;
  readonly loss: number;
  readonly suppressed: number;
  /** With a `pk` target: the k of Pk-anonymity this point guarantees (≥ the target). */
  readonly pk?: number;
}

export interface GeneralizationPramResult {
  readonly optimizer: string;
  /** Feasible points (those meeting k-anonymity), out of `points` in the whole space. */
  readonly candidates: number;
  readonly points: number;
  readonly evaluations: number;
  readonly best: GeneralizationPramPoint | null;
  /** With `exhaustiveCheck`: the true optimum and (best − optimum)/optimum. */
  readonly exhaustive?: { readonly best: GeneralizationPramPoint | null; readonly relativeError: number | null };
}

interface Candidate {
  readonly levels: number[];
  readonly pram: boolean[];
}

export function searchGeneralizationPram(
  table: Table | FrequencyTable,
  options: GeneralizationPramOptions,
): GeneralizationPramResult {
  const { epsilon, pk } = options.target;
  const suppression = options.target.suppression ?? 0;
  if (pk !== undefined && options.target.k !== undefined)
    throw new PrivacyError(
      'give k (k-anonymity of the attributes not randomized) or pk (Pk-anonymity of the release), not both',
    );
  if (pk !== undefined && !(Number.isSafeInteger(pk) && pk >= 1))
    throw new PrivacyError(`pk must be an integer ≥ 1, got ${pk}`);
  // Under Pk-anonymity the classes of the attributes left as they are must hold at least pk records, as under k.
  const k = pk ?? options.target.k;
  if (k === undefined && epsilon === undefined)
    throw new PrivacyError('the generalization × PRAM search needs a target: k, pk, ε or both');
  if (k !== undefined && !(Number.isSafeInteger(k) && k >= 1))
    throw new PrivacyError(`k must be an integer ≥ 1, got ${k}`);
  if (epsilon !== undefined && !(epsilon > 0 && Number.isFinite(epsilon)))
    throw new PrivacyError(`ε must be a finite number > 0, got ${epsilon}`);
  if (!(suppression >= 0 && suppression <= 1))
    throw new PrivacyError(`the suppression limit must be a fraction in [0, 1], got ${suppression}`);
  const utility = new PramUtility(table, options.qi, options.hierarchies, options.theta);
  const q = utility.problem.qi;
  const lattice = new Lattice(q.map((a) => a.hierarchy.height));
  const candidates: Candidate[] = [];
  let points = 0;
  for (let id = 0; id < lattice.size; id++) {
    const levels = lattice.levels(id);
    const multi = levels.map((l, i) => utility.valuesAt(i, l).length > 1);
    const free = q
      .map((_, i) => i)
      .filter((i) => multi[i] && (pk !== undefined || (epsilon !== undefined && k !== undefined)));
    // One flag for all free attributes, or one each.
    const flags = options.pramFlags === 'all' ? Math.min(1, free.length) : free.length;
    for (let mask = 0; mask < 1 << flags; mask++) {
      // With ε alone every attribute that still distinguishes records is randomized; with k alone none is.
      points++;
      const pram = multi.map((m) => m && epsilon !== undefined && k === undefined);
      free.forEach((i, b) => (pram[i] = (mask >> (options.pramFlags === 'all' ? 0 : b)) & 1 ? true : false));
      // k-anonymity is cheap to check and need not cost an evaluation of the loss: infeasible points are left out.
      if (utility.feasible(levels, pram, k ?? 1, suppression)) candidates.push({ levels, pram });
    }
  }
  /** The smallest class kept (≥ pk records) over the attributes not randomized. */
  const smallestKept = (levels: readonly number[], pram: readonly boolean[], kk: number) => {
    let smallest = Infinity;
    for (const size of utility.classes(levels, pram, kk).classSize) if (size >= kk && size < smallest) smallest = size;
    return smallest;
  };
  /** Total local ε of the randomized attributes under a Pk target (and under ε too when both are given). */
  const pkEpsilon = (levels: readonly number[], pram: readonly boolean[], kk: number) => {
    const fromPk = epsilonForPk(smallestKept(levels, pram, kk), kk) ?? 0;
    return epsilon === undefined ? fromPk : Math.min(fromPk, epsilon);
  };
  const guaranteedPk = (levels: readonly number[], pram: readonly boolean[], kk: number, total: number) => {
    const smallest = smallestKept(levels, pram, kk);
    return smallest === Infinity ? Infinity : pkOfClass(smallest, total);
  };
  const cache = new Map<number, GeneralizationPramPoint | null>();
  const point = (index: number): GeneralizationPramPoint | null => {
    if (cache.has(index)) return cache.get(index)!;
    const { levels, pram } = candidates[index];
    const m = pram.filter((p) => p).length;
    const total = pk === undefined ? epsilon! : pkEpsilon(levels, pram, pk);
    const retain = pram.map((p, i) => (p ? retentionForEpsilon(utility.valuesAt(i, levels[i]), total / m) : null));
    const e = utility.evaluate(levels, retain, k ?? 1, suppression);
    const result =
      e.loss === null
        ? null
        : {
            levels,
            transformation: Object.fromEntries(q.map((a, i) => [a.name, levels[i]])),
            pram: Object.fromEntries(
              q.flatMap((a, i) =>
                retain[i] === null
                  ? []
                  : [
                      [
                        a.name,
                        { retain: retain[i], values: utility.valuesAt(i, levels[i]).length, epsilon: total / m },
                      ],
                    ],
              ),
            ),
            loss: e.loss,
            suppressed: e.suppressed,
            ...(pk !== undefined ? { pk: guaranteedPk(levels, pram, pk, m === 0 ? 0 : total) } : {}),
          };
    cache.set(index, result);
    return result;
  };
  const exhaustive = () => {
    let best: GeneralizationPramPoint | null = null;
    for (let i = 0; i < candidates.length; i++) {
      const p = point(i);
      if (p && (!best || p.loss < best.loss)) best = p;
    }
    return best;
  };
  if (options.optimizer === 'exhaustive') {
    const best = exhaustive();
    return { optimizer: 'exhaustive', candidates: candidates.length, points, evaluations: candidates.length, best };
  }
  const features = candidates.map((c) =>
    Float64Array.from([
      ...c.levels.map((l, i) => (q[i].hierarchy.height === 0 ? 0 : l / q[i].hierarchy.height)),
      ...c.pram.map((p) => (p ? 1 : 0)),
    ]),
  );
  if (candidates.length === 0)
    return {
      optimizer: 'none (no point meets the target)',
      candidates: 0,
      points,
      evaluations: 0,
      best: null,
      ...(options.exhaustiveCheck ? { exhaustive: { best: null, relativeError: null } } : {}),
    };
  const bo = bayesianOptimize(features, (i) => point(i)?.loss ?? null, {
    rng: options.rng ?? cryptoRandom(),
    initial: options.initial ?? 5,
    evaluations: options.evaluations ?? 20,
  });
  const best = bo.best < 0 ? null : point(bo.best);
  const result: GeneralizationPramResult = {
    optimizer: 'bayesian optimization (Gaussian process, Matérn 5/2 kernel, lower confidence bound)',
    candidates: candidates.length,
    points,
    evaluations: bo.history.length,
    best,
  };
  if (!options.exhaustiveCheck) return result;
  const optimum = exhaustive();
  // Relative to the optimum; 0 when the optimizer found it (also when the optimum's loss is 0).
  const relativeError =
    optimum && best ? (best.loss === optimum.loss ? 0 : (best.loss - optimum.loss) / optimum.loss) : null;
  return { ...result, exhaustive: { best: optimum, relativeError } };
}
