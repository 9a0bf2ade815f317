/**
 * Identification risk of a randomized release (Hasegawa & Miura, §4; the Pk-anonymity setting of Ikarashi, Kikuchi,
 * Chida, Takahashi 2015): an attacker who knows the original table t and sees the shuffled release t′ asks how likely
 * original record r is released record r′. With A[i][j] = P(record i is released as record j) = Π_a P_a(t_i,a → t′_j,a),
 *
 *   η(r, r′) = A[r][r′] · perm(A without row r and column r′) / perm(A)          (eqs. 15–19)
 *
 * Rows of η are original records, columns released records (the seed prints its 3×3 example transposed). Every row and
 * column of η sums to 1: each record is released as exactly one record.
 *
 * The records split into blocks that can only be confused among themselves (connected components of A's support, a
 * row's block being the columns it can reach); each block is solved on its own, exactly by Ryser's formula when it has
 * at most `exactLimit` records, otherwise by MCMC with a measured error bound (`method: 'approximate'`).
 */
import { PrivacyError } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import { labelIndex, type TransitionMatrix } from '../pram/transition-matrix.js';
import { mcmcEta } from './permanent-mcmc.js';
import { permanentWithMinors } from './permanent.js';
import { supportBlocks, startingMatching } from './identification-risk-blocks.js';

export interface IdentificationRiskOptions {
  /** Blocks up to this many records are solved exactly (2^N·N work); 20 by default. */
  readonly exactLimit?: number;
  /** Random source of the MCMC approximation (not privacy noise); `cryptoRandom()` by default. */
  readonly rng?: RandomSource;
  /** MCMC sweeps per approximated block (after burn-in). */
  readonly sweeps?: number;
}

export interface IdentificationRisk {
  /** eta[r][r′]: rows = original records, columns = released records, both in file order. */
  readonly eta: number[][];
  /** The largest η: the best chance of linking one original record to its release. */
  readonly maxRisk: number;
  readonly method: 'exact' | 'approximate';
  /** With `approximate`: every approximated η is within ± bound with about 99.7 % probability (3 batch-means SEs). */
  readonly bound?: number;
  readonly blocks: number;
  readonly largestBlock: number;
}

/** A[i][j] = Π_a P_a(original[i][a] → released[j][a]); records are arrays of values, one per attribute. */
export function linkageMatrix(original: readonly (readonly string[])[], released: readonly (readonly string[])[], matrices: readonly TransitionMatrix[]): Float64Array {
  const n = original.length;
  if (released.length !== n) throw new PrivacyError(`identification risk: the original has ${n} records but the release ${released.length}; PRAM keeps every record`);
  const m = matrices.length;
  const indexes = matrices.map(labelIndex);
  const code = (records: readonly (readonly string[])[], which: string) =>
    records.map((rec, r) => {
      if (rec.length !== m) throw new PrivacyError(`identification risk: ${which} record ${r + 1} has ${rec.length} values for ${m} attributes`);
      return rec.map((v, a) => {
        const u = indexes[a].get(v);
        if (u === undefined) throw new PrivacyError(`identification risk: ${which} record ${r + 1} holds '${v}', which is not in the domain of attribute ${a + 1} (${matrices[a].description})`);
        return u;
      });
    });
  const o = code(original, 'original');
  const rel = code(released, 'released');
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let p = 1;
      for (let a = 0; a < m && p !== 0; a++) p *= matrices[a].p[o[i][a] * matrices[a].size + rel[j][a]];
      A[i * n + j] = p;
    }
  }
  return A;
}

export function identificationRisk(
  original: readonly (readonly string[])[],
  released: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
  options: IdentificationRiskOptions = {},
): IdentificationRisk {
  return etaOf(linkageMatrix(original, released, matrices), original.length, options);
}

/** η for a given linkage matrix A (n×n, row-major). */
export function etaOf(A: Float64Array, n: number, options: IdentificationRiskOptions = {}): IdentificationRisk {
  const exactLimit = options.exactLimit ?? 20;
  if (!Number.isInteger(exactLimit) || exactLimit < 1 || exactLimit > 26) throw new PrivacyError(`identification risk: exactLimit must be an integer in 1..26, got ${exactLimit}`);
  const eta = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let method: 'exact' | 'approximate' = 'exact';
  let bound = 0;
  const blocks = supportBlocks(A, n);
  for (const { rows, cols } of blocks) {
    const k = rows.length;
    if (k !== cols.length) {
      throw new PrivacyError(`identification risk: ${k} original records can only be released as ${cols.length} released records, so the release cannot have come from the original under these matrices`);
    }
    const sub = new Float64Array(k * k);
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) sub[i * k + j] = A[rows[i] * n + cols[j]];
    if (k <= exactLimit) {
      const p = permanentWithMinors(sub, k);
      if (!(p.mantissa > 0)) throw new PrivacyError('identification risk: no assignment of original to released records has positive probability under these matrices');
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          // η = a_ij·perm(A_{−i,−j})/perm(A); the row scales cancel between numerator and denominator.
          eta[rows[i]][cols[j]] = Math.min(1, Math.max(0, (p.scaled[i * k + j] * p.minors[i * k + j]) / p.mantissa));
        }
      }
    } else {
      const start = startingMatching(sub, k);
      if (!start) throw new PrivacyError('identification risk: no assignment of original to released records has positive probability under these matrices');
      const r = mcmcEta(sub, k, start, options.rng ?? cryptoRandom(), options.sweeps);
      method = 'approximate';
      bound = Math.max(bound, r.bound);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) eta[rows[i]][cols[j]] = r.eta[i * k + j];
    }
  }
  let maxRisk = 0;
  for (const row of eta) for (const x of row) if (x > maxRisk) maxRisk = x;
  const largestBlock = blocks.reduce((b, x) => Math.max(b, x.rows.length), 0);
  return { eta, maxRisk, method, ...(method === 'approximate' ? { bound } : {}), blocks: blocks.length, largestBlock };
}
