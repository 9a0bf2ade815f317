/**
 * Everything a spec says that does not need its data, computed once per parse and shared by the validator, hover,
 * code lenses, the budget request and the release runner. Langium builds a new AST on every edit, so a WeakMap keyed
 * by the root node is a cache that can never be stale.
 */
import type { LangiumDocument } from 'langium';
import type * as ast from './generated/ast.js';
import { summarizeBudget, type BudgetSummary } from './privspec-budget.js';
import { budgetPlan, releasePlan, type BudgetPlan, type ReleasePlan } from './privspec-release-plan.js';
import { datasetPlan, specParts, type DatasetPlan, type SpecParts } from './privspec-to-engine.js';

export interface SpecAnalysis {
  readonly parts: SpecParts;
  readonly dataset?: DatasetPlan;
  readonly budget: BudgetPlan;
  readonly plans: readonly ReleasePlan[];
  readonly summary: BudgetSummary;
}

const cache = new WeakMap<ast.Spec, SpecAnalysis>();

/** The spec's file path (for resolving the paths it names); `file` URIs only, anything else resolves against `cwd`. */
export function specPath(document: LangiumDocument): string {
  return document.uri.scheme === 'file' ? document.uri.fsPath : `${process.cwd()}/${document.uri.path.split('/').pop() ?? 'spec.privspec'}`;
}

export function analyzeSpec(spec: ast.Spec, path: string): SpecAnalysis {
  const cached = cache.get(spec);
  if (cached) return cached;
  const parts = specParts(spec);
  const dataset = parts.dataset && parts.dataset.file !== undefined ? datasetPlan(parts.dataset, path) : undefined;
  const budget = budgetPlan(parts.budget);
  const plans = spec.releases.map((r) => releasePlan(r, budget, dataset?.unit));
  const analysis = { parts, dataset, budget, plans, summary: summarizeBudget(plans, budget) };
  cache.set(spec, analysis);
  return analysis;
}

export function analyzeDocument(document: LangiumDocument): SpecAnalysis {
  return analyzeSpec(document.parseResult.value as ast.Spec, specPath(document));
}
