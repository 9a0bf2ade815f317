/**
 * The maximum-weight clique of a small graph, exactly, by Bron–Kerbosch with pivoting (Bron, Kerbosch, CACM 1973;
 * Tomita, Tanaka, Takahashi, TCS 2006), pruned by the weight still reachable.
 *
 * Used for parallel composition of range queries: queries are vertices, an edge joins two whose regions overlap, and
 * the privacy loss of the set is at most the heaviest clique (Smith et al., "Making the Most of Parallel Composition in
 * Differential Privacy", PoPETs 2022; seed "DP query tutorial", 最大クリーク). The problem is NP-hard; spec files hold
 * tens of queries, for which this runs in microseconds.
 */
export function maxWeightClique(weights: readonly number[], adjacent: (i: number, j: number) => boolean): number[] {
  const n = weights.length;
  const neighbours = Array.from({ length: n }, (_, i) => {
    const set = new Set<number>();
    for (let j = 0; j < n; j++) if (j !== i && adjacent(i, j)) set.add(j);
    return set;
  });
  let best: number[] = [];
  let bestWeight = -1;
  const weightOf = (xs: Iterable<number>) => {
    let w = 0;
    for (const x of xs) w += weights[x];
    return w;
  };
  const expand = (clique: number[], weight: number, candidates: Set<number>, excluded: Set<number>) => {
    if (candidates.size === 0 && excluded.size === 0) {
      if (weight > bestWeight) [best, bestWeight] = [clique.slice(), weight];
      return;
    }
    // No clique through these candidates can beat the best one found: stop.
    if (weight + weightOf(candidates) <= bestWeight) return;
    let pivot = -1;
    let most = -1;
    for (const u of [...candidates, ...excluded]) {
      let c = 0;
      for (const v of candidates) if (neighbours[u].has(v)) c++;
      if (c > most) [pivot, most] = [u, c];
    }
    for (const v of [...candidates]) {
      if (pivot >= 0 && neighbours[pivot].has(v)) continue;
      clique.push(v);
      expand(clique, weight + weights[v], intersect(candidates, neighbours[v]), intersect(excluded, neighbours[v]));
      clique.pop();
      candidates.delete(v);
      excluded.add(v);
    }
  };
  expand([], 0, new Set(Array.from({ length: n }, (_, i) => i)), new Set());
  return best.sort((a, b) => a - b);
}

function intersect(a: ReadonlySet<number>, b: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  for (const x of a) if (b.has(x)) out.add(x);
  return out;
}
