import type { Criterion } from './criterion.js';
import { KAnonymity } from './k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from './l-diversity.js';
import { EqualDistanceTCloseness, HierarchicalDistanceTCloseness, OrderedDistanceTCloseness } from './t-closeness.js';
import { UnboundTCloseness, type TDistance } from './unbound-t-closeness.js';

/**
 * A privacy model as plain data, so that it can cross a process or thread boundary (the language server tells the
 * editor's worker what the spec requires) and be rebuilt there into the same criterion: one definition each way.
 */
export type CriterionSpec =
  | { readonly kind: 'k-anonymity'; readonly k: number; readonly unit?: string }
  | {
      readonly kind: 'l-diversity';
      readonly variant: 'distinct' | 'entropy';
      readonly sensitive: string;
      readonly l: number;
    }
  | {
      readonly kind: 'l-diversity';
      readonly variant: 'recursive';
      readonly sensitive: string;
      readonly l: number;
      readonly c: number;
    }
  | { readonly kind: 't-closeness'; readonly distance: TDistance; readonly sensitive: string; readonly t: number };

/** The plain form of a criterion, or undefined for a model that has none (none of the spec language's). */
export function criterionSpec(c: Criterion): CriterionSpec | undefined {
  if (c instanceof KAnonymity)
    return { kind: 'k-anonymity', k: c.k, ...(c.unit !== undefined ? { unit: c.unit } : {}) };
  if (c instanceof DistinctLDiversity)
    return { kind: 'l-diversity', variant: 'distinct', sensitive: c.sensitive, l: c.l };
  if (c instanceof EntropyLDiversity)
    return { kind: 'l-diversity', variant: 'entropy', sensitive: c.sensitive, l: c.l };
  if (c instanceof RecursiveCLDiversity)
    return { kind: 'l-diversity', variant: 'recursive', sensitive: c.sensitive, l: c.l, c: c.c };
  if (c instanceof UnboundTCloseness)
    return { kind: 't-closeness', distance: c.distance, sensitive: c.sensitive, t: c.t };
  const distance: TDistance | undefined =
    c instanceof EqualDistanceTCloseness
      ? 'equal'
      : c instanceof OrderedDistanceTCloseness
        ? 'ordered'
        : c instanceof HierarchicalDistanceTCloseness
          ? 'hierarchical'
          : undefined;
  if (distance && 't' in c && typeof c.t === 'number')
    return { kind: 't-closeness', distance, sensitive: c.sensitive!, t: c.t };
  return undefined;
}

/**
 * The criterion a plain form describes; throws the constructors' `TableError` for parameters they reject. t-closeness
 * comes back unbound: `bindCriteria` builds it on the data.
 */
export function criterionFrom(s: CriterionSpec): Criterion {
  if (s.kind === 'k-anonymity') return new KAnonymity(s.k, s.unit);
  if (s.kind === 't-closeness') return new UnboundTCloseness(s.sensitive, s.t, s.distance);
  if (s.variant === 'recursive') return new RecursiveCLDiversity(s.sensitive, s.c, s.l);
  if (s.variant === 'distinct') return new DistinctLDiversity(s.sensitive, s.l);
  return new EntropyLDiversity(s.sensitive, s.l);
}
