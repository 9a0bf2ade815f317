import type { BudgetResult } from './protocol.js';

/**
 * The status-bar text of a spec's budget: the server's own label (`0.9 / 1 ε`, the same words as its code lens),
 * flagged when any release overruns. Undefined when the spec has no budget block.
 */
export function formatBudget(budget: BudgetResult): { label: string; tooltip: string; overrun: boolean } | undefined {
  if (!budget || !budget.hasBudget) return undefined;
  const overruns = budget.releases.filter((r) => r.overrun).map((r) => r.name);
  const overrun = overruns.length > 0;
  // The ledger beside the plan (`ledger ε 0.5 · plan ε 2.81 of 3`) when the server states it; the plan alone otherwise.
  const figures = budget.status ?? budget.label;
  const label = overrun ? `Budget ${figures} — overrun` : `Budget ${figures}`;
  const tooltip = [
    `PrivSpec budget, ${budget.accounting} accounting: ${budget.label}`,
    ...(budget.status ? [`Recorded and planned: ${budget.status}`] : []),
    ...(overrun ? [`Over budget: ${overruns.join(', ')}`] : []),
    ...budget.releases.map((r) => `• ${r.name}${r.overrun ? ' (overrun)' : ''}`),
  ].join('\n');
  return { label, tooltip, overrun };
}
