/**
 * The PRAM release: the listed attributes randomized record by record with their transition matrices (retention, or a
 * matrix file), written beside the quasi-identifiers generalized exactly as the anonymity block's `generalize` release
 * writes them (same levels, same suppressed rows), and nothing else. A PRAM file that also carried exact columns would
 * publish what other releases protect — the inputs of DP releases, or by re-joining with the generalized file, the
 * exact quasi-identifiers beside the randomized values (engine/release/linked-releases.ts). Without an anonymity block
 * the quasi-identifiers are left out.
 *
 * Like `generalize` it is a microdata release: it spends no central DP budget; its protection is stated as the local ε
 * of its matrices (Kooiman, Willenborg, Gouweleeuw 1997). The report holds only what does not depend on the data beyond
 * the file itself: the matrices (built over the declared domain, or read from a file) and their ε. The identification
 * risk η (permanents of the linkage matrix, Ryser 1963) and the expected distortion are computed from the original
 * values, so they go to the data owner's terminal and the preview (`local`), never into the release's files.
 * Invariant PRAM is refused (its matrix gives the exact frequencies back; see INVARIANT_REFUSED).
 */
import { PrivacyError } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import { makePram } from '../../../pram/make-pram.js';
import { pramReport } from '../../../pram/pram-report.js';
import { buildMatrix, type PramSpec } from '../../../pram/pram-spec.js';
import type { TransitionMatrix } from '../../../pram/transition-matrix.js';
import { identificationRisk } from '../../../risk/identification-risk.js';
import { column, type Column, type Table } from '../../../table/table.js';
import { releasable, roleOf } from '../../column-roles.js';
import type { AnonymityDescription, DatasetDescription, QueryDescription } from '../../release-description.js';
import type { ReleaseOutput } from '../../release-measurement.js';
import { ReleaseUnavailable } from '../../release-unavailable.js';
import { combinedEpsilon, localEpsilon } from '../../../pram/local-epsilon.js';
import { generalizedQuasi, type GeneralizeOptions } from '../generalize/generalized-quasi.js';
import { columnWidth, microdataBytes, microdataPrepared, type PreparedRelease } from '../prepared-release.js';
import { pluralWord } from '../../../core/plural.js';
import { largest } from '../../../core/extremes.js';

type PramQuery = Extract<QueryDescription, { kind: 'pram' }>;

/** Files up to this many records get η (the linkage matrix is n × n); beyond, the terminal says so. */
/**
 * Invariant PRAM builds its matrix from the column's exact frequencies t (Gouweleeuw et al. 1998): tᵀR = t, so the
 * matrix a report or a user needs to read the file gives t back as its stationary vector. Built from noisy
 * frequencies it would no longer keep the released frequencies invariant, which is its whole point; so it is refused.
 */
export const INVARIANT_REFUSED =
  "invariant PRAM is refused: its matrix is built from the column's exact frequencies, which the matrix (its stationary vector × n) gives back exactly to anyone who reads it; use 'retain P' without 'invariant', or a matrix file written without the data";

export const PRAM_RISK_LIMIT = 2000;

export interface PramInput {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly query: PramQuery;
  /** Declared value domains (hierarchies that list values). */
  readonly domains: ReadonlyMap<string, readonly string[]>;
  /** The spec's hierarchies and anonymity block: the quasi-identifiers are written generalized as they say. */
  readonly hierarchies?: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  readonly generalize?: GeneralizeOptions;
  /** The matrix file's text, for `matrix "file.csv"`. */
  readonly matrixText?: string;
  readonly matrixFile?: string;
  readonly rng?: RandomSource;
}

export type PramOutput = ReleaseOutput & {
  parameters: Record<string, unknown>;
  notes: string[];
  /** η of the written records, for the terminal and the preview only. */
  identificationRisk: Record<string, unknown>;
  /** The input rows written, in order (the rows the anonymity block keeps): the preview counts "before" over them. */
  written: readonly number[];
};

function specOf(q: PramQuery, text: string | undefined, source: string | undefined): PramSpec {
  // The report names the matrix by its file name: its absolute path would carry the user's folders into DIR.
  if (q.matrix !== undefined) return { kind: 'custom', csv: text ?? '', source: source?.split(/[\\/]/).pop() };
  if (q.retain === undefined) throw new PrivacyError('pram needs retain P or matrix "file.csv"');
  if (q.invariant) throw new ReleaseUnavailable(INVARIANT_REFUSED);
  return { kind: 'retention', retain: q.retain };
}

/**
 * The rows written and the quasi-identifiers beside the randomized columns, as the anonymity block generalizes them.
 */
function quasiLayout(input: PramInput) {
  const { table, dataset, query: q } = input;
  const quasi = pramQuasi(dataset, q, input.anonymity);
  if (!input.anonymity || dataset.quasi.length === 0)
    return { quasi, kept: undefined, value: undefined, local: [] as string[] };
  try {
    const g = generalizedQuasi(table, dataset, input.hierarchies ?? new Map(), input.anonymity, input.generalize);
    return { quasi, kept: g.kept, value: g.value, local: [pramSuppressedLine(g.suppressed)] };
  } catch (e) {
    if (e instanceof ReleaseUnavailable) throw pramUnavailable(e);
    throw e;
  }
}

/** The matrices of a PRAM release, built before anything is spent: they fix its local ε. */
function buildPram(input: PramInput) {
  return buildPramMatrices(
    input,
    input.query.columns.map((name) => column(input.table, name)),
  );
}

/**
 * The matrices over `columns`: the table's columns, or a frequency table's over the PRAM columns (codes per distinct
 * record), whose dictionaries hold exactly the values with rows, as distinctValues reads them. Declared domains as
 * always; a domain from the data is the column's values (in the order the source gave them).
 */
export function buildPramMatrices(
  input: Pick<PramInput, 'dataset' | 'query' | 'domains' | 'matrixText' | 'matrixFile'>,
  columns: readonly Column[],
) {
  const { dataset, query: q } = input;
  const refused = q.columns.filter((c) => !releasable(roleOf(dataset, c)));
  if (refused.length > 0)
    throw new ReleaseUnavailable(
      `pram randomizes ${refused.map((c) => `'${c}' (${roleOf(dataset, c)})`).join(', ')}: identifying columns, the unit and undeclared columns never leave; declare ${pluralWord(refused.length, 'it', 'them')} quasi, sensitive or insensitive if ${pluralWord(refused.length, 'it', 'they')} may`,
    );
  const spec = specOf(q, input.matrixText, input.matrixFile);
  const built = columns.map((c) => buildMatrix(spec, c, input.domains.get(c.name)));
  const matrices: TransitionMatrix[] = built.map((b) => b.matrix);
  // A matrix that keeps some value with certainty (retain 1, an identity matrix) has an infinite local ε: that value is
  // written exactly, while the spec counts the column as randomized and beside releases that protect it (review
  // finding).
  const certain = matrices
    .filter((m) => !Number.isFinite(localEpsilon(m)))
    .map((m, i) => q.columns[i] ?? m.description);
  if (certain.length > 0)
    throw new ReleaseUnavailable(
      `pram of ${certain.map((c) => `'${c}'`).join(', ')} keeps a value with certainty (local ε is infinite: some value is never replaced or never reached), so it does not randomize it; lower retain below 1, or give every entry of the matrix a positive probability`,
    );
  return { columns, built, matrices };
}

export type BuiltPram = ReturnType<typeof buildPramMatrices>;

/**
 * The quasi-identifiers a PRAM file writes beside its randomized columns (generalized), when there is an anonymity
 * block.
 */
export function pramQuasi(
  dataset: DatasetDescription,
  q: PramQuery,
  anonymity: AnonymityDescription | undefined,
): string[] {
  if (!anonymity || dataset.quasi.length === 0) return [];
  return dataset.quasi.filter((c) => !q.columns.includes(c) && releasable(roleOf(dataset, c)));
}

/**
 * The PRAM file's header: the source's column order, keeping the randomized columns and the written quasi-identifiers.
 */
export function pramHeader(sourceColumns: readonly string[], q: PramQuery, quasi: readonly string[]): string[] {
  return sourceColumns.filter((name) => q.columns.includes(name) || quasi.includes(name));
}

/**
 * What a PRAM release states: the report and parameters (matrices and ε, nothing data-dependent beyond the file
 * itself), its notes, and the expected distortion from the true counts for the terminal. `weights` as pramReport's.
 */
export function pramFigures(
  dataset: DatasetDescription,
  q: PramQuery,
  anonymity: AnonymityDescription | undefined,
  header: readonly string[],
  { columns, built, matrices }: BuiltPram,
  weights?: Int32Array,
) {
  const report = pramReport(columns, matrices, weights);
  const quasi = header.filter((c) => !q.columns.includes(c));
  const attributes = report.attributes.map(({ name, description, labels, matrix, epsilon, minKeep }) => ({
    name,
    description,
    labels,
    matrix,
    epsilon,
    minKeep,
  }));
  const fromData = q.columns.filter((_, i) => built[i].domainFromData);
  const left = dataset.quasi.filter((c) => !header.includes(c));
  return {
    parameters: { attributes, combinedEpsilon: report.combinedEpsilon },
    report: {
      pram: {
        attributes,
        combinedEpsilon: report.combinedEpsilon,
        localEpsilonNote: 'local DP ε of the randomization: spends no central DP budget',
      },
    },
    notes: [
      `written: the randomized ${q.columns.join(', ')}${quasi.length > 0 ? ` and the quasi-identifiers ${quasi.join(', ')} generalized as the generalize release writes them` : ''}; no other column`,
      ...(left.length > 0
        ? [
            `quasi-identifiers left out: ${left.join(', ')}${anonymity ? '' : ' (the spec has no anonymity block to generalize them by)'}`,
          ]
        : []),
      ...(fromData.length > 0
        ? [
            `the domain of ${fromData.join(', ')} was taken from the data's values (declare it with a hierarchy that lists the values)`,
          ]
        : []),
    ],
    distortion: report.attributes.map(
      (a) =>
        `expected distortion of '${a.name}' Σ|E[h′] − h| = ${Number(a.expectedDistortion.toPrecision(4))} (from the true counts)`,
    ),
  };
}

/**
 * The identification risk η of `n` written records (Ryser's permanents of the linkage matrix), from their original and
 * released values of the PRAM columns, when n ≤ PRAM_RISK_LIMIT; beyond, "not computed" with the reason. The values
 * are asked for only when they are used.
 */
export function pramRisk(
  n: number,
  original: () => string[][],
  released: () => string[][],
  matrices: readonly TransitionMatrix[],
  rng?: RandomSource,
): Record<string, unknown> {
  if (n > PRAM_RISK_LIMIT)
    return {
      method: 'not computed',
      reason: `the linkage matrix of ${n} records exceeds ${PRAM_RISK_LIMIT} × ${PRAM_RISK_LIMIT}; run privspec reid on a sample`,
    };
  const eta = identificationRisk(original(), released(), matrices, { rng });
  return {
    maxRisk: eta.maxRisk,
    method: eta.method,
    ...(eta.bound !== undefined ? { bound: eta.bound } : {}),
    blocks: eta.blocks,
    largestBlock: eta.largestBlock,
  };
}

/** η as the terminal states it (a local diagnostic: it is computed from the original values). */
export function pramRiskLine(risk: Record<string, unknown>): string {
  return typeof risk.maxRisk === 'number'
    ? `identification risk η of the written records: max ${Number(risk.maxRisk.toPrecision(4))} (${String(risk.method)}; from the original values)`
    : `identification risk η: ${String(risk.reason ?? risk.method)}`;
}

/** The terminal's line for the rows the anonymity block suppressed. */
export function pramSuppressedLine(suppressed: number): string {
  return `${suppressed} rows suppressed (classes that fail the anonymity block, as a generalize release suppresses them)`;
}

/** An anonymity block that cannot be met, as a PRAM release says it. */
export function pramUnavailable(e: ReleaseUnavailable): ReleaseUnavailable {
  return new ReleaseUnavailable(
    `pram writes the quasi-identifiers generalized as the anonymity block says, and ${e.message}`,
  );
}

/**
 * A PRAM release prepared for the runner: its local ε is known before the draw, so the ledger records the run (and
 * refuses a second run on the same column unless the spec says `rerun`) before any value is randomized.
 */
export function preparePram(input: PramInput): PreparedRelease {
  const built = buildPram(input);
  const localEpsilon = combinedEpsilon(built.matrices);
  // An upper estimate: the randomized columns at their widest label, every quasi-identifier at its widest level.
  const { dataset, query: q, table } = input;
  const header = [...q.columns, ...dataset.quasi.filter((c) => !q.columns.includes(c))];
  const widths = header.map((name, i) =>
    i < q.columns.length
      ? largest(built.matrices[i].labels.map((l) => l.length * 3 + 2))
      : columnWidth(table, name, input.hierarchies?.get(name)),
  );
  return {
    ...microdataPrepared('pram', {
      kind: 'pram',
      columns: [...input.query.columns],
      localEpsilon,
      rerun: input.query.rerun === true,
    }),
    estimatedBytes: microdataBytes(table.rowCount, header, widths),
    run: () => runPram(input, built),
  };
}

export function computePram(input: PramInput): PramOutput {
  return runPram(input, buildPram(input));
}

function runPram(input: PramInput, pram: BuiltPram): PramOutput {
  const { table, dataset, query: q } = input;
  const { columns, matrices } = pram;
  const randomized = makePram({ matrices, rng: input.rng ?? cryptoRandom() }).invoke(columns);
  const layout = quasiLayout(input);
  const header = pramHeader(
    table.columns.map((c) => c.name),
    q,
    layout.quasi,
  );
  const byName = new Map(randomized.map((c) => [c.name, c]));
  const written: number[] = [];
  for (let r = 0; r < table.rowCount; r++) if (!layout.kept || layout.kept[r]) written.push(r);
  const rows = written.map((r) =>
    header.map((name) => {
      const c = byName.get(name);
      return c ? c.dictionary[c.codes[r]] : layout.value!(name, r);
    }),
  );
  const risk = pramRisk(
    written.length,
    () => written.map((r) => columns.map((c) => c.dictionary[c.codes[r]])),
    () => written.map((r) => randomized.map((c) => c.dictionary[c.codes[r]])),
    matrices,
    input.rng,
  );
  const figures = pramFigures(dataset, q, input.anonymity, header, pram);
  return {
    header,
    rows,
    microdata: true,
    sourceRows: written,
    parameters: figures.parameters,
    report: figures.report,
    notes: figures.notes,
    local: [...layout.local, ...figures.distortion, pramRiskLine(risk)],
    identificationRisk: risk,
    written,
  };
}
