/**
 * Quick fixes for the budget: an overrun is fixed by scaling the release that crosses the budget down to what the other
 * releases leave, or by raising the budget to what all of them spend; a spec without a budget gets one of what its
 * releases spend. Every suggested figure is re-checked by the same budget walk the validator runs, so applying the fix
 * makes the error disappear.
 */
import type { CodeAction } from 'vscode-languageserver';
import { planRelease } from '../../engine/release/plan-release.js';
import { summarizeBudget, type BudgetSummary } from '../../engine/release/budget-walk.js';
import type { BudgetDescription } from '../../engine/release/release-description.js';
import { epsilonClassic } from '../../engine/dp/accounting/zcdp.js';
import type * as ast from '../generated/ast.js';
import { greek, releaseDescription, type ReleasePlan } from '../privspec-release-plan.js';
import { insert, numberText, quickFix, rangeOf, releaseOf, replace, round3, type FixContext } from './fix-helpers.js';

const runnable = (plans: readonly ReleasePlan[]) => plans.filter((p) => p.risks.every((r) => r.accepted));
const fits = (s: BudgetSummary) => s.releases.every((r) => !r.overrun);

/** The walk with one release's mechanism parameter set to `value` (the other releases as planned). */
function walkWith(
  c: FixContext,
  release: ast.Release,
  param: 'epsilon' | 'rho',
  value: number,
  budget = c.analysis.budget,
): BudgetSummary {
  const a = c.analysis;
  const description = releaseDescription(release)!;
  const mechanism = { ...description.mechanism!, [param]: value };
  const domains = new Map<string, readonly string[]>();
  for (const [name, h] of a.parts.hierarchies)
    if (h.file === undefined && h.groups.length > 0)
      domains.set(
        name,
        h.groups.flatMap((g) => g.values),
      );
  const replanned = planRelease(
    { ...description, mechanism },
    {
      budget,
      unit: a.dataset?.unit,
      declaredDomains: a.declaredDomains,
      domains,
      correlation: a.dataset?.correlation ? {} : undefined,
    },
  );
  const plans = runnable(a.plans).map((p) =>
    p.node === release ? { ...p, ...replanned, node: release, problems: p.problems } : p,
  );
  return summarizeBudget(plans, budget);
}

/**
 * The largest value (three significant digits, rounded down) of the release's parameter with which every release fits.
 */
function largestFitting(
  c: FixContext,
  release: ast.Release,
  param: 'epsilon' | 'rho',
  current: number,
): number | undefined {
  const ok = (v: number) => fits(walkWith(c, release, param, v));
  let low = current * 1e-6;
  if (!ok(low)) return undefined;
  let high = current;
  for (let i = 0; i < 40 && high / low > 1 + 1e-6; i++) {
    const mid = Math.sqrt(low * high);
    if (ok(mid)) low = mid;
    else high = mid;
  }
  // The bisection ends just below the largest fitting value; the grid value just above it may still fit (0.1 after
  // 0.0999…).
  const above = round3(low, 'up');
  if (above <= current && ok(above)) return above;
  let v = round3(low, 'down');
  // Rounding down keeps it fitting unless the bisection ended on the grid's edge; step down until it fits.
  for (let i = 0; i < 5 && !ok(v); i++) v = round3(v - 10 ** (Math.floor(Math.log10(v)) - 2), 'down');
  return ok(v) ? v : undefined;
}

export function budgetOverrunFixes(c: FixContext): CodeAction[] {
  const release = releaseOf(c);
  const budgetNode = c.analysis.parts.budget;
  const actions: CodeAction[] = [];
  const m = release?.mechanism;
  const param = m?.params.find((p) => p.name === 'rho') ?? m?.params.find((p) => p.name === 'epsilon');
  const range = param && rangeOf(param, 'value');
  if (release && param && range && (param.name === 'rho' || param.name === 'epsilon')) {
    const v = largestFitting(c, release, param.name, param.value);
    if (v !== undefined && v < param.value)
      actions.push(
        quickFix(
          c,
          `Scale ${greek(param.name)} of '${release.name}' to ${v}, what the other releases leave`,
          [replace(range, numberText(v))],
          true,
        ),
      );
  }
  const raised = raisedBudget(c);
  if (budgetNode && raised) {
    const edits = raised.changes.flatMap(([name, value]) => {
      const clause = budgetNode.clauses.find((x) => x.name === name);
      const r = clause && rangeOf(clause, 'value');
      return r ? [replace(r, numberText(value))] : [];
    });
    if (edits.length === raised.changes.length)
      actions.push(
        quickFix(
          c,
          `Raise the budget to ${raised.changes.map(([n, v]) => `${greek(n)} ${v}`).join(', ')}, what the releases spend`,
          edits,
        ),
      );
  }
  return actions;
}

/** The budget clauses to raise, in the notion the spec wrote, to what every release spends (rounded up); checked. */
function raisedBudget(c: FixContext): { changes: [string, number][] } | undefined {
  const { budget } = c.analysis;
  const spent = summarizeBudget(runnable(c.analysis.plans), budget).spent;
  const changes: [string, number][] = [];
  if (budget.accounting === 'zcdp') {
    if (budget.rho !== undefined) changes.push(['rho', round3(spent.rho ?? 0, 'up')]);
    else if (budget.epsilon !== undefined && budget.delta !== undefined)
      changes.push(['epsilon', round3(epsilonClassic(spent.rho ?? 0, budget.delta), 'up')]);
  } else {
    if ((spent.epsilon ?? 0) > (budget.epsilon ?? 0)) changes.push(['epsilon', round3(spent.epsilon ?? 0, 'up')]);
    if (budget.accounting === 'approx' && (spent.delta ?? 0) > (budget.delta ?? 0))
      changes.push(['delta', round3(spent.delta ?? 0, 'up')]);
  }
  if (changes.length === 0) return undefined;
  const raised: BudgetDescription = { ...budget, ...Object.fromEntries(changes) };
  return fits(summarizeBudget(runnable(c.analysis.plans), raised)) && changes.every(([n, v]) => n !== 'delta' || v < 1)
    ? { changes }
    : undefined;
}

/** A budget of what the releases spend: ε when every release is pure, otherwise ρ (zCDP) when every one has a ρ. */
export function noBudgetFixes(c: FixContext): CodeAction[] {
  const spec = c.document.parseResult.value as ast.Spec;
  const plans = c.analysis.plans.filter((p) => p.dp && p.problems.length === 0);
  const first = spec.releases[0]?.$cstNode?.range.start;
  if (plans.length === 0 || !first) return [];
  const pure = plans.every((p) => p.costs.pure?.kind === 'pure');
  const zcdp = plans.every((p) => p.costs.zcdp?.kind === 'zcdp');
  if (!pure && !zcdp) return [];
  const accounting = pure ? 'pure' : 'zcdp';
  const param = pure ? 'epsilon' : 'rho';
  const spent = summarizeBudget(runnable(plans), { accounting, epsilon: Infinity, rho: Infinity }).spent[param] ?? 0;
  const value = round3(spent, 'up');
  if (!(value > 0)) return [];
  const at = { line: first.line, character: 0 };
  return [
    quickFix(c, `Add 'budget { ${param} ${value} }', what the releases spend`, [
      insert(at, `budget { ${param} ${value} }\n`),
    ]),
  ];
}
