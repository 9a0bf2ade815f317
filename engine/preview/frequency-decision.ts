/**
 * The previews' view of a decision taken on a frequency table (engine/release/decide-generalization.ts, the one the
 * release takes): which records a node keeps and what they read at its levels. A preview on a Parquet file or a
 * database table reads nothing else, and a CSV's preview takes the same path from its table's frequency table, so both
 * show what the release decides.
 */
import { searchRowTransform } from '../release/microdata-row-transform.js';
import type { AnonymityDescription } from '../release/release-description.js';
import type { NodeEvaluation } from '../search/node-evaluator.js';
import { problemColumns, type AnonymizationProblem } from '../search/problem.js';
import type { FrequencyTable } from '../table/frequency-table.js';

/** A record's quasi-identifiers at `levels`, as the release writes them. */
export function valuesAt(problem: AnonymizationProblem, record: number, levels: readonly number[]): string[] {
  return problem.qi.map(
    (q, i) => q.hierarchy.levelValues[levels[i]][q.hierarchy.levelCodes[levels[i]][q.codes[record]]],
  );
}

/**
 * 1 for each record of the problem (taken on `frequencies`) whose class passes at the evaluated node, 0 for a
 * suppressed one: the release's row transform applied to the record's quasi-identifiers.
 */
export function keptRecords(frequencies: FrequencyTable, problem: AnonymizationProblem, e: NodeEvaluation): Uint8Array {
  const quasi = problem.qi.map((q) => q.name);
  const transform = searchRowTransform(problem, frequencies, quasi, e.levels, e);
  const kept = new Uint8Array(problem.recordCount);
  for (let t = 0; t < problem.recordCount; t++)
    kept[t] = transform(
      valuesAt(
        problem,
        t,
        quasi.map(() => 0),
      ),
    )
      ? 1
      : 0;
  return kept;
}

/**
 * The columns the anonymity block's search reads (`problemColumns`): the quasi-identifiers, then a sensitive column or
 * the unit.
 */
export function generalizeColumns(quasi: readonly string[], anonymity: AnonymityDescription): string[] {
  return problemColumns({
    qi: quasi,
    hierarchies: [],
    criteria: anonymity.criteria,
    suppression: anonymity.suppression,
  });
}
