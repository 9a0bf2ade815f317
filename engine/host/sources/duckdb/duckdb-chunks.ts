/**
 * Reads a DuckDB result chunk by chunk into dictionary codes: each text column's values are numbered in order of first
 * appearance as they arrive, so what is held is a dictionary per column and 4 bytes per cell, never a JavaScript string
 * per cell; an optional last integer column is read as each row's weight (a frequency table's row count).
 */
import type { DuckDBResult } from '@duckdb/node-api';

export interface EncodedColumns {
  readonly dictionaries: string[][];
  readonly codes: Int32Array<ArrayBuffer>[];
  /** The last column, when the result is weighted. */
  readonly weights?: Int32Array<ArrayBuffer>;
  /** Rows read. */
  readonly count: number;
  /** Σ weights (or the rows when unweighted). */
  readonly total: number;
}

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** The first `textColumns` columns as codes, and the next as weights when `weighted`. */
export async function encodeChunks(
  result: DuckDBResult,
  textColumns: number,
  weighted: boolean,
): Promise<EncodedColumns> {
  const dicts = Array.from({ length: textColumns }, () => ({
    index: new Map<string, number>(),
    values: [] as string[],
  }));
  let codes = Array.from({ length: textColumns }, () => new Int32Array(1024));
  let weights = new Int32Array(weighted ? 1024 : 0);
  let count = 0;
  let total = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    if (count + n > (codes[0]?.length ?? weights.length)) {
      const size = Math.max(2 * (codes[0]?.length ?? weights.length), count + n);
      codes = codes.map((c) => grow(c, size));
      if (weighted) weights = grow(weights, size);
    }
    for (let j = 0; j < textColumns; j++) {
      const vector = chunk.getColumnVector(j);
      const d = dicts[j];
      const out = codes[j];
      for (let i = 0; i < n; i++) {
        const v = vector.getItem(i) as string;
        let code = d.index.get(v);
        if (code === undefined) d.index.set(v, (code = d.values.push(v) - 1));
        out[count + i] = code;
      }
    }
    if (weighted) {
      const vector = chunk.getColumnVector(textColumns);
      for (let i = 0; i < n; i++) total += weights[count + i] = vector.getItem(i) as number;
    } else total += n;
    count += n;
  }
  return {
    dictionaries: dicts.map((d) => d.values),
    codes: codes.map((c) => c.slice(0, count)),
    ...(weighted ? { weights: weights.slice(0, count) } : {}),
    count,
    total,
  };
}
