import { strict as assert } from 'node:assert';
import { formatBudget } from '../../extension/budget-text.js';
import type { BudgetSummaryResponse } from '../../extension/protocol.js';

describe('extension/budget-text', () => {
  const budget: BudgetSummaryResponse = {
    accounting: 'pure',
    limit: { epsilon: 0.3 },
    spent: { epsilon: 0.4 },
    label: 'ε 0.4 of 0.3',
    hasBudget: true,
    releases: [
      { name: 'by_region', line: 5, cost: { epsilon: 0.2 }, marginal: { epsilon: 0.2 }, overrun: false },
      { name: 'by_answer', line: 6, cost: { epsilon: 0.2 }, marginal: { epsilon: 0.2 }, overrun: true },
    ],
  };

  it('flags an overrun and names the release that causes it', () => {
    const text = formatBudget(budget);
    assert.ok(text);
    // Without the ledger's sum (an unreadable ledger) the plan alone, said to be the plan.
    assert.equal(text.label, 'Budget: plan ε 0.4 of 0.3 — overrun');
    assert.equal(text.overrun, true);
    assert.match(text.tooltip, /Over budget: by_answer/);
  });

  it('shows the server label plainly within budget, and nothing without a budget block', () => {
    const within = { ...budget, label: 'ε 0.2 of 0.3', releases: [budget.releases[0]] };
    assert.deepEqual(
      [formatBudget(within)?.label, formatBudget(within)?.overrun],
      ['Budget: plan ε 0.2 of 0.3', false],
    );
    // Issue 37 item 11: with the ledger, one sum, not an ambiguous pair.
    const status = 'ledger ε 0.1 spent + plan ε 0.2 = ε 0.3 of 0.3';
    assert.equal(formatBudget({ ...within, status })?.label, `Budget: ${status}`);
    assert.equal(formatBudget({ ...budget, hasBudget: false }), undefined);
    assert.equal(formatBudget(null), undefined);
  });
});
