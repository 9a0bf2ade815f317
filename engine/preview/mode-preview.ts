import type { ReleasePlan } from '../release/plan-release.js';
import { selectRows } from '../release/select-rows.js';
import { column, type Table } from '../table/table.js';
import type { ModeBody } from './preview-types.js';

/**
 * A mode by the exponential mechanism (McSherry & Talwar 2007): each candidate's score u (its rows) and the probability
 * the mechanism picks it, exp(ε·u/(2Δᵤ)) normalized — computed with the largest score subtracted, so that it never
 * overflows — and one example draw of the planned measurement.
 */
export function modePreview(table: Table, plan: ReleasePlan, candidates: readonly string[]): ModeBody {
  const q = plan.description.query;
  if (q.kind !== 'mode') throw new Error(`modePreview: not a mode (${q.kind})`);
  if (plan.noise?.kind !== 'exponential') throw new Error('modePreview: a mode is planned with the exponential mechanism');
  const { epsilon, sensitivity } = plan.noise;
  const col = column(table, q.column);
  const scores = new Map<string, number>(candidates.map((c) => [c, 0]));
  for (const r of selectRows(table, q.where)) {
    const v = col.dictionary[col.codes[r]];
    if (scores.has(v)) scores.set(v, scores.get(v)! + 1);
  }
  const top = Math.max(...scores.values());
  const weights = candidates.map((c) => Math.exp((epsilon * (scores.get(c)! - top)) / (2 * sensitivity)));
  const total = weights.reduce((s, w) => s + w, 0);
  const drawn = plan.measurement!.invoke({ table });
  return {
    kind: 'mode',
    candidates: candidates.map((c, i) => ({ label: c, score: scores.get(c)!, probability: weights[i] / total })),
    draw: drawn.rows[0]?.[drawn.rows[0].length - 1] ?? '',
  };
}
