import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { cryptoRandom, seededRandom } from '../../engine/core/random.js';
import { guardOutputs } from '../../engine/host/files/output-guard.js';
import { readViewFile } from '../../engine/host/files/read-view-file.js';
import { NOT_PRIVATE } from '../../engine/host/files/release-files.js';
import { csvField } from '../../engine/host/files/write-csv.js';
import { writeMicrodataStream } from '../../engine/host/files/write-microdata-stream.js';
import { DEFAULT_MAX_SYNTHETIC_CELLS, synthesisSize, syntheticRecords } from '../../engine/view/synthesize-view.js';
import type { Command } from '../command.js';
import { viewReportInputs } from '../view-report-inputs.js';
import { CliError, ExitCode } from '../cli-error.js';
import { isPositiveInteger, numberFlag, parseOptions } from '../parse-options.js';
import { thousands } from '../thousands.js';

const usage = `usage: privspec synthesize <view.json> --rows N --out FILE.csv [--max-cells C] [--seed S] [--force] [--json]

Synthetic records from a released DP view (a view release's .json report): each record falls in a block with
probability proportional to the block's noisy count (negative counts as 0) and takes a uniform value within the
block. It reads the view only — never the data, never the ledger — so it spends no budget (post-processing). The file
holds the view's dimensions only; the records are independent draws, written as they are drawn (streamed, so memory
does not grow with N). Cells a spreadsheet would run as a formula are written as text (docs/views.md).
  --rows N       the number of records to draw
  --out FILE     the CSV to write (never over the view, the spec and data its report names, or a spend ledger)
  --max-cells C  the most cells (records × dimensions) to write, checked before drawing (default
                 ${thousands(DEFAULT_MAX_SYNTHETIC_CELLS)})
  --seed S       reproducible draws, for tests
  --force        replace an existing --out file, only one that an earlier synthesis from a view of the same
                 dimensions wrote (its header is theirs); never any other file
  --json         print one JSON object
`;

function refuseExisting(e: NodeJS.ErrnoException): never {
  if (e.code === 'EEXIST' || e.code === 'EFOLDERCHANGED') throw new CliError(e.message);
  throw e;
}

/**
 * The header line of an existing file (after a seeded file's `# NOT PRIVATE` line), from its first 64 KiB; undefined
 * when there is no such file.
 */
async function headerOf(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(65536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const lines = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
    return lines[0].startsWith('# ') ? (lines[1] ?? '') : lines[0];
  } finally {
    await handle.close();
  }
}

export const synthesize: Command = {
  summary: 'sample synthetic records from a released DP view (no budget)',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      rows: { type: 'string' },
      out: { type: 'string' },
      'max-cells': { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean' },
    });
    if (positionals.length !== 1)
      throw new CliError(
        positionals.length === 0
          ? 'give the view file <view.json> (see usage)'
          : `unexpected argument '${positionals[1]}'`,
      );
    const rows = numberFlag(
      values.rows,
      '--rows',
      (x) => isPositiveInteger(x) && Number.isSafeInteger(x),
      'a positive integer',
    );
    if (rows === undefined) throw new CliError('--rows N is required: the number of records to draw');
    if (values.out === undefined) throw new CliError('--out FILE.csv is required: where to write the records');
    const maxCells =
      numberFlag(
        values['max-cells'],
        '--max-cells',
        (x) => isPositiveInteger(x) && Number.isSafeInteger(x),
        'a positive integer',
      ) ?? DEFAULT_MAX_SYNTHETIC_CELLS;
    const seed = numberFlag(values.seed, '--seed', (x) => Number.isSafeInteger(x) && x >= 0, 'a non-negative integer');
    const file = resolve(ctx.cwd, positionals[0]);
    const out = resolve(ctx.cwd, values.out);
    guardOutputs([out], [file]);
    const { view, notPrivate, spec, dataset } = await readViewFile(file);
    // The size is known before anything is drawn: a synthesis larger than the bound is refused with its estimate.
    const size = synthesisSize(view, rows);
    if (size.cells > maxCells)
      throw new CliError(
        `${thousands(rows)} records of ${view.dimensions.length} dimensions are ${thousands(size.cells)} cells (about ${thousands(Math.round(size.bytes / 1e6))} MB of CSV), over the bound of ${thousands(maxCells)} cells; draw fewer --rows, or raise the bound with --max-cells ${size.cells}`,
      );
    // The spec and data the view's report names are inputs too, even though synthesis reads neither's rows: an output
    // never replaces them, nor a spend ledger (the guard refuses any path in a ledger folder), even with --force.
    guardOutputs([out], [file, ...(await viewReportInputs(file, { spec, dataset }))]);
    // A report copied elsewhere names no spec or data that can be found, and a spec names hierarchies and matrices the
    // guard does not list: so --force replaces only a file whose header is this synthesis's own, an earlier synthetic
    // file from a view of these dimensions. Raw data, a hierarchy (no header), a matrix or a spec is never one.
    const header = view.dimensions.map((d) => d.name);
    const headerLine = header.map((h) => csvField(h)).join(',');
    const existing = await headerOf(out);
    if (existing !== undefined && values.force && existing.replace(/\r$/, '') !== headerLine)
      throw new CliError(
        `${values.out} exists and is not a synthetic file from a view of ${header.join(', ')} (its header differs), so --force does not replace it; choose another --out`,
      );
    const rng = seed === undefined ? cryptoRandom() : seededRandom(seed);
    const batches = (function* () {
      for (const batch of syntheticRecords(view, rows, rng)) yield { columns: header, rows: batch };
    })();
    // Records drawn from a seeded run's view are not private either: the file's first line says so, as the view's does.
    await writeMicrodataStream(out, header, batches, (row) => row, {
      inputs: [file],
      force: values.force,
      ...(notPrivate ? { firstLine: `# ${NOT_PRIVATE}` } : {}),
    }).catch(refuseExisting);
    const report = {
      view: positionals[0],
      out: values.out,
      rows,
      columns: header,
      algorithm: view.algorithm,
      privacySpent: null,
      ...(seed !== undefined ? { seed } : {}),
      ...(notPrivate ? { notPrivate } : {}),
    };
    ctx.out(
      values.json
        ? `${JSON.stringify(report)}\n`
        : `${notPrivate ? `${notPrivate}\n` : ''}wrote ${values.out}: ${rows} synthetic records of ${header.join(', ')} from the ${view.algorithm} view; nothing spent (post-processing)\n`,
    );
    return ExitCode.Ok;
  },
};
