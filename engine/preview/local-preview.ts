/**
 * The preview of a local DP release: for each declared value, its exact count among the units that would report (the
 * data owner's figure, never written), the standard error of its estimate (the exact variance at that count:
 * randomized-response-estimate.ts, count-mean-sketch-estimate.ts) and one example estimate from a draw of every report
 * through the very protocol the release runs; and the domain size from which the count-mean sketch's error is below
 * randomized response's at this ε and n (local-accuracy.ts).
 */
import type { RandomSource } from '../core/random.js';
import { PrivacyError } from '../core/measures.js';
import { expectedStandardError, sketchBeatsResponseAt } from '../release/kinds/local/local-accuracy.js';
import { localProtocol, type LocalQuery } from '../release/kinds/local/local-protocol.js';
import { localDomain, reportingRows } from '../release/kinds/local/local-release.js';
import type { DatasetDescription } from '../release/release-description.js';
import { column, type Table } from '../table/table.js';
import type { LocalBody } from './preview-types.js';

/** Reports × cells above which the example draw is left out: a sketch of width 1024 over 32,000 units is 33 M flips. */
export const LOCAL_DRAW_LIMIT = 4_000_000;

export interface LocalPreviewInput {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly query: LocalQuery;
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly rng: RandomSource;
}

export function localPreview(input: LocalPreviewInput): LocalBody {
  const { table, query: q, rng } = input;
  const domain = localDomain(q, input.domains);
  const rows = reportingRows(table, input.dataset.unit, rng);
  const values = column(table, q.column);
  const index = new Map(domain.map((v, i) => [v, i]));
  const before = new Array<number>(domain.length).fill(0);
  for (const r of rows) {
    const i = index.get(values.dictionary[values.codes[r]]);
    if (i === undefined)
      throw new PrivacyError(
        `'${q.column}' holds '${values.dictionary[values.codes[r]]}', outside its declared domain`,
      );
    before[i]++;
  }
  const n = rows.length;
  const squares = before.reduce((s, x) => s + x * x, 0);
  const k = domain.length;
  const cells = q.protocol === 'randomized-response' ? 1 : (q.width ?? 0);
  let draw: Float64Array | undefined;
  if (n * cells <= LOCAL_DRAW_LIMIT) {
    const protocol = localProtocol(q, domain, { rng });
    draw = protocol.estimate(Array.from(rows, (r) => protocol.randomize(values.dictionary[values.codes[r]]))).estimates;
  }
  const width = q.width ?? 1024;
  const sketch = { ...q, protocol: 'count-mean-sketch' as const, width, hashes: q.hashes ?? 256 };
  return {
    kind: 'local',
    column: q.column,
    protocol: q.protocol,
    epsilon: q.epsilon,
    reports: n,
    values: domain.map((value, i) => ({
      value,
      before: before[i],
      standardError: expectedStandardError(q, k, n, before[i], squares - before[i] ** 2),
      draw: draw ? draw[i] : null,
    })),
    responseError: expectedStandardError({ ...q, protocol: 'randomized-response' }, k, n),
    sketchError: expectedStandardError(sketch, k, n),
    sketchWidth: width,
    sketchBeatsAt: sketchBeatsResponseAt(q.epsilon, n, width, q.hashes ?? 256) ?? null,
  };
}
