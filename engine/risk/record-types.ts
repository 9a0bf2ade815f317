/**
 * Records as types: identical original records (and identical released records) give identical rows (columns) of the
 * linkage matrix A[i][j] = Π_a P_a(t_i,a → t′_j,a) (Hasegawa & Miura, eq. 18), so A is stored as the R × C matrix B of
 * its distinct rows and columns with their multiplicities. η is the same for every pair of records of the same two
 * types (the records of a type are exchangeable), so nothing N × N is ever built: real microdata repeats its
 * quasi-identifiers, and the types are far fewer than the records.
 */
import { PrivacyError } from '../core/measures.js';
import { labelIndex, type TransitionMatrix } from '../pram/transition-matrix.js';

export interface RecordTypes {
  /** B[r·C + c]: the probability that a record of original type r is released as one of released type c. */
  readonly b: Float64Array;
  readonly rowCounts: number[];
  readonly colCounts: number[];
  /** The type of each original (released) record in file order. */
  readonly originalType: Int32Array;
  readonly releasedType: Int32Array;
}

/** Items 0…n−1 grouped by key, in first-seen order: each item's type, the first item of each type and its count. */
function groupByKey(n: number, key: (i: number) => string): { typeOf: Int32Array; first: number[]; counts: number[] } {
  const typeOf = new Int32Array(n);
  const first: number[] = [];
  const counts: number[] = [];
  const byKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = key(i);
    let t = byKey.get(k);
    if (t === undefined) {
      t = first.length;
      byKey.set(k, t);
      first.push(i);
      counts.push(0);
    }
    counts[t]++;
    typeOf[i] = t;
  }
  return { typeOf, first, counts };
}

/** Codes every record's values and groups identical records: the type of each record and one code vector per type. */
function group(
  records: readonly (readonly string[])[],
  indexes: readonly Map<string, number>[],
  matrices: readonly TransitionMatrix[],
  which: string,
) {
  const m = matrices.length;
  const coded = records.map((rec, r) => {
    if (rec.length !== m)
      throw new PrivacyError(
        `identification risk: ${which} record ${r + 1} has ${rec.length} values for ${m} attributes`,
      );
    const code = new Int32Array(m);
    for (let a = 0; a < m; a++) {
      const u = indexes[a].get(rec[a]);
      if (u === undefined)
        throw new PrivacyError(
          `identification risk: ${which} record ${r + 1} holds '${rec[a]}', which is not in the domain of attribute ${a + 1} (${matrices[a].description})`,
        );
      code[a] = u;
    }
    return code;
  });
  const { typeOf, first, counts } = groupByKey(records.length, (r) => coded[r].join(','));
  return { typeOf, codes: first.map((r) => coded[r]), counts };
}

/** The typed linkage matrix of two files; refuses (before allocating) more than `maxPairs` type pairs. */
export function typedLinkage(
  original: readonly (readonly string[])[],
  released: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
  maxPairs = Infinity,
): RecordTypes {
  const n = original.length;
  if (released.length !== n)
    throw new PrivacyError(
      `identification risk: the original has ${n} records but the release ${released.length}; PRAM keeps every record`,
    );
  const indexes = matrices.map(labelIndex);
  const o = group(original, indexes, matrices, 'original');
  const rel = group(released, indexes, matrices, 'released');
  const R = o.codes.length;
  const C = rel.codes.length;
  if (R * C > maxPairs) {
    throw new PrivacyError(
      `identification risk: ${R} distinct original and ${C} distinct released records make ${R * C} type pairs, more than the ${maxPairs} reid holds in memory; ` +
        `run it on a sample or on fewer attributes (about ${Math.floor(Math.sqrt(maxPairs))} distinct records on each side fit)`,
    );
  }
  const b = new Float64Array(R * C);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      let p = 1;
      for (let a = 0; a < matrices.length && p !== 0; a++)
        p *= matrices[a].p[o.codes[r][a] * matrices[a].size + rel.codes[c][a]];
      b[r * C + c] = p;
    }
  }
  return { b, rowCounts: o.counts, colCounts: rel.counts, originalType: o.typeOf, releasedType: rel.typeOf };
}

/** A[i][j] = Π_a P_a(original[i][a] → released[j][a]), record by record (n × n; for small files and tests). */
export function linkageMatrix(
  original: readonly (readonly string[])[],
  released: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
): Float64Array {
  const t = typedLinkage(original, released, matrices);
  const n = original.length;
  const C = t.colCounts.length;
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) A[i * n + j] = t.b[t.originalType[i] * C + t.releasedType[j]];
  return A;
}

/** The types of a given n × n matrix: rows (columns) with exactly equal entries share a type. */
export function typesOfMatrix(A: Float64Array, n: number): RecordTypes {
  if (A.length !== n * n)
    throw new RangeError(`identification risk: a ${n}×${n} matrix is needed, got ${A.length} entries`);
  for (let k = 0; k < n * n; k++)
    if (!(A[k] >= 0) || !Number.isFinite(A[k]))
      throw new RangeError(
        `identification risk: entry (${Math.floor(k / n)}, ${k % n}) is ${A[k]}; entries must be finite and ≥ 0`,
      );
  const rows = groupByKey(n, (i) => Array.from(A.subarray(i * n, i * n + n)).join(','));
  const cols = groupByKey(n, (j) => Array.from({ length: n }, (_, i) => A[i * n + j]).join(','));
  const R = rows.first.length;
  const C = cols.first.length;
  const b = new Float64Array(R * C);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) b[r * C + c] = A[rows.first[r] * n + cols.first[c]];
  return { b, rowCounts: rows.counts, colCounts: cols.counts, originalType: rows.typeOf, releasedType: cols.typeOf };
}
