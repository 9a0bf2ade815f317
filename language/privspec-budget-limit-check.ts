/**
 * A budget block that gives no limit in its accounting's notion (`budget { delta 1e-6 }` under approximate DP, or
 * `budget { epsilon 1 accounting zcdp }` without δ) allows nothing: the runner refuses every spend, and the checker
 * says so on the block rather than letting the releases look fine.
 */
import { AstUtils, type ValidationAcceptor } from 'langium';
import { budgetLimit, mainKey } from '../engine/release/budget-walk.js';
import type * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { analyzeSpec, specPath } from './privspec-analysis.js';
import type { PrivspecServices } from './privspec-module.js';

export function registerBudgetLimitCheck(services: PrivspecServices): void {
  services.validation.ValidationRegistry.register<ast.PrivspecAstType>({
    Spec: (spec: ast.Spec, accept: ValidationAcceptor) => {
      const analysis = analyzeSpec(spec, specPath(AstUtils.getDocument(spec)));
      const block = analysis.parts.budget;
      if (!block || !analysis.plans.some((p) => p.dp && p.problems.length === 0)) return;
      const key = mainKey(analysis.budget.accounting);
      if (budgetLimit(analysis.budget)[key] !== undefined) return;
      const how = analysis.budget.accounting === 'zcdp' ? "give 'rho R', or 'epsilon E delta D'" : "give 'epsilon E'";
      accept(
        'error',
        `the budget gives no ${key === 'rho' ? 'ρ' : 'ε'} limit under '${analysis.budget.accounting}' accounting, so no release may spend; ${how}`,
        { node: block, code: IssueCodes.NoBudget },
      );
    },
  });
}
