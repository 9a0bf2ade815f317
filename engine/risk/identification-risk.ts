/**
 * Identification risk of a randomized release (Hasegawa & Miura, §4; the Pk-anonymity setting of Ikarashi, Kikuchi,
 * Chida, Takahashi, IWSEC 2015): an attacker who knows the original table t and sees the shuffled release t′ asks how
 * likely original record r is released record r′. With A[i][j] = P(record i is released as record j) = Π_a P_a(t_i,a →
 * t′_j,a),
 *
 *   η(r, r′) = A[r][r′] · perm(A without row r and column r′) / perm(A)          (eqs. 15–19)
 *
 * Rows of η are original records, columns released records (the seed prints its 3×3 example transposed). Every row and
 * column of η sums to 1: each record is released as exactly one record.
 *
 * Identical records are collapsed into types with multiplicities (A's rows and columns repeat), and the type graph is
 * split into blocks that can only be confused among themselves (`identification-risk-blocks.ts`). Each block is solved
 * exactly by the dynamic programme over types (`permanent-by-types.ts`: non-negative terms only, on whichever side has
 * fewer states) when its states fit the limit, otherwise by MCMC with a measured error bound (`method: 'approximate'`).
 * Every block's η is checked — rows and columns sum to 1 within 1e-9, entries in [0, 1] — before it is reported; an
 * exact result that fails falls back to MCMC, and one that still fails is refused, never printed.
 */
import { PrivacyError } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import type { TransitionMatrix } from '../pram/transition-matrix.js';
import { checkTypedEta, typedBlocks } from './identification-risk-blocks.js';
import { mcmcEta } from './permanent-mcmc.js';
import { startingTransport } from './starting-transport.js';
import { stateCount, typedEta, type TypedMatrix } from './permanent-by-types.js';
import { typedLinkage, typesOfMatrix, type RecordTypes } from './record-types.js';

export { linkageMatrix } from './record-types.js';

/** Type pairs beyond this are refused before any work (memory R·C·28 bytes ≈ 470 MB at the limit). */
export const MAX_TYPE_PAIRS = 1 << 24;
/** Records beyond this are refused: the chain's work grows as records × sweeps. */
export const MAX_RECORDS = 100_000;
/** The exact DP's states are capped here whatever exactLimit says (memory: 24 bytes a state, 200 MB at the cap). */
export const MAX_EXACT_STATES = 2 ** 23;
/** η's full N × N matrix is built on request up to this many records. */
export const FULL_ETA_LIMIT = 2000;

export interface IdentificationRiskOptions {
  /**
   * Blocks whose dynamic programme has at most 2^exactLimit states (and at most MAX_EXACT_STATES) are solved exactly;
   * 20 by default.
   */
  readonly exactLimit?: number;
  /** Random source of the MCMC approximation (not privacy noise); `cryptoRandom()` by default. */
  readonly rng?: RandomSource;
  /** MCMC sweeps per approximated block (after burn-in). */
  readonly sweeps?: number;
}

export interface IdentificationRisk {
  readonly records: number;
  /** The type of each original and each released record (identical records share one), in file order. */
  readonly originalType: Int32Array;
  readonly releasedType: Int32Array;
  readonly originalTypes: number;
  readonly releasedTypes: number;
  /** typeEta[r·releasedTypes + c]: η of one original record of type r and one released record of type c. */
  readonly typeEta: Float64Array;
  /** eta[r][r′] for records in file order (built on first use; refused beyond FULL_ETA_LIMIT records). */
  readonly eta: number[][];
  /** η of original record i (0-based) and released record j. */
  etaAt(i: number, j: number): number;
  /** The largest η: the best chance of linking one original record to its release. */
  readonly maxRisk: number;
  readonly method: 'exact' | 'approximate';
  /**
   * Every reported η is within ± bound of the true value: rounding alone when exact; 3 batch-means SEs (~99.7 %) when
   * approximate.
   */
  readonly bound: number;
  readonly boundMeaning: string;
  /** The largest deviation of a row or column sum of η from 1 (checked ≤ 1e-9). */
  readonly checkError: number;
  readonly blocks: number;
  /** Records in the largest block. */
  readonly largestBlock: number;
}

export function identificationRisk(
  original: readonly (readonly string[])[],
  released: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
  options: IdentificationRiskOptions = {},
): IdentificationRisk {
  const n = original.length;
  if (released.length !== n)
    throw new PrivacyError(
      `identification risk: the original has ${n} records but the release ${released.length}; PRAM keeps every record`,
    );
  if (n > MAX_RECORDS)
    throw new PrivacyError(
      `identification risk: ${n} records exceed the ${MAX_RECORDS} reid handles; run it on a sample of at most ${MAX_RECORDS} records`,
    );
  return etaOfTypes(typedLinkage(original, released, matrices, MAX_TYPE_PAIRS), options);
}

/** η for a given linkage matrix A (n×n, row-major); identical rows and columns are collapsed first. */
export function etaOf(A: Float64Array, n: number, options: IdentificationRiskOptions = {}): IdentificationRisk {
  return etaOfTypes(typesOfMatrix(A, n), options);
}

const TOLERANCE = 1e-9;

export function etaOfTypes(t: RecordTypes, options: IdentificationRiskOptions = {}): IdentificationRisk {
  const exactLimit = options.exactLimit ?? 20;
  if (!Number.isInteger(exactLimit) || exactLimit < 1 || exactLimit > 26)
    throw new PrivacyError(`identification risk: exactLimit must be an integer in 1..26, got ${exactLimit}`);
  const maxStates = Math.min(2 ** exactLimit, MAX_EXACT_STATES);
  const R = t.rowCounts.length;
  const C = t.colCounts.length;
  const blocks = typedBlocks(t.b, R, C);
  let typeEta: Float64Array = new Float64Array(blocks.length === 1 ? 0 : R * C);
  let approximate = false;
  let bound = 0;
  let checkError = 0;
  let largestBlock = 0;
  for (const { rows, cols } of blocks) {
    const records = rows.reduce((s, r) => s + t.rowCounts[r], 0);
    const columns = cols.reduce((s, c) => s + t.colCounts[c], 0);
    if (records !== columns) {
      throw new PrivacyError(
        `identification risk: ${records} original records can only be released as ${columns} released records, so the release cannot have come from the original under these matrices`,
      );
    }
    largestBlock = Math.max(largestBlock, records);
    // One block holding every type (the usual case with retention below 1) is the matrix itself: no copy.
    const whole = rows.length === R && cols.length === C;
    const sub: TypedMatrix = whole
      ? t
      : {
          b: Float64Array.from(
            { length: rows.length * cols.length },
            (_, k) => t.b[rows[Math.floor(k / cols.length)] * C + cols[k % cols.length]],
          ),
          rowCounts: rows.map((r) => t.rowCounts[r]),
          colCounts: cols.map((c) => t.colCounts[c]),
        };
    let solved: { eta: Float64Array; bound: number; exact: boolean } | null = exactSolve(sub, maxStates);
    let error = solved ? checkTypedEta(solved.eta, sub.rowCounts, sub.colCounts) : Infinity;
    if (!solved || !(error <= TOLERANCE)) {
      const start = startingTransport(sub);
      if (!start)
        throw new PrivacyError(
          'identification risk: no assignment of original to released records has positive probability under these matrices',
        );
      const r = mcmcEta(sub, start, options.rng ?? cryptoRandom(), options.sweeps);
      solved = { eta: r.eta, bound: r.bound, exact: false };
      error = checkTypedEta(r.eta, sub.rowCounts, sub.colCounts);
      if (!(error <= TOLERANCE))
        throw new PrivacyError(
          `identification risk: η failed its check (a row or column sums to 1 ± ${error}); it is not reported`,
        );
    }
    if (!solved.exact) approximate = true;
    bound = Math.max(bound, solved.bound);
    checkError = Math.max(checkError, error);
    if (whole) typeEta = solved.eta;
    else
      for (let i = 0; i < rows.length; i++)
        for (let j = 0; j < cols.length; j++) typeEta[rows[i] * C + cols[j]] = solved.eta[i * cols.length + j];
  }
  let maxRisk = 0;
  for (const x of typeEta) if (x > maxRisk) maxRisk = x;
  const n = t.originalType.length;
  let full: number[][] | null = null;
  const etaAt = (i: number, j: number) => typeEta[t.originalType[i] * C + t.releasedType[j]];
  return {
    records: n,
    originalType: t.originalType,
    releasedType: t.releasedType,
    originalTypes: R,
    releasedTypes: C,
    typeEta,
    get eta(): number[][] {
      if (n > FULL_ETA_LIMIT)
        throw new PrivacyError(
          `identification risk: the full η of ${n} records is ${n} × ${n}; read it by type (typeEta) or per pair (etaAt)`,
        );
      full ??= Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => etaAt(i, j)));
      return full;
    },
    etaAt,
    maxRisk,
    method: approximate ? 'approximate' : 'exact',
    bound,
    boundMeaning: approximate
      ? 'each approximated η is within ±bound with about 99.7% probability (3 batch-means standard errors of MCMC); exact blocks are within their rounding bound'
      : 'each η is within ±bound of the exact value (floating-point rounding of sums of non-negative terms)',
    checkError,
    blocks: blocks.length,
    largestBlock,
  };
}

/** The exact DP on the side with fewer states, or null when neither fits. */
function exactSolve(m: TypedMatrix, maxStates: number): { eta: Float64Array; bound: number; exact: true } | null {
  const R = m.rowCounts.length;
  const C = m.colCounts.length;
  const byCols = stateCount(m.colCounts);
  const byRows = stateCount(m.rowCounts);
  if (Math.min(byCols, byRows) > maxStates) return null;
  if (byCols <= byRows) {
    const r = typedEta(m, maxStates);
    return r.logPermanent === -Infinity ? null : { eta: r.eta, bound: r.bound, exact: true };
  }
  const bt = new Float64Array(R * C);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) bt[c * R + r] = m.b[r * C + c];
  const r = typedEta({ b: bt, rowCounts: m.colCounts, colCounts: m.rowCounts }, maxStates);
  if (r.logPermanent === -Infinity) return null;
  const eta = new Float64Array(R * C);
  for (let r2 = 0; r2 < R; r2++) for (let c = 0; c < C; c++) eta[r2 * C + c] = r.eta[c * R + r2];
  return { eta, bound: r.bound, exact: true };
}
