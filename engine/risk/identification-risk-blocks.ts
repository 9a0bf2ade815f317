/**
 * The blocks of a linkage matrix: connected components of the bipartite graph with an edge (row i, column j) wherever
 * A[i][j] > 0. After permuting rows and columns, A is block-diagonal with these blocks, and a perfect matching never
 * crosses a block, so perm(A) is the product of the blocks' permanents and η is computed block by block.
 */

export interface SupportBlock {
  readonly rows: number[];
  readonly cols: number[];
}

export function supportBlocks(A: Float64Array, n: number): SupportBlock[] {
  // Union–find over 2n nodes: rows 0..n−1, columns n..2n−1.
  const parent = Int32Array.from({ length: 2 * n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (A[i * n + j] > 0) {
        const a = find(i);
        const b = find(n + j);
        if (a !== b) parent[a] = b;
      }
    }
  }
  const byRoot = new Map<number, SupportBlock>();
  for (let x = 0; x < 2 * n; x++) {
    const root = find(x);
    let block = byRoot.get(root);
    if (!block) byRoot.set(root, (block = { rows: [], cols: [] }));
    if (x < n) block.rows.push(x);
    else block.cols.push(x - n);
  }
  return [...byRoot.values()];
}

/**
 * A perfect matching on A's support (Kuhn's augmenting paths, each row trying its likeliest columns first), as
 * `match[row] = column`, or null when there is none.
 */
export function startingMatching(A: Float64Array, n: number): Int32Array | null {
  const order = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => j)
      .filter((j) => A[i * n + j] > 0)
      .sort((x, y) => A[i * n + y] - A[i * n + x]),
  );
  const rowOf = new Int32Array(n).fill(-1);
  const tryRow = (i: number, seen: Uint8Array): boolean => {
    for (const j of order[i]) {
      if (seen[j]) continue;
      seen[j] = 1;
      if (rowOf[j] < 0 || tryRow(rowOf[j], seen)) {
        rowOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < n; i++) if (!tryRow(i, new Uint8Array(n))) return null;
  const match = new Int32Array(n);
  for (let j = 0; j < n; j++) match[rowOf[j]] = j;
  return match;
}
