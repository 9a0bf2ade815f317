/**
 * The hover's line on a view: its domain in words (public, from the spec) and what a view is for. Its error depends on
 * the data, which the preview estimates.
 */
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

export function viewHover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines> {
  if (plan.problems.length > 0) return Promise.resolve({ about: [] });
  const dims = (plan.description.query as QueryOf<'view'>).dimensions.map((d) =>
    d.low !== undefined
      ? `\`${d.column}\` ${d.low}..${d.high}`
      : `\`${d.column}\` (${facts.inlineDomains.get(d.column)?.length ?? "its hierarchy's"} values)`,
  );
  const rows = plan.sensitivity?.rows ?? 1;
  return Promise.resolve({
    about: [
      `A DP view over ${dims.join(' × ')}: a partition into blocks, each with a noisy count${rows > 1 ? `, built at ε/${rows} per row` : ''}. Any number of counting queries (\`privspec query\`) and synthetic records (\`privspec synthesize\`) come from it at no further cost; ▶ Preview estimates its error against PrivTree and identity.`,
    ],
  });
}
