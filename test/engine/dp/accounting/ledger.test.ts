import { strict as assert } from 'node:assert';
import { BudgetExceededError, PrivacyLedger } from '../../../../engine/dp/accounting/ledger.js';

describe('accounting/ledger', () => {
  it('refuses a spend beyond the limit with Requested, Remaining and Difference', () => {
    const ledger = new PrivacyLedger({ kind: 'pure', epsilon: 1 });
    ledger.spend({ kind: 'pure', epsilon: 0.9 }, 'counts');
    assert.throws(
      () => ledger.spend({ kind: 'pure', epsilon: 0.3 }, 'mean age'),
      (e: unknown) =>
        e instanceof BudgetExceededError &&
        e.message === 'mean age: privacy budget exceeded. Requested ε=0.3 · Remaining ε=0.1 · Difference 0.2' &&
        e.summary === 'Requested ε=0.3 · Remaining ε=0.1 · Difference 0.2',
    );
    assert.deepEqual(ledger.spent, { kind: 'pure', epsilon: 0.9 });
    assert.equal(ledger.entries.length, 1);
  });

  it('adds decimals exactly, so a limit of 1 takes 0.9 and then 0.1', () => {
    const ledger = new PrivacyLedger({ kind: 'pure', epsilon: 1 });
    ledger.spend({ kind: 'pure', epsilon: 0.9 });
    ledger.spend({ kind: 'pure', epsilon: 0.1 });
    assert.deepEqual(ledger.remaining, { kind: 'pure', epsilon: 0 });
    assert.equal(ledger.canSpend({ kind: 'pure', epsilon: 1e-12 }), false);
  });

  it('a zCDP ledger adds ρ and takes pure costs as ε²/2', () => {
    const ledger = new PrivacyLedger({ kind: 'zcdp', rho: 0.1 });
    ledger.spend({ kind: 'pure', epsilon: 0.2 }); // ρ = 0.02
    ledger.spend({ kind: 'zcdp', rho: 0.05 });
    assert.deepEqual(ledger.spent, { kind: 'zcdp', rho: 0.07 });
    assert.throws(() => ledger.spend({ kind: 'zcdp', rho: 0.05 }), /Requested ρ=0.05 · Remaining ρ=0.03 · Difference 0.02/);
  });

  it('an approximate ledger adds ε and δ and names the component that overflows', () => {
    const ledger = new PrivacyLedger({ kind: 'approx', epsilon: 1, delta: 1e-6 });
    ledger.spend({ kind: 'approx', epsilon: 0.5, delta: 1e-6 });
    assert.throws(() => ledger.spend({ kind: 'approx', epsilon: 0.1, delta: 1e-7 }), /Difference δ=1e-7/);
    assert.throws(() => ledger.spend({ kind: 'zcdp', rho: 0.1 }), /cannot be charged/);
  });
});
