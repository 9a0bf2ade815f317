/**
 * A local DP release: each privacy unit's value of one column randomized on its own (k-ary randomized response, or the
 * count-mean sketch), one report per unit, written in a fresh random order with nothing else; its report holds the
 * server's unbiased frequency estimates from those reports, with their standard errors, and the public parameters
 * (the sketch's hash seed among them) that `privspec estimate` needs to recompute them.
 *
 * One report per unit: with a declared `unit`, a unit with several rows reports the value of one of its rows, chosen
 * uniformly by the run's generator. A report depends on one row only, so the local ε bounds what a report says of its
 * unit whatever that unit's other rows hold; reporting every row would multiply the unit's ε by its number of rows.
 *
 * Like PRAM it is microdata: it spends no central DP budget; the ledger records its local ε per column, and a second
 * local randomization of the column (by this kind or by PRAM) is refused unless the release says `rerun`, since two
 * reports of one unit compose (their local ε add up).
 */
import { uniformBelowSmall } from '../../../dp/samplers/uniform.js';
import type { RandomSource } from '../../../core/random.js';
import { column, type Table } from '../../../table/table.js';
import { releasable, roleOf } from '../../column-roles.js';
import type { DatasetDescription } from '../../release-description.js';
import type { ReleaseOutput } from '../../release-measurement.js';
import { ReleaseUnavailable } from '../../release-unavailable.js';
import { localEpsilonText } from '../../cost-text.js';
import { microdataBytes, microdataPrepared, type PreparedRelease } from '../prepared-release.js';
import { estimateRecords, localProtocol, type LocalProtocol, type LocalQuery } from './local-protocol.js';

export interface LocalInput {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly query: LocalQuery;
  /** Declared value domains (hierarchies that list values). */
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly rng: RandomSource;
}

/** The declared domain of the column, or the refusal that says how to declare it. */
export function localDomain(q: LocalQuery, domains: ReadonlyMap<string, readonly string[]>): readonly string[] {
  const domain = domains.get(q.column);
  if (!domain)
    throw new ReleaseUnavailable(
      `local ${q.protocol} of '${q.column}' needs its domain declared (hierarchy ${q.column} { … } listing its values): a domain read from the data would publish which values occur`,
    );
  return domain;
}

/**
 * The input row each unit reports: every row without a unit; with one, a row of each unit chosen uniformly. Units in
 * order of first appearance (the file is shuffled afterwards).
 */
export function reportingRows(table: Table, unit: string | undefined, rng: RandomSource): Int32Array {
  if (unit === undefined) return Int32Array.from({ length: table.rowCount }, (_, r) => r);
  const codes = column(table, unit).codes;
  const rowsOf = new Map<number, number[]>();
  for (let r = 0; r < table.rowCount; r++) {
    const list = rowsOf.get(codes[r]);
    if (list) list.push(r);
    else rowsOf.set(codes[r], [r]);
  }
  return Int32Array.from([...rowsOf.values()], (rows) => rows[uniformBelowSmall(rows.length, rng)]);
}

/** Refuses, before the spend, a column that may not leave or that holds values outside the declared domain. */
function checkInput(input: LocalInput, domain: readonly string[]): void {
  const { dataset, query: q, table } = input;
  const role = roleOf(dataset, q.column);
  if (!releasable(role))
    throw new ReleaseUnavailable(
      `local ${q.protocol} randomizes '${q.column}' (${role}): identifying columns, the unit and undeclared columns never leave; declare it quasi or sensitive if it may`,
    );
  const known = new Set(domain);
  const outside = column(table, q.column).dictionary.filter((v) => !known.has(v));
  if (outside.length > 0)
    throw new ReleaseUnavailable(
      `'${q.column}' holds ${outside.length === 1 ? 'a value' : `${outside.length} values`} outside its declared domain (first: '${outside[0]}'); add ${outside.length === 1 ? 'it' : 'them'} to the hierarchy, or recode the data`,
    );
}

/** A local release prepared for the runner: its local ε is known before the draw, so the ledger records it first. */
export function prepareLocal(input: LocalInput): PreparedRelease {
  const { query: q, table } = input;
  const domain = localDomain(q, input.domains);
  checkInput(input, domain);
  const protocol = localProtocol(q, domain, { rng: input.rng });
  const widths =
    q.protocol === 'randomized-response'
      ? [Math.max(...domain.map((v) => v.length * 3 + 2))]
      : [String(q.hashes).length + 1, Math.ceil(q.width! / 4) + 1];
  return {
    ...microdataPrepared(q.protocol, {
      kind: 'local',
      columns: [q.column],
      localEpsilon: protocol.epsilon,
      rerun: q.rerun === true,
    }),
    estimatedBytes: microdataBytes(table.rowCount, protocol.header, widths),
    run: () => runLocal(input, protocol, domain),
  };
}

function runLocal(
  input: LocalInput,
  protocol: LocalProtocol,
  domain: readonly string[],
): ReleaseOutput & {
  parameters: Record<string, unknown>;
  notes: string[];
} {
  const { table, dataset, query: q, rng } = input;
  const source = reportingRows(table, dataset.unit, rng);
  const values = column(table, q.column);
  const rows = Array.from(source, (r) => protocol.randomize(values.dictionary[values.codes[r]]));
  const estimates = protocol.estimate(rows);
  const several = source.length < table.rowCount;
  return {
    header: protocol.header,
    rows,
    microdata: true,
    sourceRows: source,
    // The report's `local` holds the sketch's 3·k hash coefficients once; the parameters name the family by its seed.
    parameters: Object.fromEntries(Object.entries(protocol.parameters).filter(([key]) => key !== 'hashCoefficients')),
    report: {
      local: {
        column: q.column,
        ...protocol.parameters,
        reports: estimates.n,
        estimates: estimateRecords(domain, estimates),
        estimatesNote:
          'unbiased counts from the reports with their standard errors (post-processing: no further privacy cost); privspec estimate recomputes them from the file',
      },
    },
    notes: [
      `written: one randomized report of '${q.column}' per ${dataset.unit !== undefined ? `unit ('${dataset.unit}'; a unit with several rows reports one of them, chosen uniformly)` : 'row'}; no other column`,
      `${localEpsilonText(protocol.epsilon)} per report (local differential privacy: spends no central DP budget)`,
    ],
    local: several
      ? [`${table.rowCount - source.length} rows not reported: their units reported another of their rows`]
      : [],
  };
}
