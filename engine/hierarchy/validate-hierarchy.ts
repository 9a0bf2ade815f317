import type { Column } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';
import { pluralWord } from '../core/plural.js';

/** Codes for the language checker's diagnostics, in the manner of Langium's `IssueCodes`. */
export const HierarchyIssueCodes = {
  /** Column values the hierarchy does not cover. */
  MissingValues: 'hierarchy-missing-values',
  /**
   * Two values share a generalization at one level but not at the next, so the level is not a function of the one
   * below.
   */
  InconsistentLevel: 'hierarchy-inconsistent-level',
  /** A value's chain of generalizations is shorter or longer than the hierarchy's height. */
  Ragged: 'hierarchy-ragged',
} as const;

export type HierarchyIssueCode = (typeof HierarchyIssueCodes)[keyof typeof HierarchyIssueCodes];

export interface HierarchyProblem {
  readonly code: HierarchyIssueCode;
  /** One sentence, ready for a diagnostic. */
  readonly message: string;
  /** The level at which the problem shows (for an inconsistent level: the upper of the two levels). */
  readonly level?: number;
  /** The first offending value. */
  readonly value?: string;
  /** For missing values: the first ten, in column order. */
  readonly values?: readonly string[];
  /** For missing values: how many there are in all. */
  readonly count?: number;
  /** The line of the hierarchy file that defines `value`, when the hierarchy came from a file. */
  readonly line?: number;
}

const SHOWN = 10;

function quote(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * Checks a hierarchy against a column, returning problems rather than throwing so that the spec checker can turn each
 * into a diagnostic: the column values it does not cover (first ten and the total), the first value whose chain has the
 * wrong length, and the first value at which some level is not a function of the level below (two values that share a
 * generalization at level l must share it at level l+1, or the lattice of full-domain generalizations is not a
 * lattice). Values listed by the hierarchy itself (an ARX file's rows) are checked as well as the column's, file rows
 * first.
 */
export function validateHierarchy(hierarchy: Hierarchy, column?: Column): HierarchyProblem[] {
  const problems: HierarchyProblem[] = [];
  const height = hierarchy.height;
  const where = column ? `column '${column.name}'` : (hierarchy.source ?? 'the hierarchy');
  const line = (value: string) => hierarchy.lineOf?.(value);

  const domain = new Set(hierarchy.values ?? []);
  const missing: string[] = [];
  for (const value of column?.dictionary ?? []) {
    if (domain.has(value)) continue;
    if (hierarchy.generalize(value)) domain.add(value);
    else missing.push(value);
  }
  if (missing.length > 0) {
    const shown = missing.slice(0, SHOWN);
    const more = missing.length > SHOWN ? `, … (${missing.length} in all)` : '';
    const noun = pluralWord(missing.length, 'value is', 'values are');
    problems.push({
      code: HierarchyIssueCodes.MissingValues,
      message: `${where}: ${missing.length} ${noun} not covered by ${hierarchy.source ?? 'the hierarchy'}: ${quote(shown)}${more}`,
      values: shown,
      count: missing.length,
      value: shown[0],
    });
  }

  // `parent[l]` maps each value seen at level l to the value it generalizes to at level l+1.
  const parent = Array.from({ length: height }, () => new Map<string, { up: string; from: string }>());
  let raggedReported = false;
  let inconsistentReported = false;
  for (const value of domain) {
    const chain = hierarchy.generalize(value);
    if (!chain) continue;
    if (chain.length !== height + 1) {
      if (!raggedReported) {
        raggedReported = true;
        problems.push({
          code: HierarchyIssueCodes.Ragged,
          message: `value '${value}' has ${chain.length - 1} levels above it, expected ${height}`,
          value,
          level: Math.min(chain.length, height + 1) - 1,
          line: line(value),
        });
      }
      continue;
    }
    for (let l = 1; l < height && !inconsistentReported; l++) {
      const seen = parent[l].get(chain[l]);
      if (!seen) parent[l].set(chain[l], { up: chain[l + 1], from: value });
      else if (seen.up !== chain[l + 1]) {
        inconsistentReported = true;
        problems.push({
          code: HierarchyIssueCodes.InconsistentLevel,
          message:
            `level ${l + 1} is not a function of level ${l}: '${value}' and '${seen.from}' both generalize to '${chain[l]}' ` +
            `at level ${l}, but to '${chain[l + 1]}' and '${seen.up}' at level ${l + 1}`,
          value,
          level: l + 1,
          line: line(value),
        });
      }
    }
  }
  return problems;
}
