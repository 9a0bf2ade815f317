/**
 * Randomizes table columns with PRAM, each attribute independently with its own matrix: the Kronecker product of the
 * per-attribute matrices (Hasegawa & Miura, eq. 4) is never formed, since drawing every attribute of a record from its
 * own row is the same as drawing the record from the product's row. Noise comes from `cryptoRandom()` unless a source
 * is given (a seeded one only in tests).
 */
import { PrivacyError } from '../core/measures.js';
import { cryptoRandom, type RandomSource } from '../core/random.js';
import type { Column } from '../table/table.js';
import { PramSampler } from './pram-sampler.js';
import { labelIndex, type TransitionMatrix } from './transition-matrix.js';

/** Each column randomized with the matrix at the same position; the result's dictionaries are the matrices' labels. */
export function applyPram(
  columns: readonly Column[],
  matrices: readonly TransitionMatrix[],
  rng: RandomSource = cryptoRandom(),
): Column[] {
  if (columns.length !== matrices.length)
    throw new PrivacyError(`PRAM: ${columns.length} columns but ${matrices.length} transition matrices`);
  const plans = columns.map((c, i) => {
    const m = matrices[i];
    const index = labelIndex(m);
    // Dictionary code → matrix row, checked once per distinct value rather than once per row.
    const rowOf = Int32Array.from(c.dictionary, (value) => {
      const u = index.get(value);
      if (u === undefined)
        throw new PrivacyError(
          `PRAM: the value '${value}' of column '${c.name}' is not in the transition matrix's domain (${m.description})`,
        );
      return u;
    });
    return { c, rowOf, sampler: new PramSampler(m) };
  });
  return plans.map(({ c, rowOf, sampler }, i) => {
    const out = new Int32Array(c.codes.length);
    for (let r = 0; r < out.length; r++) out[r] = sampler.sample(rowOf[c.codes[r]], rng);
    return { name: c.name, codes: out, dictionary: matrices[i].labels };
  });
}

/** The same on plain string columns (columns[i][row]), for callers that hold no `Table`. */
export function applyPramToStrings(
  columns: readonly (readonly string[])[],
  matrices: readonly TransitionMatrix[],
  rng: RandomSource = cryptoRandom(),
): string[][] {
  const coded = columns.map((values, i): Column => {
    const index = new Map<string, number>();
    const dictionary: string[] = [];
    const codes = Int32Array.from(values, (v) => {
      let code = index.get(v);
      if (code === undefined) {
        code = dictionary.length;
        index.set(v, code);
        dictionary.push(v);
      }
      return code;
    });
    return { name: `column ${i + 1}`, codes, dictionary };
  });
  return applyPram(coded, matrices, rng).map((c) => Array.from(c.codes, (code) => c.dictionary[code]));
}
