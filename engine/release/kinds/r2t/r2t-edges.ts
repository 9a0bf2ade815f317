/**
 * An edge table read as an undirected simple graph whose nodes are privacy units (node privacy): each row `a, b` is the
 * edge {a, b}; a self-loop and a repeated edge (in either direction) count once, since the pairs and triangles of a
 * graph are those of its simple form.
 */
import { column, type Table } from '../../../table/table.js';

export type Edge = readonly [string, string];

/** The distinct undirected edges of `table`'s columns `a` and `b`, without self-loops, in order of first occurrence. */
export function edgesOf(table: Table, a: string, b: string): Edge[] {
  const ca = column(table, a);
  const cb = column(table, b);
  const seen = new Set<string>();
  const edges: Edge[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const x = ca.dictionary[ca.codes[r]];
    const y = cb.dictionary[cb.codes[r]];
    if (x === y) continue;
    const [lo, hi] = x < y ? [x, y] : [y, x];
    const key = JSON.stringify([lo, hi]);
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([lo, hi]);
  }
  return edges;
}
