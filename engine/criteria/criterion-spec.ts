import type { Criterion } from './criterion.js';
import { KAnonymity } from './k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from './l-diversity.js';

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
    };

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
  return undefined;
}

/** The criterion a plain form describes; throws the constructors' `TableError` for parameters they reject. */
export function criterionFrom(s: CriterionSpec): Criterion {
  if (s.kind === 'k-anonymity') return new KAnonymity(s.k, s.unit);
  if (s.variant === 'recursive') return new RecursiveCLDiversity(s.sensitive, s.c, s.l);
  if (s.variant === 'distinct') return new DistinctLDiversity(s.sensitive, s.l);
  return new EntropyLDiversity(s.sensitive, s.l);
}
