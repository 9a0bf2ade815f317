/**
 * The preview panel's budget meter, the Write-parameters check and `privspec preview` read one computation: the whole
 * plan (every DP release of the spec, this one at the panel's parameters, composed by the budget walk) and the ledger
 * (what has been spent), stated in the budget's notion. "This release spends ε 0.2 (ρ 0.02); the plan spends ε 2.81 of
 * 3; ledger ε 0.5; ε 0.19 remains after the plan."
 */
import { budgetLimit, summarizeBudget, type Spendable } from './budget-walk.js';
import {
  inNotion,
  capIn,
  notionOf,
  overrunOf,
  remainingPhrase,
  sig3,
  spendPhrase,
  totalPhrase,
} from './budget-notion.js';
import { boxRecord, ledgerTotal, type LedgerEntry } from './ledger-entry.js';
import { costIn, type Amount } from './release-costs.js';
import type { BudgetDescription } from './release-description.js';

export interface BudgetMeter {
  /** What this release adds to the plan: `ε 0.2 (ρ 0.02)`. */
  readonly spends: string;
  /** The plan's total against the limit: `ε 2.81 of 3`. */
  readonly plan: string;
  /** What the ledger has recorded: `ε 0.5`. */
  readonly ledger: string;
  /** What the plan leaves of the budget: `ε 0.19`. */
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
  /** The same figures as numbers in the budget's notion, for `--json`. */
  readonly figures: {
    readonly notion: 'ε' | 'ρ';
    readonly release: number;
    readonly plan: number;
    readonly ledger: number;
    readonly limit: number | null;
    readonly remainingAfterPlan: number | null;
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
  const n = notionOf(budget);
  const limit = budgetLimit(budget);
  const summary = summarizeBudget(plans, budget);
  const mine = summary.releases.find((r) => r.plan.name === release);
  const total = summary.spent;
  const before: Amount = {};
  if (mine)
    for (const k of ['epsilon', 'delta', 'rho'] as const)
      if (mine.total[k] !== undefined) before[k] = (mine.total[k] ?? 0) - (mine.marginal[k] ?? 0);
  const spends = mine ? spendPhrase(n, before, mine.total, mine.plan.description?.mechanism) : 'nothing';
  const planOverrun = summary.releases.find((r) => r.overrun);
  const spent = ledgerTotal(ledger, budget.accounting);
  // ▶ Run checks this release alone against the ledger, as the runner does under its lock.
  const own = mine && costIn(mine.plan.costs, budget.accounting) ? mine.plan : undefined;
  const withRun = own
    ? ledgerTotal(
        [
          ...ledger,
          { id: 'planned', release, at: '', costs: own.costs, box: boxRecord(own.box), userLevel: own.userLevel },
        ],
        budget.accounting,
      )
    : spent;
  const run = own ? overrunOf(budget, limit, spent, withRun, own.description?.mechanism) : undefined;
  const planText = totalPhrase(n, limit, total);
  const ledgerText = `${n.symbol} ${sig3(inNotion(n, spent))}`;
  const remainingAfter = remainingPhrase(n, limit, total);
  const cap = capIn(n, limit);
  let sentence = `This release spends ${spends}; the plan spends ${planText}; ledger ${ledgerText}; ${remainingAfter} remains after the plan.`;
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
      notion: n.symbol,
      release: mine ? Math.max(0, inNotion(n, mine.total) - inNotion(n, before)) : 0,
      plan: inNotion(n, total),
      ledger: inNotion(n, spent),
      limit: cap ?? null,
      remainingAfterPlan: cap === undefined ? null : Math.max(0, cap - inNotion(n, total)),
    },
  };
}
