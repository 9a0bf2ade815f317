/**
 * The PRAM release: the listed attributes randomized record by record with their transition matrices (retention,
 * invariant as sdcMicro builds it, or a matrix file), written with the other declared columns. Like `generalize` it is a
 * microdata release: it spends no central DP budget; its protection is stated as the local ε of its matrices (Kooiman,
 * Willenborg, Gouweleeuw 1997) and the identification risk η of the records (permanents of the linkage matrix, Ryser 1963).
 */
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { makePram } from '../../pram/make-pram.js';
import { pramReport } from '../../pram/pram-report.js';
import { buildMatrix, type PramSpec } from '../../pram/pram-spec.js';
import type { TransitionMatrix } from '../../pram/transition-matrix.js';
import { identificationRisk } from '../../risk/identification-risk.js';
import { column, type Column, type Table } from '../../table/table.js';
import { releasableColumns, type DatasetDescription, type QueryDescription } from '../release-description.js';
import type { ReleaseOutput } from '../release-measurement.js';
import { ReleaseUnavailable } from '../release-unavailable.js';
import { combinedEpsilon } from '../../pram/local-epsilon.js';
import { columnWidth, microdataBytes, type PreparedRelease } from './prepared-release.js';

type PramQuery = Extract<QueryDescription, { kind: 'pram' }>;

/** Files up to this many records get η (the linkage matrix is n × n); beyond, the report says so. */
export const PRAM_RISK_LIMIT = 2000;

export interface PramInput {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly query: PramQuery;
  /** Declared value domains (hierarchies that list values). */
  readonly domains: ReadonlyMap<string, readonly string[]>;
  /** The matrix file's text, for `matrix "file.csv"`. */
  readonly matrixText?: string;
  readonly matrixFile?: string;
  readonly rng?: RandomSource;
}

function specOf(q: PramQuery, text: string | undefined, source: string | undefined): PramSpec {
  if (q.matrix !== undefined) return { kind: 'custom', csv: text ?? '', source };
  if (q.retain === undefined) throw new PrivacyError('pram needs retain P or matrix "file.csv"');
  return q.invariant ? { kind: 'invariant', retain: q.retain } : { kind: 'retention', retain: q.retain };
}

/** The matrices of a PRAM release, built before anything is spent: they fix its local ε. */
function buildPram(input: PramInput) {
  const { table, dataset, query: q } = input;
  const { kept, removed } = releasableColumns(dataset, table.columns.map((c) => c.name));
  const undeclared = q.columns.filter((c) => !kept.includes(c));
  if (undeclared.length > 0) throw new ReleaseUnavailable(`pram randomizes ${undeclared.join(', ')}, which the dataset does not declare quasi-identifying, sensitive or insensitive; declare ${undeclared.length === 1 ? 'it' : 'them'} (undeclared columns are identifying and never written)`);
  const columns = q.columns.map((name) => column(table, name));
  const built = columns.map((c) => buildMatrix(specOf(q, input.matrixText, input.matrixFile), c, input.domains.get(c.name)));
  const matrices: TransitionMatrix[] = built.map((b) => b.matrix);
  return { kept, removed, columns, built, matrices };
}

/**
 * A PRAM release prepared for the runner: its local ε is known before the draw, so the ledger records the run (and
 * refuses a second run on the same column unless the spec says `rerun`) before any value is randomized.
 */
export function preparePram(input: PramInput): PreparedRelease {
  const built = buildPram(input);
  const localEpsilon = combinedEpsilon(built.matrices);
  const widths = built.kept.map((name) => columnWidth(input.table, name));
  for (const [i, name] of input.query.columns.entries()) widths[built.kept.indexOf(name)] = Math.max(...built.matrices[i].labels.map((l) => l.length * 3 + 2));
  return {
    mechanism: 'pram',
    costs: {},
    userLevel: false,
    microdata: { kind: 'pram', columns: [...input.query.columns], localEpsilon, rerun: input.query.rerun === true },
    parameters: {},
    notes: [],
    bayesian: false,
    estimatedBytes: microdataBytes(input.table.rowCount, built.kept, widths),
    run: () => runPram(input, built),
  };
}

export function computePram(input: PramInput): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  return runPram(input, buildPram(input));
}

function runPram(input: PramInput, { kept, removed, columns, built, matrices }: ReturnType<typeof buildPram>): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  const { table, query: q } = input;
  const pram = makePram({ matrices, rng: input.rng ?? cryptoRandom() });
  const randomized = pram.invoke(columns);
  const byName = new Map<string, Column>(randomized.map((c) => [c.name, c]));
  const out = kept.map((name) => byName.get(name) ?? column(table, name));
  const rows: string[][] = [];
  for (let r = 0; r < table.rowCount; r++) rows.push(out.map((c) => c.dictionary[c.codes[r]]));
  const report = pramReport(columns, matrices);
  let risk: Record<string, unknown>;
  if (table.rowCount <= PRAM_RISK_LIMIT) {
    const original = Array.from({ length: table.rowCount }, (_, r) => columns.map((c) => c.dictionary[c.codes[r]]));
    const released = Array.from({ length: table.rowCount }, (_, r) => randomized.map((c) => c.dictionary[c.codes[r]]));
    const eta = identificationRisk(original, released, matrices, { rng: input.rng });
    risk = { maxRisk: eta.maxRisk, method: eta.method, ...(eta.bound !== undefined ? { bound: eta.bound } : {}), blocks: eta.blocks, largestBlock: eta.largestBlock };
  } else {
    risk = { method: 'not computed', reason: `the linkage matrix of ${table.rowCount} records exceeds ${PRAM_RISK_LIMIT} × ${PRAM_RISK_LIMIT}; run privspec reid on a sample` };
  }
  const fromData = q.columns.filter((_, i) => built[i].domainFromData);
  return {
    header: kept,
    rows,
    microdata: true,
    parameters: { attributes: report.attributes, combinedEpsilon: report.combinedEpsilon },
    report: { pram: { ...report, localEpsilonNote: 'local DP ε of the randomization: spends no central DP budget' }, identificationRisk: risk },
    notes: [
      `removed columns (identifying or not declared): ${removed.join(', ') || 'none'}`,
      ...(fromData.length > 0 ? [`the domain of ${fromData.join(', ')} was taken from the data's values (declare it with a hierarchy that lists the values)`] : []),
    ],
    local: [],
  };
}
