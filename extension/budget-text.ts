import type { BudgetResult } from './protocol.js';

/**
 * The status-bar text of a spec's budget: the server's own label (`0.9 / 1 ε`, the same words as its code lens), flagged
 * when any release overruns. Undefined when the spec has no budget block.
 */
export function formatBudget(budget: BudgetResult): { label: string; tooltip: string; overrun: boolean } | undefined {
  if (!budget || !budget.hasBudget) return undefined;
  const overruns = budget.releases.filter((r) => r.overrun).map((r) => r.name);
  const overrun = overruns.length > 0;
  const label = overrun ? `Budget ${budget.label} — overrun` : `Budget ${budget.label}`;
  const tooltip = [
    `PrivSpec budget, ${budget.accounting} accounting: ${budget.label}`,
    ...(overrun ? [`Over budget: ${overruns.join(', ')}`] : []),
    ...budget.releases.map((r) => `• ${r.name}${r.overrun ? ' (overrun)' : ''}`),
  ].join('\n');
  return { label, tooltip, overrun };
}
