import type { ModeExact } from '../release/kinds/mode/mode-release.js';
import { queryOfKind } from '../release/kinds/query-of-kind.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { ReleaseStages } from '../release/release-measurement.js';
import type { PreviewExact } from './preview-exact.js';
import type { ModeBody } from './preview-types.js';
import { largest } from '../core/extremes.js';

/**
 * A mode by the exponential mechanism (McSherry & Talwar 2007): each candidate's score u (its rows, after each unit's
 * votes are bounded — the release's own first stage, on the table or from the source's answer) and the probability the
 * mechanism picks it, exp(ε·u/(2Δᵤ)) normalized — computed with the largest score subtracted, so that it never
 * overflows — and one example draw of the planned mechanism on those very scores.
 */
export function modePreview(figures: PreviewExact, plan: ReleasePlan, candidates: readonly string[]): ModeBody {
  queryOfKind(plan.description, 'mode', 'modePreview');
  if (plan.noise?.kind !== 'exponential')
    throw new Error('modePreview: a mode is planned with the exponential mechanism');
  const { epsilon, sensitivity } = plan.noise;
  const stages = plan.measurement!.stages as ReleaseStages<ModeExact>;
  const exact = figures.bounded as ModeExact;
  const score = (c: string) => exact.scores.get(c) ?? 0;
  const top = largest(candidates.map(score));
  const weights = candidates.map((c) => Math.exp((epsilon * (score(c) - top)) / (2 * sensitivity)));
  const total = weights.reduce((s, w) => s + w, 0);
  const drawn = stages.addNoise(exact);
  return {
    kind: 'mode',
    candidates: candidates.map((c, i) => ({ label: c, score: score(c), probability: weights[i] / total })),
    sensitivity,
    draw: drawn.rows[0]?.[drawn.rows[0].length - 1] ?? '',
  };
}
