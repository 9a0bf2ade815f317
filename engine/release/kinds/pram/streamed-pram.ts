/**
 * The `pram` release on a source too large to hold (DuckDB over Parquet or a large CSV, a PostgreSQL or ClickHouse
 * table), prepared from frequency tables and streamed like the generalize release (streamed-generalize.ts):
 *
 * - the matrices are built before the spend from the frequency table of the PRAM columns: a declared domain as always,
 *   a domain from the data as the values that table holds (every value of its dictionaries has rows, which is what
 *   pram-spec.ts's distinctValues reads of a table column); so the local ε is known before anything is recorded;
 * - the expected distortion Σ|E[h′] − h| comes from the true counts, which that frequency table's weights are;
 * - the quasi-identifiers are generalized as the anonymity block decides, on the frequency table of `problemColumns`
 *   (the generalize release's decision), and rows of failing classes are left out;
 * - each streamed row is generalized, then its PRAM columns drawn from their matrices' rows (pramRowTransform, the
 *   run's generator: secure unless seeded), then projected onto the in-memory release's header (same columns, same
 *   order).
 *
 * The report is the in-memory release's (matrices, ε, notes): nothing data-dependent is added. The identification
 * risk η (terminal only) is computed as the in-memory release computes it, when the decision keeps at most
 * PRAM_RISK_LIMIT records: it needs every written record's original and released values side by side (the linkage
 * matrix of Ryser's permanents), which the stream then keeps — at most 2,000 rows — and η is computed once the file is
 * written. Beyond, it says "not computed" with the reason, in the in-memory release's words.
 */
import type { RandomSource } from '../../../core/random.js';
import { PrivacyError } from '../../../core/measures.js';
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import { combinedEpsilon } from '../../../pram/local-epsilon.js';
import { labelIndex } from '../../../pram/transition-matrix.js';
import { pramRowTransform, type RowTransform } from '../../microdata-row-transform.js';
import type { ClassTally } from '../../class-tally.js';
import type { AnonymityDescription, DatasetDescription, QueryDescription } from '../../release-description.js';
import { ReleaseUnavailable } from '../../release-unavailable.js';
import {
  buildPramMatrices,
  PRAM_RISK_LIMIT,
  pramFigures,
  pramHeader,
  pramQuasi,
  pramRisk,
  pramRiskLine,
  pramSuppressedLine,
  pramUnavailable,
} from './pram-release.js';
import { dictionaryWidth, microdataBytes, microdataPrepared } from '../prepared-release.js';
import { generalizationColumns } from '../../decide-generalization.js';
import type { DataSource } from '../../../source/data-source.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import type { Column } from '../../../table/table.js';
import { decideStreamed, type StreamedRelease } from '../generalize/streamed-generalize.js';
import { largest } from '../../../core/extremes.js';

type PramQuery = Extract<QueryDescription, { kind: 'pram' }>;

export interface StreamedPramInput {
  readonly dataset: DatasetDescription;
  readonly query: PramQuery;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  /** Declared value domains (hierarchies that list values). */
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly matrixText?: string;
  readonly matrixFile?: string;
  /** The PRAM draws' generator: the run's (secure unless seeded). */
  readonly rng: RandomSource;
}

/** The frequency table's columns as table columns over its distinct records (codes per record, weights apart). */
function recordColumns(frequencies: FrequencyTable): Column[] {
  return frequencies.columns.map((c, j) => ({ name: c.name, dictionary: c.dictionary, codes: frequencies.codes[j] }));
}

/** Reads the frequency tables it needs from `source` (before the spend) and prepares the release. */
export async function prepareStreamedPram(
  source: DataSource,
  columns: readonly string[],
  input: StreamedPramInput,
): Promise<StreamedRelease> {
  const { dataset, query: q, anonymity } = input;
  const pramFrequencies = await source.frequencyTable({ columns: q.columns });
  const built = buildPramMatrices(input, recordColumns(pramFrequencies));
  // A matrix file that does not name a value the data holds would fail mid-stream, after the spend: refused now.
  built.matrices.forEach((m, i) => {
    const index = labelIndex(m);
    const outside = pramFrequencies.columns[i].dictionary.filter((v) => !index.has(v));
    if (outside.length > 0)
      throw new PrivacyError(
        `PRAM: the value '${outside[0]}' of '${q.columns[i]}' is not in the transition matrix's domain (${m.description})`,
      );
  });
  const quasi = pramQuasi(dataset, q, anonymity);
  const header = pramHeader(columns, q, quasi);
  let decision: { frequencies: FrequencyTable } | undefined;
  if (anonymity && dataset.quasi.length > 0) {
    try {
      decision = {
        frequencies: await source.frequencyTable({
          columns: generalizationColumns({ quasi: dataset.quasi, hierarchies: input.hierarchies, anonymity }),
        }),
      };
    } catch (e) {
      throw e instanceof ReleaseUnavailable ? pramUnavailable(e) : e;
    }
  }
  // The stream reads the header's columns and every quasi-identifier the class decision needs, in the source's order.
  const streamColumns = columns.filter(
    (c) => header.includes(c) || (decision !== undefined && dataset.quasi.includes(c)),
  );
  const widths = header.map((name) => {
    const i = q.columns.indexOf(name);
    if (i >= 0) return largest(built.matrices[i].labels.map((l) => l.length * 3 + 2));
    const h = input.hierarchies.get(name);
    const col = decision?.frequencies.columns.find((c) => c.name === name);
    return h && col ? Math.max(2, dictionaryWidth(col.dictionary, h)) : 64;
  });
  const streamed: StreamedRelease = {
    release: {
      ...microdataPrepared('pram', {
        kind: 'pram',
        columns: [...q.columns],
        localEpsilon: combinedEpsilon(built.matrices),
        rerun: q.rerun === true,
      }),
      estimatedBytes: microdataBytes(pramFrequencies.rowCount, header, widths),
      run: (options) => {
        let then: RowTransform = (row) => row;
        let rows = pramFrequencies.rowCount;
        let tally: ClassTally | undefined;
        const local: string[] = [];
        if (decision) {
          let d: ReturnType<typeof decideStreamed>;
          try {
            d = decideStreamed(decision.frequencies, streamColumns, dataset, input.hierarchies, anonymity!, options);
          } catch (e) {
            throw e instanceof ReleaseUnavailable ? pramUnavailable(e) : e;
          }
          then = d.transform;
          rows = d.decision.kept;
          tally = d.transform.tally;
          local.push(pramSuppressedLine(d.decision.suppressed));
        }
        const positions = q.columns.map((c) => streamColumns.indexOf(c));
        const pram = pramRowTransform(positions, built.matrices, input.rng, then);
        const at = header.map((h) => streamColumns.indexOf(h));
        // η needs the written records' original and released values side by side: kept while there are at most
        // PRAM_RISK_LIMIT of them (the decision says how many before the stream), as the in-memory release computes it.
        const small = rows <= PRAM_RISK_LIMIT;
        const original: string[][] = [];
        const released: string[][] = [];
        const transform: RowTransform = (row) => {
          const out = pram(row);
          if (!out) return undefined;
          if (small && original.length < PRAM_RISK_LIMIT) {
            original.push(positions.map((j) => row[j]));
            released.push(positions.map((j) => out[j]));
          }
          return at.map((j) => out[j]);
        };
        // After the file is in place a failure here must not be taken for a failed release: it is said in the line.
        const finish = () => {
          try {
            return [
              pramRiskLine(
                pramRisk(
                  rows,
                  () => original,
                  () => released,
                  built.matrices,
                  input.rng,
                ),
              ),
            ];
          } catch (e) {
            return [`identification risk η: not computed (${(e as Error).message})`];
          }
        };
        streamed.decision = { columns: streamColumns, header, transform, rows, finish, ...(tally ? { tally } : {}) };
        const figures = pramFigures(dataset, q, anonymity, header, built, pramFrequencies.weights);
        return {
          header,
          rows: [],
          microdata: true,
          parameters: figures.parameters,
          report: figures.report,
          notes: figures.notes,
          local: [...local, ...figures.distortion],
        };
      },
    },
  };
  return streamed;
}
