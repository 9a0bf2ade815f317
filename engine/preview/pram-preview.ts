import { computePram, type PramInput } from '../release/kinds/pram-release.js';
import { column } from '../table/table.js';
import type { PramBody } from './preview-types.js';

/** √20: by Chebyshev's inequality at least 1 − 1/20 = 95 % of draws fall within √20 standard deviations. */
const CHEBYSHEV_95 = Math.sqrt(20);

/**
 * A PRAM release: per attribute its transition matrix P and local ε (Kooiman, Willenborg & Gouweleeuw 1997), the counts
 * before, their expectation after, E[n′_v] = Σ_u n_u·P(u→v), with the Chebyshev band √20·σ where
 * Var[n′_v] = Σ_u n_u·P(u→v)(1 − P(u→v)) (each record moves independently), and one example draw — the release itself,
 * computed by the same `computePram` as ▶ Run (the same rows: the anonymity block's suppressed rows are left out of
 * both), never written. The identification risk η comes from that draw.
 */
export function pramPreview(input: PramInput): PramBody {
  const result = computePram(input);
  const attributes = result.parameters.attributes as { name: string; labels: string[]; matrix: number[][]; epsilon: number }[];
  const risk = result.identificationRisk as { maxRisk?: number; reason?: string };
  return {
    kind: 'pram',
    attributes: attributes.map((a) => {
      const col = column(input.table, a.name);
      const index = new Map(a.labels.map((l, i) => [l, i]));
      // Counted over the rows the release writes (the anonymity block's suppressed rows are not in the file).
      const before = new Array<number>(a.labels.length).fill(0);
      for (const r of result.written) {
        const u = index.get(col.dictionary[col.codes[r]]);
        if (u !== undefined) before[u]++;
      }
      const expected = a.labels.map((_, v) => before.reduce((s, n, u) => s + n * a.matrix[u][v], 0));
      const band = a.labels.map((_, v) => CHEBYSHEV_95 * Math.sqrt(before.reduce((s, n, u) => s + n * a.matrix[u][v] * (1 - a.matrix[u][v]), 0)));
      const at = result.header.indexOf(a.name);
      const draw = new Array<number>(a.labels.length).fill(0);
      for (const row of result.rows) {
        const v = index.get(row[at]);
        if (v !== undefined) draw[v]++;
      }
      return { name: a.name, labels: a.labels, matrix: a.matrix, epsilon: a.epsilon, before, expected, band, draw };
    }),
    combinedEpsilon: result.parameters.combinedEpsilon as number,
    highestRisk: risk.maxRisk ?? risk.reason ?? 'not computed',
  };
}
