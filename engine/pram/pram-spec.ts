/**
 * Building an attribute's transition matrix from what a spec or a command line says: a retention (optionally made
 * invariant), or a matrix file's text. The domain is the column's declared values when the caller has them (a
 * hierarchy's list), else the distinct values of the data — which makes the matrix, and so ε, depend on the data;
 * `domainFromData` tells the caller to warn as histograms do (`data-dependent-domain`).
 */
import { PrivacyError } from '../core/measures.js';
import type { Column } from '../table/table.js';
import { matrixFromCsv } from './custom-matrix.js';
import { invariantMatrix } from './invariant-pram.js';
import { retentionMatrix } from './retention-matrix.js';
import type { TransitionMatrix } from './transition-matrix.js';

export type PramSpec =
  | { readonly kind: 'retention'; readonly retain: number }
  /** Invariant PRAM over a retention matrix; α as sdcMicro's `alpha` (default 1: R itself). */
  | { readonly kind: 'invariant'; readonly retain: number; readonly alpha?: number }
  | { readonly kind: 'custom'; readonly csv: string; readonly source?: string };

export interface BuiltMatrix {
  readonly matrix: TransitionMatrix;
  /** True when the domain was taken from the data rather than declared. */
  readonly domainFromData: boolean;
}

/** The matrix for `column` under `spec`; `domain` is the declared list of values, when there is one. */
export function buildMatrix(spec: PramSpec, column: Column, domain?: readonly string[]): BuiltMatrix {
  const values = domain ?? distinctValues(column);
  if (domain) {
    const known = new Set(domain);
    const outside = distinctValues(column).filter((v) => !known.has(v));
    if (outside.length > 0)
      throw new PrivacyError(
        `PRAM: column '${column.name}' holds ${outside
          .slice(0, 3)
          .map((v) => `'${v}'`)
          .join(', ')}${outside.length > 3 ? ` and ${outside.length - 3} more` : ''}, not in its declared domain`,
      );
  }
  switch (spec.kind) {
    case 'retention':
      return { matrix: retentionMatrix(values, spec.retain), domainFromData: !domain };
    case 'invariant': {
      const base = retentionMatrix(values, spec.retain);
      return { matrix: invariantMatrix(base, frequencies(column, values), spec.alpha ?? 1), domainFromData: !domain };
    }
    case 'custom':
      // A file names its own labels; they must cover the data (and equal the declared domain when there is one).
      return {
        matrix: matrixFromCsv(spec.csv, { source: spec.source, domain: domain ?? undefined }),
        domainFromData: false,
      };
  }
}

/** The values the column holds, in first-seen order (dictionary values with at least one row). */
export function distinctValues(column: Column): string[] {
  const seen = new Uint8Array(column.dictionary.length);
  for (let r = 0; r < column.codes.length; r++) seen[column.codes[r]] = 1;
  return column.dictionary.filter((_, c) => seen[c] === 1);
}

/** Observed counts of `values` in the column. */
export function frequencies(column: Column, values: readonly string[]): Float64Array {
  const index = new Map(values.map((v, i) => [v, i]));
  const byCode = Int32Array.from(column.dictionary, (v) => index.get(v) ?? -1);
  const out = new Float64Array(values.length);
  for (let r = 0; r < column.codes.length; r++) {
    const u = byCode[column.codes[r]];
    if (u >= 0) out[u]++;
  }
  return out;
}
