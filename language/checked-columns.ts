import { anonymityPlan } from './privspec-to-engine.js';
import * as ast from './generated/ast.js';

/**
 * The columns the data checks read: the quasi-identifiers, the hierarchies' columns, units, sensitive columns, the
 * weight.
 */
export function checkedColumns(
  block: ast.Anonymity | undefined,
  dataset: ast.Dataset,
  quasi: readonly string[],
  hierarchyColumns: readonly string[],
  known: ReadonlySet<string>,
): string[] {
  const read = new Set<string>([...quasi, ...hierarchyColumns]);
  if (block) {
    try {
      for (const criterion of anonymityPlan(block).criteria)
        if (criterion.sensitive !== undefined) read.add(criterion.sensitive);
    } catch {
      // Parameter errors are the fast checks' business; the quasi-identifiers are still read.
    }
  }
  const weight = dataset.clauses.find(ast.isWeightClause)?.column?.name;
  if (weight !== undefined) read.add(weight);
  return [...read].filter((name) => known.has(name));
}
