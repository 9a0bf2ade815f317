import type { BudgetResult } from './protocol.js';

/**
 * The status-bar text of a spec's budget: the server's one sum (`ledger ε 0.8 spent + plan ε 0.8 = ε 1.6 of 1`, from
 * the one cost formatter, engine/release/cost-text.ts), or its plan label when the ledger cannot be read; flagged when
 * any release overruns. Undefined when the spec has no budget block.
 */
export function formatBudget(budget: BudgetResult): { label: string; tooltip: string; overrun: boolean } | undefined {
  if (!budget || !budget.hasBudget) return undefined;
  const overruns = budget.releases.filter((r) => r.overrun).map((r) => r.name);
  const overrun = overruns.length > 0;
  const figures = budget.status ?? `plan ${budget.label}`;
  const label = overrun ? `Budget: ${figures} — overrun` : `Budget: ${figures}`;
  const tooltip = [
    `PrivSpec budget, ${budget.accounting} accounting: ${budget.label}`,
    ...(budget.status ? [`Recorded and planned: ${budget.status}`] : []),
    ...(overrun ? [`Over budget: ${overruns.join(', ')}`] : []),
    ...budget.releases.map((r) => `• ${r.name}${r.overrun ? ' (overrun)' : ''}`),
  ].join('\n');
  return { label, tooltip, overrun };
}
