/**
 * Everything a spec says that does not need its data, computed once per parse and shared by the validator, hover,
 * code lenses, the budget request and the release runner. Langium builds a new AST on every edit, so a WeakMap keyed
 * by the root node is a cache that can never be stale.
 */
import type { LangiumDocument } from 'langium';
import { summarizeBudget, type BudgetSummary } from '../engine/release/budget-walk.js';
import type * as ast from './generated/ast.js';
import { budgetPlan, releasePlan, type BudgetPlan, type ReleasePlan } from './privspec-release-plan.js';
import { datasetPlan, datasetRoles, specParts, type DatasetPlan, type SpecParts } from './privspec-to-engine.js';

export interface SpecAnalysis {
  readonly parts: SpecParts;
  readonly dataset?: DatasetPlan;
  readonly budget: BudgetPlan;
  readonly plans: readonly ReleasePlan[];
  readonly summary: BudgetSummary<ReleasePlan>;
  /** DP releases that cannot run as written (a parameter problem, an unaccepted leak): not counted as planned. */
  readonly notRunnable: readonly string[];
  /** The values the spec lists inline (hierarchy groups), by column; file hierarchies are read by the runner. */
  readonly inlineDomains: ReadonlyMap<string, readonly string[]>;
  /** Columns whose value domain the spec declares: a hierarchy from a file or from listed groups. */
  readonly declaredDomains: ReadonlySet<string>;
}

const cache = new WeakMap<ast.Spec, SpecAnalysis>();

/** The spec's file path (for resolving the paths it names); `file` URIs only, anything else is its last segment. */
export function specPath(document: LangiumDocument): string {
  return document.uri.scheme === 'file'
    ? document.uri.fsPath
    : `/${document.uri.path.split('/').pop() ?? 'spec.privspec'}`;
}

/** The values of the domains the spec writes inline (listed groups); file hierarchies are read by the runner. */
function inlineDomains(parts: SpecParts): Map<string, readonly string[]> {
  const domains = new Map<string, readonly string[]>();
  for (const [name, h] of parts.hierarchies) {
    if (h.file === undefined && h.groups.length > 0) domains.set(name, [...new Set(h.groups.flatMap((g) => g.values))]);
  }
  return domains;
}

export function analyzeSpec(spec: ast.Spec, path: string): SpecAnalysis {
  const cached = cache.get(spec);
  if (cached) return cached;
  const parts = specParts(spec);
  const dataset =
    parts.dataset && (parts.dataset.file !== undefined || parts.dataset.table !== undefined)
      ? datasetPlan(parts.dataset, path)
      : undefined;
  const budget = budgetPlan(parts.budget);
  const declaredDomains = new Set(
    [...parts.hierarchies].filter(([, h]) => h.file !== undefined || h.groups.length > 0).map(([name]) => name),
  );
  const domains = inlineDomains(parts);
  const plans = spec.releases.map((r) =>
    releasePlan(
      r,
      budget,
      dataset?.unit,
      declaredDomains,
      domains,
      dataset?.correlation !== undefined,
      parts.dataset && datasetRoles(parts.dataset),
    ),
  );
  // Only releases that can run count as planned: one refused for an unaccepted leak spends nothing.
  const runnable = plans.filter((p) => p.risks.every((r) => r.accepted));
  const notRunnable = plans.filter((p) => p.dp && (p.problems.length > 0 || !runnable.includes(p))).map((p) => p.name);
  const analysis = {
    parts,
    dataset,
    budget,
    plans,
    summary: summarizeBudget(runnable, budget),
    declaredDomains,
    inlineDomains: domains,
    notRunnable,
  };
  cache.set(spec, analysis);
  return analysis;
}

export function analyzeDocument(document: LangiumDocument): SpecAnalysis {
  return analyzeSpec(document.parseResult.value as ast.Spec, specPath(document));
}
