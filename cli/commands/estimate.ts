import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readCsvCells } from '../../engine/host/sources/csv/read-csv-cells.js';
import { readCsvHeader } from '../../engine/host/sources/csv/read-csv-header.js';
import { PrivacyError } from '../../engine/core/measures.js';
import {
  sketchCoefficientsProblem,
  type SketchHashCoefficients,
} from '../../engine/dp/mechanisms/sketch-hash-family.js';
import { declaredDomains } from '../../engine/release/domains.js';
import {
  estimateRecords,
  estimatesSumCheck,
  localProtocol,
  ReportError,
  type LocalProtocol,
  type LocalQuery,
} from '../../engine/release/kinds/local/local-protocol.js';
import type { FrequencyEstimates } from '../../engine/dp/mechanisms/randomized-response-estimate.js';
import { localDomain } from '../../engine/release/kinds/local/local-release.js';
import { ReleaseUnavailable } from '../../engine/release/release-unavailable.js';
import { localEpsilonText } from '../../engine/release/cost-text.js';
import { TableError } from '../../engine/table/table.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput, SpecNotRunnable } from '../../language/release-input.js';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';
import { refuseNonFinite } from '../finite-figures.js';

const usage = `usage: privspec estimate <reports.csv> --spec FILE.privspec --only NAME [--report FILE.json | --hash-seed N] [--json]

The server side of a local DP release: the unbiased count of each declared value of the column, with its standard
error, from a file of randomized reports (one per unit), as the release's own report states them. The reports may come
from this release's file or from a collection run elsewhere with the same parameters. It reads the reports and the
spec only — never the data, never the ledger — so it spends nothing (post-processing).
  --spec FILE      the spec that declares the release (its column, protocol, ε, domain, and a sketch's hashes and width)
  --only NAME      the local release (randomized-response: a column of values; count-mean-sketch: columns hash, sketch)
  --report FILE    the release's JSON report: its protocol, column, domain (values and order), ε, keep or flip
                   probability, hashes, width and hash family must be the spec's, or nothing is estimated; the sketch
                   hashes with the report's hashCoefficients (or its hashSeed)
  --hash-seed N    the sketch's hash seed, when there is no report (the collection states it)
  --json           print one JSON object
Without --report the parameters are the spec's alone, and the spec must be the one that made the reports: a sketch's
estimates that do not add up to about the number of reports are flagged (a wrong seed, ε or domain).
`;

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/** The `local` object of a release's JSON report, or one message naming the file. */
async function localReport(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(
      code === 'ENOENT'
        ? `no such file: ${file}`
        : code === 'EISDIR'
          ? `${file}: is a directory`
          : `${file}: ${(e as Error).message}`,
    );
  }
  let local: unknown;
  try {
    local = (JSON.parse(text) as { local?: unknown } | null)?.local;
  } catch (e) {
    throw new CliError(`${file}: not a JSON report (${(e as Error).message})`);
  }
  if (typeof local !== 'object' || local === null || Array.isArray(local))
    throw new CliError(`${file}: not a local DP release's report (no 'local' object)`);
  return local as Record<string, unknown>;
}

/** How a parameter reads in a mismatch: a list by its items, a number to six digits. */
function shown(x: unknown): string {
  if (Array.isArray(x))
    return x.length > 8 ? `[${x.slice(0, 8).map(shown).join(', ')}, … (${x.length})]` : `[${x.map(shown).join(', ')}]`;
  if (typeof x === 'number') return fmt(x);
  if (typeof x === 'string') return `'${x}'`;
  return x === undefined ? 'none' : JSON.stringify(x);
}

/**
 * The protocol the report's parameters and the spec's query make, refused in one message naming the report when any
 * parameter differs: a spec edited after the release (ε, a value added or moved) would otherwise estimate silently
 * wrong counts from the reports.
 */
function checkedProtocol(file: string, local: Record<string, unknown>, q: LocalQuery, domain: readonly string[]) {
  if (local.protocol !== q.protocol)
    throw new CliError(`${file}: the report's protocol ${shown(local.protocol)} is not the spec's '${q.protocol}'`);
  let family: { hashSeed?: number; hashCoefficients?: SketchHashCoefficients } = {};
  if (q.protocol === 'count-mean-sketch') {
    const seed = local.hashSeed;
    if (typeof seed === 'number') family = { hashSeed: seed };
    else if (local.hashCoefficients !== undefined) {
      const problem = sketchCoefficientsProblem(local.hashCoefficients, q.hashes!);
      if (problem) throw new CliError(`${file}: ${problem}`);
      family = { hashCoefficients: local.hashCoefficients as SketchHashCoefficients };
    } else
      throw new CliError(
        `${file}: a count-mean sketch's report states its hashCoefficients or hashSeed; it has neither`,
      );
  }
  let protocol;
  try {
    protocol = localProtocol(q, domain, family);
  } catch (e) {
    // A seed outside [0, 2^32) in the report.
    if (e instanceof PrivacyError) throw new CliError(`${file}: ${e.message}`);
    throw e;
  }
  const expected: Record<string, unknown> = { column: q.column, ...protocol.parameters };
  const differ = Object.keys(expected)
    // The family's description is text for a reader; the coefficients it describes are compared.
    .filter((key) => key !== 'hashFamily')
    // A collection elsewhere may state its coefficients without a seed, or an older report its seed alone.
    .filter((key) => !((key === 'hashCoefficients' || key === 'hashSeed') && local[key] === undefined))
    .filter((key) => JSON.stringify(local[key]) !== JSON.stringify(expected[key]))
    .map((key) =>
      key === 'hashCoefficients'
        ? 'its hashCoefficients are not those of its hashSeed'
        : `its ${key} ${shown(local[key])} is not the spec's ${shown(expected[key])}`,
    );
  if (differ.length > 0)
    throw new CliError(
      `${file}: the report does not match the spec, so its reports cannot be estimated with it: ${differ.join('; ')}`,
    );
  return protocol;
}

/**
 * The estimates from a file of reports, streamed: the reader hands the estimator batches of raw cells, so memory holds
 * the counts, one chunk and one batch, not a string per report. Input errors come as the whole file read into a table
 * gives them: the reader's (a malformed record, a cell that is not UTF-8) first wherever they are, then a missing
 * column, then the first malformed report.
 */
async function estimateFile(file: string, protocol: LocalProtocol, name: string): Promise<FrequencyEstimates> {
  const read = async <T>(f: () => Promise<T>) =>
    f().catch((e: Error) => {
      throw e instanceof TableError ? e : new CliError(`${file}: ${e.message}`);
    });
  const names = await read(() => readCsvHeader(file));
  const fields = protocol.header.map((column) => names.indexOf(column));
  const missing = protocol.header.filter((_, i) => fields[i] < 0);
  if (missing.length > 0) {
    // Read to the end all the same: a malformed record anywhere is said first, as it always was.
    await read(() => readCsvCells(file, {}, () => {}));
    throw new CliError(
      `${file}:1: a ${name} report file has the column${protocol.header.length > 1 ? 's' : ''} ${protocol.header.join(', ')}; ${missing.join(', ')} missing`,
    );
  }
  let estimator;
  try {
    estimator = protocol.estimator();
  } catch (e) {
    if (e instanceof PrivacyError) throw new CliError(`${file}: ${e.message}`);
    throw e;
  }
  // Every column is read, so that a cell that is not UTF-8 is refused in any of them, as before.
  const { rows } = await read(() =>
    readCsvCells(file, {}, (batch) =>
      estimator.addCells({
        ...batch,
        starts: fields.map((f) => batch.starts[f]),
        ends: fields.map((f) => batch.ends[f]),
      }),
    ),
  );
  if (rows === 0) throw new CliError(`${file}: no reports in it`);
  try {
    return estimator.finish();
  } catch (e) {
    if (e instanceof ReportError) throw new CliError(`${file}:${e.line ?? e.row + 2}: ${e.message}`);
    if (e instanceof PrivacyError) throw new CliError(`${file}: ${e.message}`);
    throw e;
  }
}

export const estimate: Command = {
  summary: "estimate a local DP release's counts from its reports (no budget)",
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      spec: { type: 'string' },
      only: { type: 'string' },
      report: { type: 'string' },
      'hash-seed': { type: 'string' },
    });
    if (positionals.length !== 1) throw new CliError(`expected one reports file, got ${positionals.length}`);
    if (values.spec === undefined)
      throw new CliError('option --spec FILE is required: the spec that declares the release');
    if (values.only === undefined) throw new CliError('option --only NAME is required: name the local release');
    if (values.report !== undefined && values['hash-seed'] !== undefined)
      throw new CliError('give --report or --hash-seed, not both');
    const specFile = resolve(ctx.cwd, values.spec);
    const services = nodeServices();
    const document = await loadSpec(specFile, services);
    let q: LocalQuery;
    let domain: readonly string[];
    try {
      const input = await releaseInput(services, document, values.only, undefined, { scanData: false });
      const release = input.releases.find((r) => r.name === values.only);
      if (!release) throw new CliError(`${values.spec}: no release '${values.only}'`);
      // Only a local release's query names a protocol.
      if (!('protocol' in release.query))
        throw new CliError(`${values.spec}: '${values.only}' is a ${release.query.kind} release, not a local one`);
      q = release.query;
      domain = localDomain(q, declaredDomains(input.hierarchies));
    } catch (e) {
      if (e instanceof SpecNotRunnable || e instanceof ReleaseUnavailable)
        throw new CliError(`${values.spec}: ${e.message}`, ExitCode.Violations);
      throw e;
    } finally {
      services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
    }
    let protocol;
    if (values.report !== undefined)
      protocol = checkedProtocol(
        resolve(ctx.cwd, values.report),
        await localReport(resolve(ctx.cwd, values.report)),
        q,
        domain,
      );
    else {
      if (q.protocol === 'count-mean-sketch' && values['hash-seed'] === undefined)
        throw new CliError(
          'a count-mean sketch is estimated with the hash family its clients used: give --report FILE.json (the release’s report) or --hash-seed N',
        );
      const seed = values['hash-seed'];
      if (seed !== undefined && !(/^\d+$/.test(seed) && Number(seed) <= 0xffffffff))
        throw new CliError(`--hash-seed must be an integer in [0, 2^32), got '${seed}'`);
      if (seed !== undefined && q.protocol !== 'count-mean-sketch')
        throw new CliError(`--hash-seed is the count-mean sketch's; '${values.only}' is ${q.protocol}`);
      protocol = localProtocol(q, domain, seed !== undefined ? { hashSeed: Number(seed) } : {});
    }
    const file = resolve(ctx.cwd, positionals[0]);
    const estimates = await estimateFile(file, protocol, q.protocol);
    const records = estimateRecords(domain, estimates);
    refuseNonFinite(records);
    const sumCheck = estimatesSumCheck(estimates);
    if (values.report === undefined)
      ctx.err(
        `note: no --report: ε, the domain${q.protocol === 'count-mean-sketch' ? ', hashes and width' : ''} are the spec's, which must be the one that made the reports; --report FILE.json checks them\n`,
      );
    if (sumCheck?.warning) ctx.err(`warning: ${file}: ${sumCheck.warning}\n`);
    if (values.json) {
      // The sketch's 3·k coefficients stay in the release's report; the output names the family by its seed.
      const { hashCoefficients: _, ...parameters } = protocol.parameters;
      ctx.out(
        `${JSON.stringify({ release: values.only, column: q.column, ...parameters, reports: estimates.n, checkedAgainstReport: values.report !== undefined, ...(sumCheck ? { sumCheck } : {}), estimates: records, privacySpent: null })}\n`,
      );
      return ExitCode.Ok;
    }
    const width = Math.min(40, Math.max(5, ...domain.map((v) => v.length)));
    ctx.out(`${'value'.padEnd(width)}  ${'estimate'.padStart(12)}  ${'± s.e.'.padStart(10)}\n`);
    for (const r of records)
      ctx.out(`${r.value.padEnd(width)}  ${fmt(r.estimate).padStart(12)}  ${fmt(r.standardError).padStart(10)}\n`);
    ctx.out(
      `${estimates.n} reports, ${q.protocol} at ${localEpsilonText(protocol.epsilon)}; unbiased counts with standard errors; nothing spent\n`,
    );
    return ExitCode.Ok;
  },
};
