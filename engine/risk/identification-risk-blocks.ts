/**
 * The blocks of a typed linkage matrix, and the check every η passes before it is reported.
 *
 * Blocks are the connected components of the bipartite graph with an edge (row type r, column type c) wherever
 * B[r][c] > 0. After permuting rows and columns, A is block-diagonal with these blocks, and a perfect matching never
 * crosses a block, so perm(A) is the product of the blocks' permanents and η is computed block by block.
 */

export interface SupportBlock {
  readonly rows: number[];
  readonly cols: number[];
}

export function typedBlocks(b: Float64Array, R: number, C: number): SupportBlock[] {
  // Union–find over R + C nodes: row types 0..R−1, column types R..R+C−1.
  const parent = Int32Array.from({ length: R + C }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      if (b[r * C + c] > 0) {
        const x = find(r);
        const y = find(R + c);
        if (x !== y) parent[x] = y;
      }
    }
  }
  const byRoot = new Map<number, SupportBlock>();
  for (let x = 0; x < R + C; x++) {
    const root = find(x);
    let block = byRoot.get(root);
    if (!block) byRoot.set(root, (block = { rows: [], cols: [] }));
    if (x < R) block.rows.push(x);
    else block.cols.push(x - R);
  }
  return [...byRoot.values()];
}

/**
 * How far a typed η is from doubly stochastic: the largest |Σ_c n_c·η_rc − 1| and |Σ_r m_r·η_rc − 1| (each record's
 * row and column of the record-level η), or Infinity when an entry is not a number in [0, 1].
 */
export function checkTypedEta(eta: Float64Array, rowCounts: readonly number[], colCounts: readonly number[]): number {
  const R = rowCounts.length;
  const C = colCounts.length;
  const colSum = new Float64Array(C);
  let worst = 0;
  for (let r = 0; r < R; r++) {
    let rowSum = 0;
    for (let c = 0; c < C; c++) {
      const x = eta[r * C + c];
      if (!(x >= 0 && x <= 1)) return Infinity;
      rowSum += colCounts[c] * x;
      colSum[c] += rowCounts[r] * x;
    }
    worst = Math.max(worst, Math.abs(rowSum - 1));
  }
  for (let c = 0; c < C; c++) worst = Math.max(worst, Math.abs(colSum[c] - 1));
  return worst;
}
