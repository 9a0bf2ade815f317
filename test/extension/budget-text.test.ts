import { strict as assert } from 'node:assert';
import { formatBudget } from '../../extension/budget-text.js';
import type { BudgetSummaryResponse } from '../../extension/protocol.js';

describe('extension/budget-text', () => {
  const budget: BudgetSummaryResponse = {
    accounting: 'pure',
    limit: { epsilon: 0.3 },
    spent: { epsilon: 0.4 },
    label: '0.4 / 0.3 ε',
    hasBudget: true,
    releases: [
      { name: 'by_region', line: 5, cost: { epsilon: 0.2 }, marginal: { epsilon: 0.2 }, overrun: false },
      { name: 'by_answer', line: 6, cost: { epsilon: 0.2 }, marginal: { epsilon: 0.2 }, overrun: true },
    ],
  };

  it('flags an overrun and names the release that causes it', () => {
    const text = formatBudget(budget);
    assert.ok(text);
    assert.equal(text.label, 'Budget 0.4 / 0.3 ε — overrun');
    assert.equal(text.overrun, true);
    assert.match(text.tooltip, /Over budget: by_answer/);
  });

  it('shows the server label plainly within budget, and nothing without a budget block', () => {
    const within = { ...budget, label: '0.2 / 0.3 ε', releases: [budget.releases[0]] };
    assert.deepEqual([formatBudget(within)?.label, formatBudget(within)?.overrun], ['Budget 0.2 / 0.3 ε', false]);
    assert.equal(formatBudget({ ...budget, hasBudget: false }), undefined);
    assert.equal(formatBudget(null), undefined);
  });
});
