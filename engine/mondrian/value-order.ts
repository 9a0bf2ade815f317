import type { AnonymizationProblem, QuasiIdentifier } from '../search/problem.js';

/** The order in which Mondrian cuts an attribute's values. */
export interface ValueOrder {
  readonly numeric: boolean;
  /** The column's distinct values in increasing order. */
  readonly values: readonly string[];
  /** Dictionary code → rank in `values`. */
  readonly rankOf: Int32Array;
  /**
   * For each value of `domain` (which may hold values the data lacks), a position on the rank scale: its rank when the
   * data holds it, otherwise halfway between the ranks around it; a range [lo, hi] of ranks covers the positions in it.
   */
  domainPosition(domain: readonly string[]): number[];
}

/** Numbers in numeric order; anything else in hierarchy order (top-level group first, down to the value itself). */
export function valueOrders(problem: AnonymizationProblem): ValueOrder[] {
  return problem.qi.map(orderOf);
}

function orderOf(q: QuasiIdentifier): ValueOrder {
  const h = q.hierarchy;
  const dictionary = h.levelValues[0];
  const numeric = dictionary.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
  const keyOf = (v: string, chain: readonly string[] | undefined): (string | number)[] =>
    numeric ? [Number(v)] : [...(chain ?? [v]).slice(1).reverse(), v];
  const dataKeys = dictionary.map((v, c) =>
    keyOf(
      v,
      h.levelValues.map((values, l) => values[h.levelCodes[l][c]]),
    ),
  );
  const codes = dictionary.map((_, c) => c).sort((a, b) => compare(dataKeys[a], dataKeys[b]) || a - b);
  const rankOf = new Int32Array(dictionary.length);
  codes.forEach((c, rank) => (rankOf[c] = rank));
  const sortedKeys = codes.map((c) => dataKeys[c]);
  return {
    numeric,
    values: codes.map((c) => dictionary[c]),
    rankOf,
    domainPosition(domain) {
      return domain.map((v) => {
        const key = keyOf(v, q.source?.generalize(v));
        let below = 0;
        while (below < sortedKeys.length && compare(sortedKeys[below], key) < 0) below++;
        return below < sortedKeys.length && compare(sortedKeys[below], key) === 0 ? below : below - 0.5;
      });
    },
  };
}

function compare(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) return 1;
  }
  return a.length - b.length;
}
