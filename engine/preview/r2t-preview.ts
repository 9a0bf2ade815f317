/**
 * The preview of an R2T release: per cell, the median and the mean absolute error of R2T beside those of each fixed
 * threshold τ (bias Q(I) − Q(I, τ) plus the noise of a Laplace release at sensitivity τ), from
 * engine/dp/r2t/r2t-error.ts. They are computed from the exact data: figures for the data's owner, labelled local,
 * never a release. Q(I) is taken as the answer at the largest threshold, 2^⌈log₂ GS⌉ ≥ GS, which is the untruncated
 * answer when no unit exceeds GS.
 */
import { previewR2tError } from '../dp/r2t/r2t-error.js';
import type { R2tExact } from '../release/kinds/r2t/r2t-release.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { R2tQueryDescription } from '../release/release-description.js';
import type { R2tBody } from './preview-types.js';

/**
 * What the figures are, in the one wording the panel and the CLI print. R2T's mean error can exceed the answer itself:
 * with probability at most β/2 a candidate at a large τ, whose noise scale is L·τ/ε, rises above its shift, and that
 * rare error dominates the mean; the median is the typical error.
 */
export const R2T_PREVIEW_LABEL =
  '|error| as median (mean), computed from the exact data (local: not released, not covered by ε); ' +
  "R2T's mean includes the chance, at most β/2, that a candidate at a large τ overshoots";

export function r2tPreview(exact: R2tExact, plan: ReleasePlan): R2tBody {
  const q = plan.description.query as R2tQueryDescription;
  const epsilon = plan.description.mechanism?.epsilon ?? NaN;
  const p = plan.measurement?.parameters ?? {};
  return {
    kind: 'r2t',
    label: R2T_PREVIEW_LABEL,
    epsilonPerCandidate: Number(p.epsilonPerCandidate),
    cells: exact.cells.map((labels, i) => {
      const answers = exact.answers[i];
      const truth = answers[answers.length - 1] ?? 0;
      const errors = previewR2tError(answers, truth, { gs: q.gs, epsilon, sensitivitySlack: exact.slack });
      return {
        labels,
        truth,
        r2t: { median: errors.r2tMedian, mean: errors.r2t },
        fixed: errors.fixed.map((f) => ({ tau: f.tau, median: f.median, mean: f.expected })),
      };
    }),
  };
}
