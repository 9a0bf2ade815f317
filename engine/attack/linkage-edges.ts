/**
 * The pairs an attacker must weigh, found by blocking: a released group is compared only with the candidate groups
 * whose values it can cover on every generalized attribute, looked up through inverted lists (candidate code → groups)
 * of its most selective attribute. Each pair gets its log-likelihood
 *
 *   log P(released tuple | candidate tuple) = Σ_a log P_a(released value | original value),
 *
 * where P_a is 1 for a covered generalized value and 0 otherwise (a generalization is deterministic) and the PRAM
 * transition probability for a randomized attribute (Gouweleeuw, Kooiman, Willenborg, de Wolf 1998). Pairs of
 * likelihood 0 are not edges.
 */
import { PrivacyError } from '../core/measures.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { labelIndex, type TransitionMatrix } from '../pram/transition-matrix.js';
import type { Column } from '../table/table.js';
import { compatibilityIndex, type Covered } from './compatibility.js';
import type { RecordGroups } from './record-groups.js';

export type AttributeModel =
  | { readonly kind: 'generalized'; readonly hierarchy?: Hierarchy }
  | { readonly kind: 'pram'; readonly matrix: TransitionMatrix };

export interface LinkageEdges {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly logLikelihood: Float64Array;
}

/** More pairs of distinct tuples than this would not fit in memory; the message says what to do instead. */
export const EDGE_LIMIT = 20_000_000;

/**
 * The most pairs of released and candidate tuples one attack compares (the blocking's candidate lists, summed over the
 * released tuples): about ten seconds of work. Mondrian ranges cover wide value ranges, so their lists are long:
 * 10,000 × 20,000 records took 16.8 s and 976 MB before this bound, 50,000 × 100,000 over 120 s.
 */
export const MAX_PAIR_CHECKS = 500_000_000;

/** An attack larger than its bound, refused before the work that would exceed it; the message gives the estimate. */
export class AttackTooLarge extends PrivacyError {
  constructor(
    readonly estimate: number,
    readonly bound: number,
  ) {
    super(
      `attack: about ${estimate.toLocaleString('en')} pairs of released and candidate tuples to compare, over the bound of ${bound.toLocaleString('en')} (the released values cover too many candidates each); generalize less coarsely, name more quasi-identifiers with a hierarchy, or attack a sample of the released file`,
    );
    this.name = 'AttackTooLarge';
  }
}

export function linkageEdges(
  released: { columns: readonly Column[]; groups: RecordGroups },
  candidates: { columns: readonly Column[]; groups: RecordGroups },
  models: readonly AttributeModel[],
  maxPairChecks = MAX_PAIR_CHECKS,
): LinkageEdges {
  const m = models.length;
  const candidateGroups = candidates.groups.codes.length;
  const indexes = models.map((model, a) =>
    model.kind === 'generalized' ? compatibilityIndex(candidates.columns[a].dictionary, model.hierarchy) : undefined,
  );
  const logTables = models.map((model, a) =>
    model.kind === 'pram'
      ? pramLogTable(model.matrix, candidates.columns[a].dictionary, released.columns[a].dictionary)
      : undefined,
  );
  // Candidate code → candidate groups holding it, per attribute, built on first use.
  const inverted = new Array<Int32Array[] | undefined>(m);
  const groupsWith = (a: number): Int32Array[] => {
    if (!inverted[a]) {
      const lists: number[][] = candidates.columns[a].dictionary.map(() => []);
      candidates.groups.codes.forEach((codes, g) => lists[codes[a]].push(g));
      inverted[a] = lists.map((l) => Int32Array.from(l));
    }
    return inverted[a];
  };
  const stamps = candidates.columns.map((c) => new Int32Array(c.dictionary.length).fill(-1));
  const from: number[] = [];
  const to: number[] = [];
  const weights: number[] = [];
  const releasedGroups = released.groups.codes.length;
  let checks = 0;
  released.groups.codes.forEach((codes, g) => {
    const covered: Covered[] = models.map(
      (_, a) => indexes[a]?.covered(released.columns[a].dictionary[codes[a]]) ?? 'all',
    );
    let driver = -1;
    for (let a = 0; a < m; a++) {
      const c = covered[a];
      if (c !== 'all') {
        for (const code of c) stamps[a][code] = g;
        if (driver < 0 || c.length < (covered[driver] as Int32Array).length) driver = a;
      }
    }
    const visit = (h: number) => {
      const hc = candidates.groups.codes[h];
      let w = 0;
      for (let a = 0; a < m && w > -Infinity; a++) {
        if (covered[a] !== 'all' && stamps[a][hc[a]] !== g) return;
        const t = logTables[a];
        if (t) w += t[hc[a]][codes[a]];
      }
      if (w === -Infinity) return;
      if (from.length >= EDGE_LIMIT) {
        throw new PrivacyError(
          `attack: more than ${EDGE_LIMIT.toLocaleString('en')} pairs of distinct released and candidate tuples are possible; generalize more attributes or attack a sample`,
        );
      }
      from.push(g);
      to.push(h);
      weights.push(w);
    };
    // The pairs this tuple will compare are known before comparing them: the work so far and this tuple's, projected
    // over every released tuple, is the estimate a refusal states, given before the bound is passed.
    let pending = 0;
    if (driver < 0) pending = candidateGroups;
    else for (const code of covered[driver] as Int32Array) pending += groupsWith(driver)[code].length;
    if (checks + pending > maxPairChecks)
      throw new AttackTooLarge(
        Math.max(checks + pending, Math.ceil(((checks + pending) * releasedGroups) / (g + 1))),
        maxPairChecks,
      );
    checks += pending;
    if (driver < 0) for (let h = 0; h < candidateGroups; h++) visit(h);
    else for (const code of covered[driver] as Int32Array) for (const h of groupsWith(driver)[code]) visit(h);
  });
  return { from: Int32Array.from(from), to: Int32Array.from(to), logLikelihood: Float64Array.from(weights) };
}

/** log P(candidate value → released value) for every pair of dictionary codes; −∞ for values outside the matrix. */
function pramLogTable(
  matrix: TransitionMatrix,
  candidateValues: readonly string[],
  releasedValues: readonly string[],
): Float64Array[] {
  const index = labelIndex(matrix);
  const rel = releasedValues.map((v) => index.get(v));
  return candidateValues.map((v) => {
    const u = index.get(v);
    return Float64Array.from(rel, (r) =>
      u === undefined || r === undefined ? -Infinity : Math.log(matrix.p[u * matrix.size + r]),
    );
  });
}
