import type { AnonymizationProblem } from '../search/problem.js';
import type { Metric } from '../search/metric.js';

/**
 * The histogram L1 distance of seed "generalization + PRAM" (§3.1, eqs. 9–10): the released counts of each generalized
 * cell g are spread evenly over the original cells it covers, h'(v) = h'(g) / Π_a |ĝ_a⁻¹(ĝ_a(v))|, and
 * L1 = Σ_v |h(v) − h'(v)| over the joint domain of the quasi-identifiers (each attribute's domain being the values
 * the original table holds, as the seed defines 𝒱).
 *
 * Suppressed rows are released as `*` in every quasi-identifier, so they are spread over the whole joint domain D.
 * The sum over D (possibly astronomically large) is computed in closed form: since Σ_v h'(v) = N,
 * L1 = N + Σ_{v: h(v) > 0} (|h(v) − h'(v)| − h'(v)), which only visits the distinct original tuples.
 */
export function makeL1Metric(problem: AnonymizationProblem): Metric {
  const qi = problem.qi;
  const n = problem.rowCount;
  // Distinct original tuples over the quasi-identifiers and their counts h(v), summed over the problem's records (which
  // may also differ in a sensitive column).
  const tupleOf = new Map<string, number>();
  const tuples: number[][] = [];
  const h: number[] = [];
  for (let r = 0; r < problem.recordCount; r++) {
    const codes = qi.map((q) => q.codes[r]);
    const key = codes.join(',');
    const t = tupleOf.get(key);
    if (t === undefined) {
      tupleOf.set(key, tuples.length);
      tuples.push(codes);
      h.push(problem.weights[r]);
    } else h[t] += problem.weights[r];
  }
  // pre[i][l][g]: how many original values of attribute i generalize to g at level l.
  const pre = qi.map((q) =>
    q.hierarchy.levelCodes.map((codes, l) => {
      const out = new Float64Array(q.hierarchy.levelValues[l].length);
      for (let c = 0; c < codes.length; c++) out[codes[c]]++;
      return out;
    }),
  );
  const domainSize = qi.reduce((p, q) => p * q.hierarchy.levelValues[0].length, 1);
  return {
    name: 'L1',
    monotonic: false,
    boundIsExact: false,
    bound: () => 0,
    value(e) {
      const { cells, classPass } = e;
      const kept = new Float64Array(cells.classCount);
      let suppressed = 0;
      for (let c = 0; c < cells.classCount; c++) {
        if (!e.valid || classPass[c] === 1) kept[c] = cells.classSizes[c];
        else suppressed += cells.classSizes[c];
      }
      // Generalized tuples → class, keyed in mixed radix over the generalized domains (exact below 2^53).
      const maps = qi.map((q, i) => q.hierarchy.levelCodes[e.levels[i]]);
      const radix = qi.map((q, i) => q.hierarchy.levelValues[e.levels[i]].length);
      const numeric = radix.reduce((p, r) => p * r, 1) < 2 ** 53;
      const key = (code: (i: number) => number): number | string => {
        if (!numeric) return qi.map((_, i) => code(i)).join(',');
        let k = 0;
        for (let i = 0; i < qi.length; i++) k = k * radix[i] + code(i);
        return k;
      };
      const classOf = new Map<number | string, number>();
      for (let j = 0; j < cells.count; j++)
        classOf.set(
          key((i) => cells.codes[i][j]),
          cells.classOf[j],
        );
      const spread = suppressed / domainSize;
      let sum = n;
      for (let t = 0; t < tuples.length; t++) {
        const tuple = tuples[t];
        let size = 1;
        for (let i = 0; i < qi.length; i++) size *= pre[i][e.levels[i]][maps[i][tuple[i]]];
        const released = kept[classOf.get(key((i) => maps[i][tuple[i]]))!] / size + spread;
        sum += Math.abs(h[t] - released) - released;
      }
      return sum;
    },
  };
}
