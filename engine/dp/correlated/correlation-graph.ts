/**
 * The weighted undirected graph of the Gaussian correlation model (Yang, Sato, Nakagawa, SIGMOD 2015, Definition 5.1):
 * one vertex per privacy unit, an edge weight wᵢⱼ ≥ 0 for how strongly two units' values move together.
 * Its Laplacian L = D − W plus a prior τ·I (§5.5) is the precision matrix of the units' values.
 */
import { PrivacyError } from '../../core/measures.js';
import { cell, TableError, type Table } from '../../table/table.js';

export interface Edge {
  readonly a: number;
  readonly b: number;
  readonly w: number;
}

export interface CorrelationGraph {
  /** Number of units; vertices are 0 … n − 1. */
  readonly n: number;
  readonly edges: readonly Edge[];
}

/** Checks a graph given by indices: n a positive integer, endpoints in range and distinct, weights finite and ≥ 0. */
export function checkGraph(graph: CorrelationGraph): void {
  const { n, edges } = graph;
  if (!Number.isInteger(n) || n < 1)
    throw new PrivacyError(`a correlation graph needs at least one unit, got n = ${n}`);
  edges.forEach((e, k) => {
    for (const v of [e.a, e.b]) {
      if (!Number.isInteger(v) || v < 0 || v >= n)
        throw new PrivacyError(`edge ${k + 1}: endpoint ${v} is not a unit index in 0…${n - 1}`);
    }
    if (e.a === e.b) throw new PrivacyError(`edge ${k + 1}: a unit cannot be correlated with itself`);
    if (!(e.w >= 0) || !Number.isFinite(e.w))
      throw new PrivacyError(`edge ${k + 1}: weight must be a finite number ≥ 0, got ${e.w}`);
  });
}

/** The number of connected components, counting only edges of positive weight (union–find with path halving). */
export function componentCount(graph: CorrelationGraph): number {
  const parent = Int32Array.from({ length: graph.n }, (_, i) => i);
  const find = (x: number) => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  let components = graph.n;
  for (const e of graph.edges) {
    if (e.w <= 0) continue;
    const ra = find(e.a);
    const rb = find(e.b);
    if (ra !== rb) {
      parent[ra] = rb;
      components--;
    }
  }
  return components;
}

/** A graph read from an edge list, with the ids of its units in first-seen order (`ids[v]` is vertex v's id). */
export interface LabelledGraph {
  readonly graph: CorrelationGraph;
  readonly ids: readonly string[];
}

/**
 * Builds the graph from an edge-list table with the header `a,b` or `a,b,weight` (weight 1 when the column is absent).
 * Errors are `TableError`s naming the file and line: a wrong header, an empty id, a self-loop, a weight that is
 * negative or not a number, and an edge listed twice (in either direction), which is more often a mistake than a wish
 * to add.
 */
export function graphFromEdgeTable(table: Table): LabelledGraph {
  const source = table.source;
  const names = table.columns.map((c) => c.name);
  const header = names.join(',');
  if (header !== 'a,b' && header !== 'a,b,weight') {
    throw new TableError(`an edge list has the header 'a,b' or 'a,b,weight', got '${header}'`, source, 1);
  }
  if (table.rowCount === 0) throw new TableError('no edges: list one pair of correlated units per line', source, 2);
  const [ca, cb, cw] = table.columns;
  const lineOf = (r: number) => table.rowLines?.[r] ?? r + 2;
  const index = new Map<string, number>();
  const ids: string[] = [];
  const vertex = (id: string, r: number) => {
    if (id.trim() === '') throw new TableError('empty unit id', source, lineOf(r));
    let v = index.get(id);
    if (v === undefined) {
      v = ids.length;
      index.set(id, v);
      ids.push(id);
    }
    return v;
  };
  const seen = new Map<string, number>();
  const edges: Edge[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const idA = cell(ca, r);
    const idB = cell(cb, r);
    const a = vertex(idA, r);
    const b = vertex(idB, r);
    if (a === b)
      throw new TableError(
        `unit '${idA}' is paired with itself; a unit's correlation with itself is not an edge`,
        source,
        lineOf(r),
      );
    let w = 1;
    if (cw) {
      const raw = cell(cw, r);
      w = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(w))
        throw new TableError(`weight '${raw}' is not a number`, source, lineOf(r));
      if (w < 0)
        throw new TableError(
          `weight ${raw} is negative; the Gaussian correlation model needs weights ≥ 0`,
          source,
          lineOf(r),
        );
    }
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    const before = seen.get(key);
    if (before !== undefined)
      throw new TableError(
        `the pair ${idA},${idB} is listed again (first on line ${lineOf(before)}); list each pair once`,
        source,
        lineOf(r),
      );
    seen.set(key, r);
    edges.push({ a, b, w });
  }
  return { graph: { n: ids.length, edges }, ids };
}
