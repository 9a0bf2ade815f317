/**
 * The release a point of the generalization × PRAM search stands for (Hasegawa & Miura, Algorithm 2): every
 * quasi-identifier generalized to the point's level; records in classes of the attributes kept as they are that hold
 * fewer than k records suppressed (removed); then each randomized attribute PRAM'd over its generalized values with the
 * point's retention (`retentionMatrix`, noise from the given secure source); rows written in a fresh uniformly random
 * order, so that row i of this file cannot be lined up with row i of the input or of another release. Only the columns
 * given are written (the caller passes the declared ones: quasi-identifiers, sensitive and kept columns).
 */
import { PrivacyError } from '../../core/measures.js';
import type { RandomSource } from '../../core/random.js';
import { uniformBelowSmall } from '../../dp/samplers/uniform.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import { makeProblem } from '../../search/problem.js';
import { column, type Table } from '../../table/table.js';
import { applyPram } from '../apply-pram.js';
import { retentionMatrix } from '../retention-matrix.js';
import type { GeneralizationPramPoint } from './generalization-pram-search.js';

export interface CombinedRelease {
  readonly header: string[];
  readonly rows: string[][];
  /** Records removed because their class (over the attributes not randomized) held fewer than k. */
  readonly suppressed: number;
  /**
   * The table row each output row comes from, in output order (the file's private row key:
   * engine/host/ledger/row-key.ts).
   */
  readonly sourceRows: Int32Array;
}

export function combinedRelease(
  table: Table,
  qi: readonly string[],
  hierarchies: readonly Hierarchy[],
  point: GeneralizationPramPoint,
  k: number,
  rng: RandomSource,
): CombinedRelease {
  const problem = makeProblem(table, { qi, hierarchies, criteria: [] });
  const q = problem.qi;
  const generalized = q.map((a, i) => {
    const codes = a.hierarchy.levelCodes[point.levels[i]];
    // The problem holds distinct records; the release is written row by row, from the table's own codes (the problem's
    // dictionaries are the table's, so the hierarchy's codes apply to them).
    return {
      name: a.name,
      codes: Int32Array.from(column(table, a.name).codes, (c) => codes[c]),
      dictionary: a.hierarchy.levelValues[point.levels[i]],
    };
  });
  const randomized = q.map((a) => point.pram[a.name] !== undefined);
  // Classes over the attributes released as they are; rows of classes below k are suppressed.
  const asIs = generalized.filter((_, i) => !randomized[i]);
  const keys = Array.from({ length: table.rowCount }, (_, r) => asIs.map((g) => g.codes[r]).join(','));
  const size = new Map<string, number>();
  for (const key of keys) size.set(key, (size.get(key) ?? 0) + 1);
  const kept: number[] = [];
  for (let r = 0; r < table.rowCount; r++) if (size.get(keys[r])! >= k) kept.push(r);
  const suppressed = table.rowCount - kept.length;
  if (suppressed !== point.suppressed)
    throw new PrivacyError(
      `the combined release suppresses ${suppressed} records where the search counted ${point.suppressed}; nothing is written`,
    );
  const values = generalized.map((g, i) => {
    const onKept = { name: g.name, codes: Int32Array.from(kept, (r) => g.codes[r]), dictionary: g.dictionary };
    if (!randomized[i]) return onKept;
    const matrix = retentionMatrix(g.dictionary, point.pram[g.name].retain);
    return applyPram([onKept], [matrix], rng)[0];
  });
  const byName = new Map(values.map((v) => [v.name, v]));
  const header = table.columns.map((c) => c.name);
  const rows = kept.map((r, i) =>
    table.columns.map((c) => {
      const v = byName.get(c.name);
      return v ? v.dictionary[v.codes[i]] : c.dictionary[c.codes[r]];
    }),
  );
  const sourceRows = Int32Array.from(kept);
  // Fisher–Yates with the secure source: the file's order says nothing about the input's. The source rows follow, so
  // that the data owner's key still names each row's input.
  for (let i = rows.length - 1; i > 0; i--) {
    const j = uniformBelowSmall(i + 1, rng);
    [rows[i], rows[j]] = [rows[j], rows[i]];
    [sourceRows[i], sourceRows[j]] = [sourceRows[j], sourceRows[i]];
  }
  return { header, rows, suppressed, sourceRows };
}
