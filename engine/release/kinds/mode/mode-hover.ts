/**
 * The hover's line on a mode: the exponential mechanism's utility (McSherry & Talwar 2007). With probability ≥ 1−β the
 * chosen value's count is within (2Δ/ε)(ln m + ln(1/β)) of the mode's, m the candidates; at β = 5 %, ln(1/β) = ln 20.
 */
import { sig3 } from '../../budget-notion.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

export async function modeHover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines> {
  const noise = plan.noise;
  if (noise?.kind !== 'exponential') return { about: [] };
  const m = await facts.distinct((plan.description.query as QueryOf<'mode'>).column);
  return {
    about: [],
    after: [
      m
        ? `95 % bound on the count shortfall of the chosen value: ${sig3(((2 * noise.sensitivity) / noise.epsilon) * (Math.log(m) + Math.log(20)))} (m = ${m} candidates)`
        : "Utility: within (2Δ/ε)(ln m + ln 20) of the true mode's count with probability 95 %, m the number of values",
    ],
  };
}
