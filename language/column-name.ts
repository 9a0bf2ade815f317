/**
 * The one way a column name is written into a spec by any edit or draft (quick fixes, the level edit, the spec draft,
 * the preview's edits): bare when the lexer reads it back as that very identifier, quoted otherwise. Pure (no Langium),
 * so that the editor's client and the command line can use it too; `test/language/column-name.test.ts` checks that the
 * keyword list below is exactly the grammar's and that every name round-trips through the parser.
 */

/**
 * Every word the grammar uses as a keyword. A column named like one is quoted, soft keywords included: `date` may name
 * a column bare in most places, but a quoted name never depends on where it stands.
 */
export const GRAMMAR_KEYWORDS: ReadonlySet<string> = new Set([
  'accept', 'accounting', 'and', 'anonymity', 'approx', 'bound', 'budget', 'by', 'c', 'clamp', 'correlation', 'count', 'dataset', 'date',
  'decade', 'delimiter', 'delta', 'discernibility', 'distinct', 'entropy', 'epsilon', 'exponential', 'from', 'gaussian', 'generalize',
  'grid', 'groups', 'hierarchy', 'identifying', 'in', 'insensitive', 'intervals', 'invariant', 'k', 'l1', 'laplace', 'loss', 'mask',
  'matrix', 'mean', 'metric', 'mode', 'month', 'on', 'pram', 'prior', 'privelet', 'pure', 'quadtree', 'quasi', 'recursive', 'release',
  'retain', 'rho', 'rows', 'sampling', 'sensitive', 'size', 'sum', 'suppression', 'unit', 'where', 'within', 'year', 'zcdp',
]);

/** A column name as a spec writes it: `age`, or `"where"`, `"visit date"`, `"say \"hi\""` (STRING escapes `\"` and `\\`). */
export function quoteColumn(name: string): string {
  if (/^[_a-zA-Z]\w*$/.test(name) && !GRAMMAR_KEYWORDS.has(name)) return name;
  return `"${name.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
