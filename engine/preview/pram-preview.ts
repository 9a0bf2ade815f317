import type { RandomSource } from '../core/random.js';
import { canonicalFrequencyTable } from '../table/canonical-frequency-table.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { frequencyTableView } from '../anonymity/frequency-classes.js';
import { buildMatrix, type PramSpec } from '../pram/pram-spec.js';
import { combinedEpsilon, localEpsilon } from '../pram/local-epsilon.js';
import { PramSampler } from '../pram/pram-sampler.js';
import { labelIndex, toRows } from '../pram/transition-matrix.js';
import { PRAM_RISK_LIMIT, preparePram } from '../release/kinds/pram/pram-release.js';
import type { AnonymityDescription, DatasetDescription, QueryDescription } from '../release/release-description.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import { identificationRisk } from '../risk/identification-risk.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { column, type Column } from '../table/table.js';
import { sampledEta, sampledEtaText, uniformSampleFlags } from '../risk/sampled-identification-risk.js';
import type { TransitionMatrix } from '../pram/transition-matrix.js';
import { generalizeColumns, keptRecords } from './frequency-decision.js';
import { decideGeneralization, requireDecided } from '../release/decide-generalization.js';
import type { PramBody } from './preview-types.js';

/** √20: by Chebyshev's inequality at least 1 − 1/20 = 95 % of draws fall within √20 standard deviations. */
const CHEBYSHEV_95 = Math.sqrt(20);

type PramQuery = Extract<QueryDescription, { kind: 'pram' }>;

export interface PramPreviewInput {
  /** The frequency table over `pramColumns` (the randomized columns, and the columns the anonymity block reads). */
  readonly frequencies: FrequencyTable;
  readonly dataset: DatasetDescription;
  readonly query: PramQuery;
  /** Declared value domains (hierarchies that list values). */
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  readonly matrixText?: string;
  readonly matrixFile?: string;
  readonly rng: RandomSource;
}

/** Whether the release generalizes the quasi-identifiers beside the randomized columns, as `runPram` decides it. */
const generalizes = (dataset: DatasetDescription, anonymity?: AnonymityDescription) =>
  anonymity !== undefined && dataset.quasi.length > 0;

/**
 * The columns a PRAM preview's frequency table groups by: the randomized columns, then, when the anonymity block
 * decides which rows the file keeps, the columns its search reads (`problemColumns`).
 */
export function pramColumns(query: PramQuery, dataset: DatasetDescription, anonymity?: AnonymityDescription): string[] {
  return [
    ...new Set([
      ...query.columns,
      ...(generalizes(dataset, anonymity) ? generalizeColumns(dataset.quasi, anonymity!) : []),
    ]),
  ];
}

function specOf(q: PramQuery, text: string | undefined, source: string | undefined): PramSpec {
  return q.matrix !== undefined
    ? { kind: 'custom', csv: text ?? '', source: source?.split(/[\\/]/).pop() }
    : { kind: 'retention', retain: q.retain ?? NaN };
}

/**
 * A PRAM release from the frequency table of its columns: per attribute its transition matrix P and local ε (Kooiman,
 * Willenborg & Gouweleeuw 1997), the counts before over the rows the release writes (the anonymity block's decision on
 * the same frequency table suppresses the others, as the release does), their expectation after,
 * E[n′_v] = Σ_u n_u·P(u→v), with the Chebyshev band √20·σ where Var[n′_v] = Σ_u n_u·P(u→v)(1 − P(u→v)) (each record
 * moves independently), and one example draw — each row drawn from its value's row of P by the release's own sampler,
 * never written. The identification risk η comes from that draw: of the whole file when it has at most
 * PRAM_RISK_LIMIT rows, else estimated on a uniform sample (`identificationFigure`).
 */
export function pramPreview(input: PramPreviewInput): PramBody {
  const { dataset, query: q } = input;
  // The decision's own order (canonical-frequency-table.ts): its kept records index the records of this table.
  const f = canonicalFrequencyTable(input.frequencies);
  const view = frequencyTableView(f);
  // The release's own refusals (columns that never leave, an invariant PRAM, a value kept with certainty), before
  // anything is shown: the table it checks is the frequency table's records, which hold the same values.
  preparePram({
    table: view,
    dataset,
    query: q,
    domains: input.domains,
    hierarchies: input.hierarchies,
    anonymity: input.anonymity,
    matrixText: input.matrixText,
    matrixFile: input.matrixFile,
  });
  const columns = q.columns.map((name) => column(view, name));
  const spec = specOf(q, input.matrixText, input.matrixFile);
  const matrices = columns.map((c) => buildMatrix(spec, c, input.domains.get(c.name)).matrix);
  let kept: Uint8Array | undefined;
  if (generalizes(dataset, input.anonymity)) {
    try {
      const decision = requireDecided(
        decideGeneralization(f, { quasi: dataset.quasi, hierarchies: input.hierarchies, anonymity: input.anonymity }),
      );
      kept = keptRecords(f, decision.problem, decision.evaluation);
    } catch (e) {
      if (e instanceof ReleaseUnavailable)
        throw new ReleaseUnavailable(
          `pram writes the quasi-identifiers generalized as the anonymity block says, and ${e.message}`,
        );
      throw e;
    }
  }
  // Each record's index in each matrix, and its rows (suppressed records count none).
  const indexOf = columns.map((c, i) => {
    const index = labelIndex(matrices[i]);
    return Int32Array.from(c.dictionary, (v) => index.get(v) ?? -1);
  });
  const weight = (t: number) => (kept && !kept[t] ? 0 : f.weights[t]);
  const samplers = matrices.map((m) => new PramSampler(m));
  let rows = 0;
  for (let t = 0; t < f.count; t++) rows += weight(t);
  const k = columns.length;
  const draws = matrices.map((m) => new Array<number>(m.size).fill(0));
  const befores = matrices.map((m) => new Array<number>(m.size).fill(0));
  // Each written row's record and released index per attribute (−1 for a value outside the matrix, written as it is),
  // kept for the identification risk: typed arrays, no row allocated.
  const recordOf = new Int32Array(rows);
  const releasedIndex = columns.map(() => new Int32Array(rows));
  const us = new Int32Array(k);
  // Rows are drawn record by record, each attribute independently as the release draws it.
  let row = 0;
  for (let t = 0; t < f.count; t++) {
    const w = weight(t);
    for (let i = 0; i < k; i++) {
      us[i] = indexOf[i][columns[i].codes[t]];
      if (us[i] >= 0) befores[i][us[i]] += w;
    }
    for (let r = 0; r < w; r++, row++) {
      recordOf[row] = t;
      for (let i = 0; i < k; i++) {
        const v = us[i] >= 0 ? samplers[i].sample(us[i], input.rng) : -1;
        if (v >= 0) draws[i][v]++;
        releasedIndex[i][row] = v;
      }
    }
  }
  const highestRisk = identificationFigure(rows, recordOf, releasedIndex, columns, matrices, input.rng);
  return {
    kind: 'pram',
    attributes: matrices.map((m, i) => {
      const matrix = toRows(m);
      const before = befores[i];
      const expected = m.labels.map((_, v) => before.reduce((s, n, u) => s + n * matrix[u][v], 0));
      const band = m.labels.map(
        (_, v) => CHEBYSHEV_95 * Math.sqrt(before.reduce((s, n, u) => s + n * matrix[u][v] * (1 - matrix[u][v]), 0)),
      );
      return {
        name: q.columns[i],
        labels: [...m.labels],
        matrix,
        epsilon: localEpsilon(m),
        before,
        expected,
        band,
        draw: draws[i],
      };
    }),
    combinedEpsilon: combinedEpsilon(matrices),
    highestRisk,
  };
}

/**
 * The sample η is estimated on beyond PRAM_RISK_LIMIT rows, and the MCMC sweeps it runs: about 125,000 chain steps
 * (with burn-in), a few hundred milliseconds, so that a PRAM preview of Adult stays within a second. A sample of
 * 2,000 at the engine's default 1,500 sweeps took 7–14 s on Adult (occupation and education): η of that many records is
 * the command line's to compute. The statement gives the chain's own bound beside the sampling interval.
 */
const ETA_SAMPLE = 500;
const ETA_SWEEPS = 200;

/**
 * η of the example draw: exact (or MCMC within its bound) for a file of at most PRAM_RISK_LIMIT rows, as the command
 * line computes it; beyond, estimated on a uniform sample of ETA_SAMPLE of the written rows
 * (`sampled-identification-risk.ts`), drawn from the preview's random source — cryptoRandom in use, a seed in tests —
 * after the example draw, so the draw is the release's. The sample changes with every preview, as the draw does; the
 * interval says how much that moves the mean.
 */
function identificationFigure(
  rows: number,
  recordOf: Int32Array,
  releasedIndex: readonly Int32Array[],
  columns: readonly Column[],
  matrices: readonly TransitionMatrix[],
  rng: RandomSource,
): number | string {
  const sampled = rows > PRAM_RISK_LIMIT ? uniformSampleFlags(rows, ETA_SAMPLE, rng) : undefined;
  const original: string[][] = [];
  const released: string[][] = [];
  for (let r = 0; r < rows; r++) {
    if (sampled && !sampled[r]) continue;
    const values = columns.map((c) => c.dictionary[c.codes[recordOf[r]]]);
    original.push(values);
    released.push(releasedIndex.map((v, i) => (v[r] >= 0 ? matrices[i].labels[v[r]] : values[i])));
  }
  if (!sampled) return identificationRisk(original, released, matrices, { rng }).maxRisk;
  return sampledEtaText(sampledEta(original, released, matrices, rows, { rng, sweeps: ETA_SWEEPS }), (x) =>
    String(Number(x.toPrecision(3))),
  );
}
