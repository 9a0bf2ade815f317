/**
 * The hover's lines on a PRAM release: what it randomizes and writes, and, for a retention matrix, each column's keep
 * and swap probabilities with the local ε they give. P(v→v) = r + (1−r)/|V| and P(v→w) = (1−r)/|V|: their ratio bounds
 * the likelihood ratio, so the matrix is ε-local DP with ε the log of it (Kairouz, Oh and Viswanath 2014).
 */
import { sig3 as f } from '../../budget-notion.js';
import { localEpsilonText } from '../../cost-text.js';
import { combinedEpsilon } from '../../../pram/local-epsilon.js';
import { retentionMatrix } from '../../../pram/retention-matrix.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

export async function pramHover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines> {
  const q = plan.description.query as QueryOf<'pram'>;
  const retain = q.retain ?? 0;
  const about = [
    q.matrix !== undefined
      ? `PRAM with the transition matrix in ${q.matrix}; its local ε is in the release's report. Spends no central DP budget.`
      : `PRAM: each value is kept with probability ${retain}, otherwise replaced by a uniform draw from the column's domain${q.invariant ? ' (invariant PRAM is refused: its matrix would give the exact frequencies back)' : ''}; written beside the quasi-identifiers generalized as the anonymity block says, nothing else. Spends no central DP budget.${q.rerun ? ' `rerun`: may randomize columns an earlier run of the same data did; the local ε of the runs adds up.' : " Recorded in the data's ledger; a second PRAM of these columns needs `rerun`."}`,
  ];
  if (retain > 0 && retain < 1) {
    for (const c of q.columns) {
      // The declared domain (a hierarchy that lists values) is the matrix's; else the data's values, as the release
      // uses.
      const v = facts.inlineDomains.get(c)?.length ?? (await facts.distinct(c));
      if (!v || v < 2) continue;
      const other = (1 - retain) / v;
      about.push(
        `\`${c}\` (|V| = ${v}): P(keep) = ${f(retain + other)}, P(each other value) = ${f(other)}; as local DP, ε = ln(${f(retain + other)}/${f(other)}) = ${f(Math.log((retain + other) / other))}`,
      );
    }
  }
  return { about };
}

/**
 * ▶ Run's sentence on a PRAM release's local ε, before the run: the retention matrix over each column's domain (the
 * declared values, or as many as the scanned data holds; the matrix's ε depends on the domain's size only), composed
 * over the columns with `combinedEpsilon`, the function the release's own report uses. Undefined for a matrix file
 * (its ε is in the release's report) or when a domain's size is not known yet.
 */
export async function pramLocalPrivacy(plan: HoverPlan, facts: EditorFacts): Promise<string | undefined> {
  const q = plan.description.query as QueryOf<'pram'>;
  const retain = q.retain;
  if (q.matrix !== undefined || retain === undefined || !(retain >= 0 && retain < 1)) return undefined;
  const matrices = [];
  for (const c of q.columns) {
    const declared = facts.inlineDomains.get(c);
    const size = declared?.length ?? (await facts.distinct(c));
    if (!size) return undefined;
    matrices.push(retentionMatrix(declared ?? Array.from({ length: size }, (_, i) => String(i)), retain));
  }
  return `PRAM's ${localEpsilonText(combinedEpsilon(matrices))} over ${q.columns.join(', ')} (ln of the largest ratio of two entries in a column of its matrix, summed over the columns; Kairouz, Oh & Viswanath 2014): local differential privacy, not a central budget.`;
}
