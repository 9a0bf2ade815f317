import { canonicalFrequencyTable } from '../../engine/table/canonical-frequency-table.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Criterion } from '../../engine/criteria/criterion.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { METRIC_NAMES, type MetricName } from '../../engine/metrics/metric-by-name.js';
import type { MondrianResult } from '../../engine/mondrian/mondrian.js';
import { mondrianJson, toText } from './anonymize-text.js';
import { PRAM_FLAGS, PRAM_USAGE } from './anonymize-pram-flags.js';
import type { MicrodataWriter } from './anonymize-pram.js';
import type { OwnMicrodataRun } from '../../engine/host/ledger/own-microdata-file.js';
import { guardOutputs, OutputGuardError } from '../../engine/host/files/output-guard.js';
import { columnsOnly, readFrequencies, readsAtSource, readTable } from '../../engine/host/sources/open-source.js';
import type { DataSource } from '../../engine/source/data-source.js';
import type { FileSnapshot } from '../../engine/host/files/file-snapshot.js';
import {
  adHocColumns,
  adHocGeneralize,
  adHocRows,
  adHocStreamed,
  decideAdHoc,
} from '../../engine/release/kinds/generalize/ad-hoc-generalize.js';
import { inputLocation, SOURCE_FLAG, SOURCE_USAGE } from '../source-option.js';
import { databaseLocation } from '../../engine/host/sources/database-location.js';
import { readCsvHeader } from '../../engine/host/sources/csv/read-csv-header.js';
import { engineOption, ENGINE_USAGE } from '../engine-option.js';
import { FREQUENCIES_FLAGS, FREQUENCIES_USAGE, frequencyAnswerOption } from '../frequencies-option.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import { frequencyColumn, frequencyTableOf } from '../../engine/table/frequency-table-of.js';
import { TableError, type Table } from '../../engine/table/table.js';
import type { Command, CommandContext } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { isPositiveInteger, listOption, numberFlag, parseOptions } from '../parse-options.js';

const usage = `usage: privspec anonymize <csv|parquet> | --source ENGINE:TABLE | --frequencies FILE --qi a,b --hierarchy a=path.csv --hierarchy b=path.csv --k K [--suppression S]
                         [--metric M] [--l L --sensitive s [--l-variant distinct|entropy|recursive] [--c C]]
                         [--t T --sensitive s [--t-distance equal|hierarchical|ordered] [--sensitive-hierarchy path.csv]
                          [--order v1,v2,…]] [--keep a,b] [--algorithm lattice|mondrian] [--out file.csv [--format csv|parquet] [--accept-linked-releases R]]
                         [--suppressed remove] [--report file.json] [--delimiter D] [--engine E] [--with-pram [--pram-epsilon E] [--pram-pk] [--pram-flags all|per-attribute] [--exhaustive-check]] [--json]

Globally optimal full-domain generalization (one level per quasi-identifier) with record suppression.
  --qi a,b                  the quasi-identifiers, in the order of "levels"
  --hierarchy col=path      an ARX hierarchy file for each quasi-identifier (';'-separated, column i = level i)
  --k K                     k-anonymity
  --suppression S           fraction of records that may be suppressed (default 0); at most floor(S·rows)
  --metric M                ${METRIC_NAMES.join(', ')} (default entropy)
  --l L --sensitive s       ℓ-diversity of column s; --l-variant distinct (default), entropy or recursive (with --c C)
  --t T --sensitive s       t-closeness of column s; --t-distance equal (default), hierarchical (needs
                            --sensitive-hierarchy) or ordered (numeric or lexicographic order, or --order v1,v2,…)
  --keep a,b                insensitive columns, written unchanged (ARX's term). Every column that is not a
                            quasi-identifier, the sensitive column or kept is treated as identifying and removed
                            from the output; the report lists them under removedColumns
  --algorithm A             lattice (default): the optimal full-domain search; mondrian: strict multidimensional
                            partitioning with median splits (k-anonymity only), reported beside the lattice optimum
  --out file.csv            write the anonymized table, its rows in a fresh random order (never over the input, never
                            over an existing file unless --force); suppressed records are left out (a starred
                            class would be exempt from k and ℓ, so --suppressed star is refused)
  --format F                csv (default) or parquet: the --out file's format; Parquet is written by DuckDB, for
                            data DuckDB reads (a Parquet file, --engine duckdb) without --with-pram or mondrian
  --force                   replace an existing --out or --report file (never an input)
  --accept-linked-releases R  write --out although it links with an earlier release of the same data (any spec's,
                            or an earlier --out: e.g. the same column beside other classes), recording reason R
  --report file.json        also write the JSON report to a file
${PRAM_USAGE}
${ENGINE_USAGE}${SOURCE_USAGE}${FREQUENCIES_USAGE}                           With --frequencies: the search and its report only (--out, --keep and --with-pram
                           need the rows)
  --json                    print one JSON object

Exit code 0 with a solution, 1 when no transformation satisfies the model, 2 on bad input.
`;

/**
 * --report and --out must be two files. The output guard's rule (real paths, inodes, a symlink at the name) decides,
 * but its words would call the --out file "the input"; the refusal names both files by their roles.
 */
function sameOutputs(report: string, out: string, reportName: string, outName: string): void {
  try {
    guardOutputs([report], [out]);
  } catch (e) {
    if (e instanceof OutputGuardError && e.input === out)
      throw new CliError(
        `the report file ${reportName} and the output file ${outName} are one file; give the report its own name`,
      );
    throw e;
  }
}

/**
 * An output that appeared, or a folder that changed, while the search ran, or a file that would link with an earlier
 * release of the data (`refused`, the ledger's refusal, when a microdata file is written): a one-line refusal.
 */
function refuseExisting(e: NodeJS.ErrnoException, refused?: new (...args: never[]) => Error): never {
  if (e.code === 'EEXIST' || e.code === 'EFOLDERCHANGED' || (refused !== undefined && e instanceof refused))
    throw new CliError(e.message);
  throw e;
}

/**
 * The code a run needs only with --out, --with-pram, Mondrian or a source read where it lies: loaded when the run asks
 * for it, so that a plain search on a CSV (the cold process ARX is compared with) loads no ledger, DuckDB, PRAM search
 * or Mondrian. Each is one module, imported once.
 */
const ownMicrodataFile = () => import('../../engine/host/ledger/own-microdata-file.js');
const secureRandom = async () => (await import('../../engine/core/random.js')).cryptoRandom();

export const anonymize: Command = {
  summary: 'generalize a table to k-anonymity, ℓ-diversity or t-closeness',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      qi: { type: 'string' },
      hierarchy: { type: 'string', multiple: true },
      k: { type: 'string' },
      suppression: { type: 'string' },
      metric: { type: 'string' },
      l: { type: 'string' },
      sensitive: { type: 'string' },
      'l-variant': { type: 'string' },
      c: { type: 'string' },
      t: { type: 'string' },
      't-distance': { type: 'string' },
      'sensitive-hierarchy': { type: 'string' },
      order: { type: 'string' },
      algorithm: { type: 'string' },
      out: { type: 'string' },
      suppressed: { type: 'string' },
      report: { type: 'string' },
      delimiter: { type: 'string' },
      engine: { type: 'string' },
      keep: { type: 'string' },
      force: { type: 'boolean' },
      format: { type: 'string' },
      'accept-linked-releases': { type: 'string' },
      ...PRAM_FLAGS,
      ...SOURCE_FLAG,
      ...FREQUENCIES_FLAGS,
    });
    const answer = frequencyAnswerOption(values, positionals, ctx.cwd);
    const input = answer ? answer.file : inputLocation(positionals, values.source, ctx.cwd);
    const options = checkOptions(values);
    if (answer && (values.out !== undefined || options.keep.length > 0 || values['with-pram']))
      throw new CliError(
        'options --out, --keep and --with-pram need the rows; --frequencies gives the distinct records and their counts, enough for the search and its report',
      );
    // Issue 10 item 1: before anything is read or written, no output may be, or replace, an input (symlinked folders,
    // '..', hard links and a symlink at the output's name included), and --out and --report must differ.
    const inputs = [
      ...(databaseLocation(input) ? [] : [input]),
      ...options.hierarchyPaths.values(),
      ...(options.sensitiveHierarchy ? [options.sensitiveHierarchy] : []),
    ].map((p) => resolve(ctx.cwd, p));
    const [out, reportFile] = [values.out, values.report].map((p) =>
      p === undefined ? undefined : resolve(ctx.cwd, p),
    );
    guardOutputs(
      [out, reportFile].filter((p) => p !== undefined),
      inputs,
    );
    if (out && reportFile) sameOutputs(reportFile, out, values.report!, values.out!);
    // An existing output is refused before the search, not after it (--force replaces it; it is no input, checked
    // above).
    for (const [flag, file] of [
      ['--out', out],
      ['--report', reportFile],
    ] as const) {
      if (file !== undefined && !values.force && existsSync(file))
        throw new CliError(`${flag} ${file} exists; choose another name or add --force to replace it`);
    }

    const delimiter = values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter;
    const engine = engineOption(values.engine);
    const read = { ...(delimiter === undefined ? {} : { delimiter }), engine };
    // The search, its models and metrics read the distinct records of the quasi-identifiers and the sensitive column
    // with their row counts (issue 25). Rows are read only to write a release: without --out the file is read straight
    // into that frequency table, never into per-row arrays; with it, the table is read and grouped.
    const grouped = [...options.qi, ...(options.sensitive === undefined ? [] : [options.sensitive])];
    let table: Table | undefined;
    let frequencies: FrequencyTable;
    let header: string[];
    let snapshot: FileSnapshot | undefined;
    // Through DuckDB a generalized file is streamed (write-microdata-stream.ts): the search runs on the frequency table
    // DuckDB computes, and the rows come back shuffled by DuckDB in batches, never held whole.
    // A database table too (PostgreSQL in one snapshot from the frequency table to the last row: streamed-source.ts).
    const streamed =
      out !== undefined &&
      !values['with-pram'] &&
      options.algorithm !== 'mondrian' &&
      (await readsAtSource(input, engine));
    const format = outputFormat(values.format, out !== undefined);
    if (format === 'parquet' && !(streamed && fileFormatOf(input) !== undefined))
      throw new CliError(
        '--format parquet is written by DuckDB: give a Parquet file or --engine duckdb, without --with-pram or --algorithm mondrian',
      );
    const streamSource: DataSource | undefined = streamed
      ? await (await import('../../engine/host/sources/streamed-source.js')).openStreamSource(input, read)
      : undefined;
    try {
      if (answer) {
        // The warehouse's answer to the plan's frequency-table query: the search runs on it as on the data's.
        const { readFrequencyAnswer } = await import('../../engine/host/sources/read-frequency-answer.js');
        const read = await readFrequencyAnswer(answer.file, grouped, {
          ...(answer.names ? { names: answer.names } : {}),
          engine,
        });
        header = [...read.answerColumns];
        frequencies = read;
      } else if (out !== undefined && !streamed) {
        table = await readTable(input, read);
        header = table.columns.map((c) => c.name);
        checkKept(header, options, input);
        frequencies = frequencyTableOf(table, grouped);
      } else {
        // Through DuckDB (Parquet, a large CSV, --engine duckdb) DuckDB groups the file where it lies.
        // A streamed file is read again for its rows: its identity now is compared with the file then
        // (file-snapshot.ts).
        if (streamed && databaseLocation(input) === undefined)
          snapshot = await (await import('../../engine/host/files/file-snapshot.js')).fileSnapshot(input);
        header = streamSource
          ? [...(await streamSource.columns())]
          : (await readsAtSource(input, engine))
            ? await sourceColumns(input, read)
            : await readCsvHeader(input, delimiter);
        checkKept(header, options, input);
        frequencies = streamSource
          ? await streamSource.frequencyTable({ columns: grouped })
          : await readFrequencies(input, grouped, read);
      }
      // The search's one order (canonical-frequency-table.ts): t-closeness below is bound to these codes, and the
      // decision would otherwise put the table in that order after the criteria were bound to another.
      frequencies = canonicalFrequencyTable(frequencies);
      const hierarchies = await Promise.all(
        options.qi.map((name) => readHierarchy(ctx, options.hierarchyPaths.get(name)!)),
      );
      const criteria = await buildCriteria(ctx, frequencies, options);
      const started = performance.now();
      // privspec anonymize is an ad-hoc generalize release (ad-hoc-generalize.ts): these columns' roles, these models,
      // this limit and this metric, no pins; decided once, by the one decision every generalization takes.
      const adHoc = adHocGeneralize({
        file: input,
        quasi: options.qi,
        hierarchies,
        ...(options.sensitive === undefined ? {} : { sensitive: options.sensitive }),
        keep: options.keep,
        criteria,
        suppression: options.suppression,
        metric: options.metric,
      });
      const decision = decideAdHoc(frequencies, adHoc);
      const searchMs = performance.now() - started;
      const { problem, metric } = decision;
      const result = {
        optimum: decision.unavailable === undefined ? decision : null,
        nodes: decision.nodes,
        checked: decision.checked,
      };

      const removed = adHocColumns(adHoc, header).removed;
      const report: Record<string, unknown> = result.optimum
        ? {
            transformation: Object.fromEntries(options.qi.map((name, i) => [name, result.optimum!.levels[i]])),
            levels: result.optimum.levels,
            loss: result.optimum.loss,
            suppressed: result.optimum.evaluation.outliers,
            classes: result.optimum.evaluation.cells.classCount,
          }
        : { transformation: null };
      Object.assign(report, {
        metric: metric.name,
        models: criteria.map((c) => c.name),
        rows: frequencies.rowCount,
        // The distinct records (quasi-identifiers and sensitive column) the search ran on.
        records: frequencies.count,
        suppressionLimit: problem.maxOutliers,
        removedColumns: removed,
        nodes: result.nodes,
        nodesEvaluated: result.checked,
        searchMs: Math.round(searchMs * 10) / 10,
      });
      const pram = values['with-pram'] ? await import('./anonymize-pram.js') : undefined;
      if (pram)
        report.withPram = pram.pramSearchReport(
          frequencies,
          options.qi,
          hierarchies,
          { k: options.k, suppression: options.suppression },
          values,
        );
      let partitions: MondrianResult | undefined;
      if (options.algorithm === 'mondrian') {
        const { mondrian } = await import('../../engine/mondrian/mondrian.js');
        partitions = mondrian(problem, options.k!, result.optimum?.evaluation);
        report.mondrian = mondrianJson(partitions);
      }
      // What a lattice or Mondrian file publishes, for the cross-spec check (cross-spec-links.ts): the
      // quasi-identifiers at the optimum's levels, or at Mondrian's own ranges (classes decided by the data and k,
      // 'search'), every other written column as it is.
      const acceptLinked = values['accept-linked-releases'];
      const ledger = out !== undefined ? await ownMicrodataFile() : undefined;
      const refuse = (e: NodeJS.ErrnoException) => refuseExisting(e, ledger?.OwnFileRefused);
      const generalized = (columns: readonly string[]): OwnMicrodataRun => ({
        kind: 'generalize',
        columns: options.qi,
        published: ledger!.ownFilePublished(
          columns,
          options.qi,
          (q) => (partitions || !result.optimum ? 'search' : result.optimum.levels[options.qi.indexOf(q)]),
          `mondrian k=${options.k ?? 1} ${JSON.stringify(options.qi)}`,
        ),
        ...(acceptLinked !== undefined ? { acceptLinked } : {}),
      });
      // The release writer: rows in a fresh random order (secure generator), created exclusively — never over a file
      // unless --force, never through a folder swapped mid-run.
      // The run is recorded in the data's ledger with the file's digest and private row key (own-microdata-file.ts), so
      // that privspec attack can score an attack on the shuffled file.
      const write: MicrodataWriter = async (columns, rows, sourceRows, run) => {
        const written = await ledger!
          .writeOwnMicrodataFile(out!, input, columns, rows, {
            rng: await secureRandom(),
            delimiter: table!.delimiter ?? ',',
            force: values.force,
            ...(sourceRows ? { sourceRows } : {}),
            dataRows: table!.rowCount,
            run: { ...run, ...(acceptLinked !== undefined ? { acceptLinked } : {}) },
          })
          .catch(refuse);
        for (const a of written.accepted) ctx.err(`privspec: ${a}\n`);
        report.out = values.out;
      };
      // Only the declared columns leave (issue 10 item 4).
      const released: Table | undefined = table && {
        ...table,
        columns: table.columns.filter((c) => !removed.includes(c.name)),
      };
      let pramWritten = true;
      if (pram && released) {
        // Issue 23: with --with-pram the file is the combined release the report describes, not the generalization
        // alone.
        const written = await pram.writePramRelease(
          write,
          released,
          options.qi,
          hierarchies,
          report.withPram as Record<string, unknown>,
          options.k,
        );
        if (written) Object.assign(report, { out: values.out }, written);
        pramWritten = written !== null;
      } else if (partitions && released) {
        const { mondrianRelease } = await import('../../engine/mondrian/mondrian.js');
        const release = mondrianRelease(released, problem, partitions);
        // Mondrian releases every row: line j of the file is input row order[j].
        await write(release.header, release.rows, undefined, generalized(release.header));
      } else if (streamed && result.optimum) {
        // Streamed from the source through the streamed release's decision and writer (streamed-release-files.ts):
        // checked, before the file is put in place, against the file the search read (a database table has no file
        // identity: the per-class check is what catches a table written to meanwhile) and the decision's classes.
        const source = streamSource!;
        // The streamed file is recorded after it is written (its digest is known then): a link is refused before.
        const run = generalized(header.filter((c) => !removed.includes(c)));
        const recorded = await ledger!.recordStreamedOwnFile(out, input, run).catch(refuse);
        for (const a of recorded.accepted) ctx.err(`privspec: ${a}\n`);
        const { beforeStream } = await import('../../engine/host/sources/streamed-source.js');
        const { DuckDbSource } = await import('../../engine/host/sources/duckdb/duckdb-source.js');
        const { streamDecidedFile } = await import('../../engine/host/run/streamed-release-files.js');
        await beforeStream(source);
        // The input CSV's delimiter (given or detected), as the in-memory writer keeps it; ',' for Parquet and tables.
        const written = await streamDecidedFile(
          out,
          source,
          { ...adHocStreamed(adHoc, header, result.optimum), ...(snapshot ? { snapshot } : {}) },
          {
            inputs,
            rng: await secureRandom(),
            force: values.force,
            delimiter: source instanceof DuckDbSource ? (source.delimiter ?? ',') : ',',
            format,
          },
        ).catch(refuse);
        // The source's shuffled rows carry no input row numbers: the ledger records the file's digest and that it has
        // no key.
        await recorded.written(written);
        report.out = values.out;
      } else if (result.optimum && table) {
        // The in-memory release's own writer (generalize-release.ts): the file is what a spec's generalize release with
        // the same model writes, its rows checked against the decision's classes.
        const release = adHocRows(adHoc, table, result.optimum);
        await write(release.header, release.rows, release.sourceRows, generalized(release.header));
      }
      if (reportFile) {
        const { writeOwnFile } = await import('../../engine/host/files/release-files.js');
        await writeOwnFile(reportFile, `${JSON.stringify(report, null, 2)}\n`, { force: values.force }).catch(
          (e: NodeJS.ErrnoException) => refuseExisting(e),
        );
      }
      ctx.out(values.json ? `${JSON.stringify(report)}\n` : toText(report, options.qi));
      return result.optimum && pramWritten ? ExitCode.Ok : ExitCode.Violations;
    } finally {
      await streamSource?.close();
    }
  },
};

interface Options {
  qi: string[];
  hierarchyPaths: Map<string, string>;
  k?: number;
  suppression: number;
  metric: MetricName;
  l?: number;
  lVariant: 'distinct' | 'entropy' | 'recursive';
  c?: number;
  t?: number;
  tDistance: 'equal' | 'hierarchical' | 'ordered';
  sensitive?: string;
  sensitiveHierarchy?: string;
  order?: string[];
  algorithm: 'lattice' | 'mondrian';
  suppressedMode: 'remove';
  keep: string[];
}

function checkOptions(values: Record<string, string | string[] | boolean | undefined>): Options {
  const str = (name: string) => values[name] as string | undefined;
  const qi = listOption(str('qi'));
  if (!qi || qi.length === 0)
    throw new CliError('option --qi is required: name the quasi-identifier columns, e.g. --qi age,sex');
  const twice = qi.find((name, i) => qi.indexOf(name) !== i);
  if (twice !== undefined) throw new CliError(`option --qi names '${twice}' twice`);
  const hierarchyPaths = new Map<string, string>();
  for (const spec of (values.hierarchy as string[] | undefined) ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new CliError(`option --hierarchy: '${spec}' is not of the form column=path.csv`);
    const name = spec.slice(0, eq);
    if (!qi.includes(name))
      throw new CliError(`option --hierarchy: '${name}' is not one of the quasi-identifiers (${qi.join(', ')})`);
    if (hierarchyPaths.has(name)) throw new CliError(`option --hierarchy: '${name}' has two hierarchies`);
    hierarchyPaths.set(name, spec.slice(eq + 1));
  }
  const missing = qi.filter((name) => !hierarchyPaths.has(name));
  if (missing.length > 0)
    throw new CliError(
      `option --hierarchy is missing for ${missing.map((m) => `'${m}'`).join(', ')}: give --hierarchy ${missing[0]}=path.csv`,
    );
  const k = numberFlag(str('k'), '--k', isPositiveInteger, 'a positive integer');
  const suppression =
    numberFlag(str('suppression'), '--suppression', (x) => x >= 0 && x <= 1, 'a fraction of rows within [0, 1]') ?? 0;
  const metric = (str('metric') ?? 'entropy') as MetricName;
  if (!METRIC_NAMES.includes(metric))
    throw new CliError(`option --metric: '${metric}' is not one of ${METRIC_NAMES.join(', ')}`);
  const l = numberFlag(str('l'), '--l', (x) => x >= 1, 'a number ≥ 1');
  const lVariant = (str('l-variant') ?? 'distinct') as Options['lVariant'];
  if (!['distinct', 'entropy', 'recursive'].includes(lVariant))
    throw new CliError(`option --l-variant: '${lVariant}' is not one of distinct, entropy, recursive`);
  if (str('l-variant') !== undefined && l === undefined) throw new CliError('option --l-variant needs --l');
  const c = numberFlag(str('c'), '--c', (x) => x > 0, 'a positive number');
  if (c !== undefined && lVariant !== 'recursive')
    throw new CliError('option --c applies to --l-variant recursive only');
  if (lVariant === 'recursive' && l !== undefined && c === undefined)
    throw new CliError('option --l-variant recursive needs --c');
  if (lVariant === 'recursive' && l !== undefined && !Number.isInteger(l))
    throw new CliError('option --l: recursive (c, ℓ)-diversity needs a whole ℓ');
  const t = numberFlag(str('t'), '--t', (x) => x >= 0 && x <= 1, 'a distance within [0, 1]');
  const tDistance = (str('t-distance') ?? 'equal') as Options['tDistance'];
  if (!['equal', 'hierarchical', 'ordered'].includes(tDistance))
    throw new CliError(`option --t-distance: '${tDistance}' is not one of equal, hierarchical, ordered`);
  if (str('t-distance') !== undefined && t === undefined) throw new CliError('option --t-distance needs --t');
  if (tDistance === 'hierarchical' && t !== undefined && str('sensitive-hierarchy') === undefined)
    throw new CliError('option --t-distance hierarchical needs --sensitive-hierarchy path.csv');
  const sensitive = str('sensitive');
  if ((l !== undefined || t !== undefined) && sensitive === undefined)
    throw new CliError('options --l and --t need --sensitive: the column whose values must stay diverse or close');
  if (sensitive !== undefined && l === undefined && t === undefined)
    throw new CliError('option --sensitive needs --l or --t');
  if (sensitive !== undefined && qi.includes(sensitive))
    throw new CliError(`option --sensitive: '${sensitive}' is also a quasi-identifier`);
  if (k === undefined && l === undefined && t === undefined)
    throw new CliError('give a privacy model: --k, --l or --t');
  const algorithm = (str('algorithm') ?? 'lattice') as Options['algorithm'];
  if (!['lattice', 'mondrian'].includes(algorithm))
    throw new CliError(`option --algorithm: '${algorithm}' is not one of lattice, mondrian`);
  if (algorithm === 'mondrian' && k === undefined) throw new CliError('option --algorithm mondrian needs --k');
  const suppressedMode = str('suppressed') ?? 'remove';
  // One generalization writer: suppressed rows leave the file. Starred rows would form a class exempt from k and ℓ
  // whose sensitive values can be read off by elimination.
  if (suppressedMode === 'star')
    throw new CliError(
      'option --suppressed star is not offered: starred rows would form one more class, exempt from k and ℓ, whose sensitive values can be read off by elimination; suppressed rows are left out of the file',
    );
  if (suppressedMode !== 'remove')
    throw new CliError(
      `option --suppressed: '${suppressedMode}' is not 'remove' (suppressed rows are left out of the file)`,
    );
  const suppressed = 'remove' as const;
  const order = listOption(str('order'));
  if (order !== undefined && tDistance !== 'ordered')
    throw new CliError('option --order applies to --t-distance ordered only');
  const keep = listOption(str('keep')) ?? [];
  const declared = keep.find((name) => qi.includes(name) || name === sensitive);
  if (declared !== undefined)
    throw new CliError(
      `option --keep: '${declared}' is already declared as ${qi.includes(declared) ? 'a quasi-identifier' : 'the sensitive column'}`,
    );
  return {
    qi,
    hierarchyPaths,
    k,
    suppression,
    metric,
    l,
    lVariant,
    c,
    t,
    tDistance,
    sensitive,
    sensitiveHierarchy: str('sensitive-hierarchy'),
    order,
    algorithm,
    suppressedMode: suppressed,
    keep,
  };
}

/** The columns of a database table or of a file DuckDB reads (a Parquet file's schema; a CSV's header). */
/** The --out file's format: csv unless --format parquet (which needs --out). */
function outputFormat(value: string | undefined, out: boolean): 'csv' | 'parquet' {
  if (value === undefined || value === 'csv') return 'csv';
  if (value !== 'parquet') throw new CliError(`--format must be csv or parquet, got '${value}'`);
  if (!out) throw new CliError('--format parquet is the format of the --out file: give --out');
  return 'parquet';
}

/** A file DuckDB reads (not a database table), or undefined. */
function fileFormatOf(input: string): string | undefined {
  return databaseLocation(input) === undefined ? input : undefined;
}

async function sourceColumns(path: string, options: { delimiter?: string }): Promise<string[]> {
  return (await columnsOnly(path, options)).columns.map((c) => c.name);
}

/** Every --keep column must exist; the message names the columns there are, as for any unknown column. */
function checkKept(header: readonly string[], o: Options, source: string): void {
  const missing = o.keep.find((name) => !header.includes(name));
  if (missing !== undefined)
    throw new TableError(`no column '${missing}' in ${source} (columns: ${header.join(', ')})`);
}

async function readHierarchy(ctx: CommandContext, path: string): Promise<Hierarchy> {
  // Node's EISDIR names no path; the message must say which hierarchy is a folder.
  const text = await readFile(resolve(ctx.cwd, path), 'utf8').catch((e: NodeJS.ErrnoException) =>
    Promise.reject(Object.assign(e, { path: e.path ?? path })),
  );
  return parseArxHierarchy(text, path);
}

async function buildCriteria(ctx: CommandContext, table: FrequencyTable, o: Options): Promise<Criterion[]> {
  const criteria: Criterion[] = [];
  if (o.k !== undefined) criteria.push(new KAnonymity(o.k));
  // ℓ-diversity and t-closeness are loaded only when asked for.
  if (o.l !== undefined) {
    const { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } =
      await import('../../engine/criteria/l-diversity.js');
    const s = o.sensitive!;
    frequencyColumn(table, s);
    if (o.lVariant === 'distinct') criteria.push(new DistinctLDiversity(s, o.l));
    else if (o.lVariant === 'entropy') criteria.push(new EntropyLDiversity(s, o.l));
    else criteria.push(new RecursiveCLDiversity(s, o.c!, o.l));
  }
  if (o.t !== undefined) {
    // t-closeness compares each class with the column's distribution over all rows: the records' codes, weighted.
    const col = frequencyColumn(table, o.sensitive!);
    const { EqualDistanceTCloseness, HierarchicalDistanceTCloseness, OrderedDistanceTCloseness } =
      await import('../../engine/criteria/t-closeness.js');
    if (o.tDistance === 'equal') criteria.push(new EqualDistanceTCloseness(col, o.t));
    else if (o.tDistance === 'ordered') criteria.push(new OrderedDistanceTCloseness(col, o.t, o.order));
    else {
      const h = await readHierarchy(ctx, o.sensitiveHierarchy!);
      const { bindHierarchy } = await import('../../engine/hierarchy/bound-hierarchy.js');
      const { bound, missing } = bindHierarchy(h, col);
      if (missing.length > 0)
        throw new TableError(`the hierarchy for '${col.name}' does not cover '${missing[0]}'`, o.sensitiveHierarchy);
      criteria.push(new HierarchicalDistanceTCloseness(col, o.t, bound));
    }
  }
  return criteria;
}
