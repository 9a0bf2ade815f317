/**
 * A small discrete joint distribution over n correlated tuples: the data model of Bayesian differential privacy
 * (Yang, Sato, Nakagawa, SIGMOD 2015, §3.1 assumption 1: the correlation Pr(x₁, …, xₙ) is public).
 *
 * Given as a table of outcomes (one column per tuple, numeric values) with their probabilities in a column `p`.
 * Exact leakage enumerates all n·2^(n−1) adversaries, so n is capped at 12.
 */
import { PrivacyError } from '../../core/measures.js';
import { cell, TableError, type Table } from '../../table/table.js';

export const MAX_JOINT_TUPLES = 12;
/** Probabilities must add up to 1 within this; sums of decimals such as 0.49 + 0.01 + … are rarely exactly 1. */
const SUM_TOLERANCE = 1e-6;

export interface JointDistribution {
  /** Tuple names, in column order. */
  readonly names: readonly string[];
  /** One outcome per entry: the value of every tuple. */
  readonly outcomes: readonly Float64Array[];
  /** The probability of each outcome, normalised to sum to 1; outcomes with probability 0 are dropped. */
  readonly p: Float64Array;
}

/**
 * Checks and normalises a joint distribution given in memory. Throws a `PrivacyError` on a wrong shape, a value that is
 * not finite, a negative probability, a repeated outcome, or probabilities that do not add up to 1.
 */
export function makeJointDistribution(
  names: readonly string[],
  outcomes: readonly (readonly number[])[],
  p: readonly number[],
): JointDistribution {
  const n = names.length;
  if (n < 1 || n > MAX_JOINT_TUPLES)
    throw new PrivacyError(`a joint distribution needs 1 to ${MAX_JOINT_TUPLES} tuples, got ${n}`);
  if (new Set(names).size !== n) throw new PrivacyError('two tuples have the same name');
  if (outcomes.length !== p.length) throw new PrivacyError(`${outcomes.length} outcomes but ${p.length} probabilities`);
  const seen = new Map<string, number>();
  let total = 0;
  outcomes.forEach((o, r) => {
    if (o.length !== n) throw new PrivacyError(`outcome ${r + 1} has ${o.length} values, expected ${n}`);
    if (!o.every(Number.isFinite)) throw new PrivacyError(`outcome ${r + 1} has a value that is not a finite number`);
    if (!(p[r] >= 0) || !Number.isFinite(p[r]))
      throw new PrivacyError(`outcome ${r + 1}: probability must be a finite number ≥ 0, got ${p[r]}`);
    const key = o.join(',');
    const before = seen.get(key);
    if (before !== undefined)
      throw new PrivacyError(`outcome ${r + 1} repeats outcome ${before + 1} (${key}); list each outcome once`);
    seen.set(key, r);
    total += p[r];
  });
  if (!(Math.abs(total - 1) <= SUM_TOLERANCE)) throw new PrivacyError(`the probabilities add up to ${total}, not 1`);
  const keep = outcomes.map((_, r) => r).filter((r) => p[r] > 0);
  return {
    names: [...names],
    outcomes: keep.map((r) => Float64Array.from(outcomes[r])),
    p: Float64Array.from(keep, (r) => p[r] / total),
  };
}

/**
 * Reads a joint distribution from a parsed CSV: one column per tuple plus `p`. Errors are `TableError`s naming the file
 * and the line, so the CLI can print one line and an editor can place a diagnostic.
 */
export function jointFromTable(table: Table): JointDistribution {
  const source = table.source;
  const pIndex = table.columns.findIndex((c) => c.name === 'p');
  if (pIndex < 0) {
    throw new TableError(
      `no column 'p': a joint file has one column per tuple plus the probability p (columns: ${table.columns.map((c) => c.name).join(', ')})`,
      source,
      1,
    );
  }
  const tupleColumns = table.columns.filter((_, j) => j !== pIndex);
  if (tupleColumns.length === 0)
    throw new TableError('a joint file needs at least one tuple column besides p', source, 1);
  if (table.rowCount === 0) throw new TableError('no outcomes: a joint file needs one row per outcome', source, 2);
  const lineOf = (r: number) => table.rowLines?.[r] ?? r + 2;
  const number = (raw: string, r: number, what: string) => {
    const x = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(x)) {
      throw new TableError(
        `${what} '${raw}' is not a number; a joint file holds numeric tuple values (ids of units belong in an edge list)`,
        source,
        lineOf(r),
      );
    }
    return x;
  };
  const outcomes: number[][] = [];
  const p: number[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    outcomes.push(tupleColumns.map((c) => number(cell(c, r), r, `value of ${c.name}`)));
    const pr = number(cell(table.columns[pIndex], r), r, 'probability');
    if (pr < 0) throw new TableError(`probability ${pr} is negative`, source, lineOf(r));
    p.push(pr);
  }
  try {
    return makeJointDistribution(
      tupleColumns.map((c) => c.name),
      outcomes,
      p,
    );
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    // Point at the line of the outcome named in the message when there is one.
    const m = /^outcome (\d+)/.exec(e.message);
    throw new TableError(
      e.message.replace(/^outcome \d+( repeats outcome (\d+))?/, (_, rep, b) =>
        rep ? `this outcome repeats line ${lineOf(Number(b) - 1)}` : 'this outcome',
      ),
      source,
      m ? lineOf(Number(m[1]) - 1) : undefined,
    );
  }
}
