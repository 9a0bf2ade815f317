import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { PrivacyError } from '../../engine/core/measures.js';
import { declaredDomains } from '../../engine/release/domains.js';
import {
  estimateRecords,
  localProtocol,
  ReportError,
  type LocalQuery,
} from '../../engine/release/kinds/local/local-protocol.js';
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
  --report FILE    the release's JSON report, for the count-mean sketch's public hash seed
  --hash-seed N    the sketch's hash seed, when there is no report (the collection states it)
  --json           print one JSON object
`;

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/** The sketch's hash seed from --hash-seed, or from the release's report (checked against the spec's parameters). */
async function hashSeedOf(values: { report?: string; 'hash-seed'?: string }, cwd: string, q: LocalQuery) {
  if (values['hash-seed'] !== undefined) {
    const seed = Number(values['hash-seed']);
    if (!/^\d+$/.test(values['hash-seed']) || seed > 0xffffffff)
      throw new CliError(`--hash-seed must be an integer in [0, 2^32), got '${values['hash-seed']}'`);
    return seed;
  }
  if (values.report === undefined)
    throw new CliError(
      'a count-mean sketch is estimated with the hash family its clients used: give --report FILE.json (the release’s report) or --hash-seed N',
    );
  const file = resolve(cwd, values.report);
  let local: Record<string, unknown> | undefined;
  try {
    local = (JSON.parse(await readFile(file, 'utf8')) as { local?: Record<string, unknown> }).local;
  } catch (e) {
    throw new CliError(`${file}: ${(e as Error).message}`);
  }
  if (!local || typeof local.hashSeed !== 'number')
    throw new CliError(`${file}: not a count-mean sketch release's report (no local.hashSeed)`);
  for (const [key, spec] of [
    ['hashes', q.hashes],
    ['width', q.width],
  ] as const)
    if (local[key] !== spec) throw new CliError(`${file}: its ${key} ${String(local[key])} is not the spec's ${spec}`);
  return local.hashSeed;
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
    const hashSeed = q.protocol === 'count-mean-sketch' ? await hashSeedOf(values, ctx.cwd, q) : undefined;
    const protocol = localProtocol(q, domain, hashSeed !== undefined ? { hashSeed } : {});
    const file = resolve(ctx.cwd, positionals[0]);
    const table = await readCsvFile(file).catch((e: Error) => {
      throw e instanceof TableError ? e : new CliError(`${file}: ${e.message}`);
    });
    const columns = protocol.header.map((name) => table.columns.find((c) => c.name === name));
    const missing = protocol.header.filter((_, i) => !columns[i]);
    if (missing.length > 0)
      throw new CliError(
        `${file}:1: a ${q.protocol} report file has the column${protocol.header.length > 1 ? 's' : ''} ${protocol.header.join(', ')}; ${missing.join(', ')} missing`,
      );
    const rows = Array.from({ length: table.rowCount }, (_, r) => columns.map((c) => c!.dictionary[c!.codes[r]]));
    if (rows.length === 0) throw new CliError(`${file}: no reports in it`);
    let estimates;
    try {
      estimates = protocol.estimate(rows);
    } catch (e) {
      if (e instanceof ReportError) throw new CliError(`${file}:${table.rowLines?.[e.row] ?? e.row + 2}: ${e.message}`);
      if (e instanceof PrivacyError) throw new CliError(`${file}: ${e.message}`);
      throw e;
    }
    const records = estimateRecords(domain, estimates);
    refuseNonFinite(records);
    if (values.json) {
      ctx.out(
        `${JSON.stringify({ release: values.only, column: q.column, ...protocol.parameters, reports: estimates.n, estimates: records, privacySpent: null })}\n`,
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
