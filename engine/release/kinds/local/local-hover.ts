/**
 * The hover's lines on a local DP release and ▶ Run's sentence on its local ε: what each unit reports, and the
 * standard error of each estimated count at the data's size (local-accuracy.ts).
 */
import { sig3 as f } from '../../budget-notion.js';
import { localEpsilonText } from '../../cost-text.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import { expectedStandardError, keepProbabilityOf, sketchBeatsResponseAt } from './local-accuracy.js';
import type { LocalQuery } from './local-protocol.js';

export async function localHover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines> {
  const q = plan.description.query as LocalQuery;
  const k = facts.inlineDomains.get(q.column)?.length;
  const rerun = q.rerun
    ? ' `rerun`: may randomize a column an earlier run of the same data did; the local ε of the runs adds up.'
    : " Recorded in the data's ledger; a second local randomization of this column needs `rerun`.";
  const about = [
    q.protocol === 'randomized-response'
      ? `Local DP by k-ary randomized response (Warner 1965; Wang et al. 2017): each unit reports its value of \`${q.column}\` with probability e^ε/(e^ε + k − 1)${k ? ` = ${f(keepProbabilityOf(q.epsilon, k))} (k = ${k})` : ''}, otherwise another declared value uniformly; one report per unit, written shuffled with nothing else. Spends no central DP budget.${rerun}`
      : `Local DP by the count-mean sketch (Apple Differential Privacy Team 2017): each unit reports one of ${q.hashes} hash functions and a ${q.width}-cell ±1 vector of its value of \`${q.column}\`, each cell flipped with probability 1/(e^{ε/2} + 1); the hash family's seed is written in the report. Spends no central DP budget.${rerun}`,
  ];
  const n = await facts.rows();
  if (n && k) {
    about.push(
      `standard error of each estimated count at n = ${n}: ±${f(expectedStandardError(q, k, n))} (a value few units hold)`,
    );
    const at = sketchBeatsResponseAt(q.epsilon, n, q.width ?? 1024, q.hashes ?? 256);
    if (at !== undefined)
      about.push(
        `the count-mean sketch (width ${q.width ?? 1024}) has the smaller error from ${at} values on, at this ε and n (this domain: ${k})`,
      );
  }
  return { about };
}

/** ▶ Run's sentence on the release's local ε, known from the query alone. */
export function localPrivacy(plan: HoverPlan): Promise<string | undefined> {
  const q = plan.description.query as LocalQuery;
  if (!(q.epsilon > 0)) return Promise.resolve(undefined);
  return Promise.resolve(
    `local ${q.protocol}'s ${localEpsilonText(q.epsilon)} per report of ${q.column}: local differential privacy, not a central budget.`,
  );
}
