import type { Criterion } from '../criteria/criterion.js';
import { KAnonymity } from '../criteria/k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../criteria/l-diversity.js';
import type { AnonymizationProblem } from './problem.js';

/**
 * A weaker model that is monotonic under suppression, for a problem whose own model is not: every class that fails it
 * fails the real model too, so a node invalid under it is invalid, and its invalidity tags whole down-sets.
 *
 * It keeps the criteria that are monotonic with suppression, the class-size floor every criterion sets (k-anonymity
 * with k = the largest `minClassSize`), and, for entropy and recursive ℓ-diversity, the ⌈ℓ⌉ (resp. ℓ) distinct
 * sensitive values both require (distinct ℓ-diversity). Empty when nothing useful remains.
 */
export function monotoneRelaxation(problem: AnonymizationProblem): Criterion[] {
  const out: Criterion[] = problem.criteria.filter((c) => c.monotonicWithSuppression === true);
  const k = problem.criteria.reduce((m, c) => Math.max(m, c.minClassSize), 1);
  if (k > 1 && !out.some((c) => c instanceof KAnonymity && c.k >= k)) out.push(new KAnonymity(k));
  for (const c of problem.criteria) {
    if ((c instanceof EntropyLDiversity || c instanceof RecursiveCLDiversity) && c.minClassSize > 1)
      out.push(new DistinctLDiversity(c.sensitive, c.minClassSize));
  }
  return out;
}
