/**
 * The preview panel's budget meter, the Write-parameters check and `privspec preview` read one computation: the whole
 * plan (every DP release of the spec, this one at the panel's parameters, composed by the budget walk) and the ledger
 * (what has been spent), stated in the budget's notion by the one cost formatter (cost-text.ts). "This release spends ε
 * 0.2; the plan spends ε 0.4 of 1; ledger ε 0.5; ε 0.1 remains after the ledger and the plan."; under zCDP the release
 * in ρ and the
 * totals in ρ with their converted (ε, δ) beside them.
 */
import { budgetLimit, summarizeBudget, type Spendable } from './budget-walk.js';
import { overrunOf } from './budget-notion.js';
import { addedText, convertedEpsilon, mainAmount, remainingText, spentText, totalText } from './cost-text.js';
import { ledgerTotal, plannedEntry, type LedgerEntry } from './ledger-entry.js';
import { costIn, type Amount } from './release-costs.js';
import type { BudgetDescription } from './release-description.js';

export interface BudgetMeter {
  /** What this release adds to the plan, in the accounting's notion only: `ε 0.2`, `ρ 0.02`. */
  readonly spends: string;
  /** The plan's total against the limit: `ε 0.9 of 1`, `ρ 0.07 of 0.147 (ε, δ = 1.37 of 3, 1e-6 by …)`. */
  readonly plan: string;
  /** What the ledger has recorded: `ε 0.5`. */
  readonly ledger: string;
  /** What the ledger and the plan leave of the budget together: `ε 0.19`. */
  readonly remainingAfter: string;
  /**
   * The plan overruns the budget (the checker's error; Write parameters to spec refuses it), with the engine's message.
   */
  readonly planOverrun?: string;
  /** ▶ Run of this release would be refused by the ledger, with the runner's message. */
  readonly runOverrun?: string;
  /** Either overrun: what the panel marks red. */
  readonly overrun: boolean;
  /** The whole meter as one sentence, for the panel and the command line. */
  readonly sentence: string;
  /**
   * The same figures as numbers in the accounting's notion (ρ under zCDP, ε otherwise), for `--json`; under zCDP with a
   * δ, `converted` holds the totals' ε by ρ + 2√(ρ ln 1/δ) (Bun & Steinke 2016, Prop. 1.3): totals only, no release's.
   */
  readonly figures: {
    readonly accounting: BudgetDescription['accounting'];
    readonly notion: 'ε' | 'ρ';
    readonly release: number;
    readonly plan: number;
    readonly ledger: number;
    readonly limit: number | null;
    /** The limit less the plan alone. */
    readonly remainingAfterPlan: number | null;
    /** The limit less the ledger and the plan composed, as the sentence and the status bar state it. */
    readonly remainingAfterLedgerAndPlan: number | null;
    readonly converted?: {
      readonly delta: number;
      readonly plan: number;
      readonly ledger: number;
      readonly limit: number | null;
      readonly conversion: string;
    };
  };
}

/**
 * The meter for `release` (its plan among `plans`, in document order, already at the panel's parameters) against the
 * budget and the ledger's entries.
 */
export function budgetMeter<P extends Spendable>(
  budget: BudgetDescription,
  plans: readonly P[],
  release: string,
  ledger: readonly LedgerEntry[],
): BudgetMeter {
  const limit = budgetLimit(budget);
  const summary = summarizeBudget(plans, budget);
  const mine = summary.releases.find((r) => r.plan.name === release);
  const total = summary.spent;
  const before: Amount = {};
  if (mine)
    for (const k of ['epsilon', 'delta', 'rho'] as const)
      if (mine.total[k] !== undefined) before[k] = (mine.total[k] ?? 0) - (mine.marginal[k] ?? 0);
  const accounting = budget.accounting;
  const spends = mine ? addedText(before, mine.total, accounting) : 'nothing';
  const planOverrun = summary.releases.find((r) => r.overrun);
  const spent = ledgerTotal(ledger, budget.accounting);
  // ▶ Run checks this release alone against the ledger, as the runner does under its lock.
  const own = mine && costIn(mine.plan.costs, budget.accounting) ? mine.plan : undefined;
  const withRun = own ? ledgerTotal([...ledger, plannedEntry(own)], budget.accounting) : spent;
  const run = own ? overrunOf(budget, limit, spent, withRun) : undefined;
  const planText = totalText(total, limit, accounting);
  const ledgerText = spentText(spent, limit, accounting);
  // What remains is what the ledger and the whole plan leave together, composed as the runner and the status bar
  // compose them ("ledger ρ 0.02 spent + plan ρ 0.11 = ρ 0.13 of 0.147"): the newcomer tour found the panel's
  // remainder ignoring a ledger the status bar counted. With nothing spent yet it is the plan's remainder.
  const planned = summary.releases.filter((r) => costIn(r.plan.costs, accounting)).map((r) => plannedEntry(r.plan));
  // Entries that spend nothing (microdata files, seeded runs) leave it the plan's remainder, in the plan's words.
  const spentSomething = mainAmount(spent, accounting) > 0;
  const combined = spentSomething ? ledgerTotal([...ledger, ...planned], accounting) : total;
  const remainingAfter = remainingText(combined, limit, accounting);
  const after = spentSomething ? 'the ledger and the plan' : 'the plan';
  const key = accounting === 'zcdp' ? 'rho' : 'epsilon';
  const cap = limit[key];
  const delta =
    accounting === 'zcdp' && limit.delta !== undefined && limit.delta > 0 && limit.delta < 1 ? limit.delta : undefined;
  let sentence = `This release spends ${spends}; the plan spends ${planText}; ledger ${ledgerText}; ${remainingAfter} remains after ${after}.`;
  if (planOverrun)
    sentence += ` The plan overruns the budget at '${planOverrun.plan.name}': ${planOverrun.overrun!.message}.`;
  if (run) sentence += ` ▶ Run would be refused: ${run.message} in the ledger.`;
  return {
    spends,
    plan: planText,
    ledger: ledgerText,
    remainingAfter,
    ...(planOverrun ? { planOverrun: `'${planOverrun.plan.name}' ${planOverrun.overrun!.message}` } : {}),
    ...(run ? { runOverrun: run.message } : {}),
    overrun: planOverrun !== undefined || run !== undefined,
    sentence,
    figures: {
      accounting,
      notion: accounting === 'zcdp' ? 'ρ' : 'ε',
      release: mine ? Math.max(0, mainAmount(mine.total, accounting) - mainAmount(before, accounting)) : 0,
      plan: mainAmount(total, accounting),
      ledger: mainAmount(spent, accounting),
      limit: cap ?? null,
      remainingAfterPlan: cap === undefined ? null : Math.max(0, cap - mainAmount(total, accounting)),
      remainingAfterLedgerAndPlan: cap === undefined ? null : Math.max(0, cap - mainAmount(combined, accounting)),
      ...(delta === undefined
        ? {}
        : {
            converted: {
              delta,
              plan: convertedEpsilon(total.rho ?? 0, delta),
              ledger: convertedEpsilon(spent.rho ?? 0, delta),
              limit: limit.epsilon ?? null,
              conversion: 'epsilon = rho + 2 sqrt(rho ln(1/delta)), Bun & Steinke 2016, Prop. 1.3',
            },
          }),
    },
  };
}
