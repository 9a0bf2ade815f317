import { resolve } from 'node:path';
import { cryptoRandom, seededRandom } from '../../engine/core/random.js';
import { guardOutputs } from '../../engine/host/files/output-guard.js';
import { readViewFile } from '../../engine/host/files/read-view-file.js';
import { NOT_PRIVATE, writeOwnFile } from '../../engine/host/files/release-files.js';
import { formatMicrodataCsv } from '../../engine/host/files/write-csv.js';
import { MAX_SYNTHETIC_ROWS, synthesizeView } from '../../engine/view/synthesize-view.js';
import type { Command } from '../command.js';
import { viewReportInputs } from '../view-report-inputs.js';
import { CliError, ExitCode } from '../cli-error.js';
import { isPositiveInteger, numberFlag, parseOptions } from '../parse-options.js';

const usage = `usage: privspec synthesize <view.json> --rows N --out FILE.csv [--seed S] [--force] [--json]

Synthetic records from a released DP view (a view release's .json report): each record falls in a block with
probability proportional to the block's noisy count (negative counts as 0) and takes a uniform value within the
block. It reads the view only — never the data, never the ledger — so it spends no budget (post-processing). The file
holds the view's dimensions only, in a random row order.
  --rows N      the number of records to draw (1 to ${MAX_SYNTHETIC_ROWS})
  --out FILE    the CSV to write (never over the view, the spec and data its report names, or a spend
                ledger; an existing file only with --force)
  --seed S      reproducible draws, for tests
  --force       replace an existing --out file (never one of those inputs)
  --json        print one JSON object
`;

function refuseExisting(e: NodeJS.ErrnoException): never {
  if (e.code === 'EEXIST' || e.code === 'EFOLDERCHANGED') throw new CliError(e.message);
  throw e;
}

export const synthesize: Command = {
  summary: 'sample synthetic records from a released DP view (no budget)',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      rows: { type: 'string' },
      out: { type: 'string' },
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
      (x) => isPositiveInteger(x) && x <= MAX_SYNTHETIC_ROWS,
      `an integer from 1 to ${MAX_SYNTHETIC_ROWS}`,
    );
    if (rows === undefined) throw new CliError('--rows N is required: the number of records to draw');
    if (values.out === undefined) throw new CliError('--out FILE.csv is required: where to write the records');
    const seed = numberFlag(values.seed, '--seed', (x) => Number.isSafeInteger(x) && x >= 0, 'a non-negative integer');
    const file = resolve(ctx.cwd, positionals[0]);
    const out = resolve(ctx.cwd, values.out);
    guardOutputs([out], [file]);
    const { view, notPrivate, spec, dataset } = await readViewFile(file);
    // The spec and data the view's report names are inputs too, even though synthesis reads neither's rows: an output
    // never replaces them, nor a spend ledger (the guard refuses any path in a ledger folder), even with --force.
    guardOutputs([out], [file, ...(await viewReportInputs(file, { spec, dataset }))]);
    const rng = seed === undefined ? cryptoRandom() : seededRandom(seed);
    const synthetic = synthesizeView(view, rows, rng);
    // Records drawn from a seeded run's view are not private either: the file's first line says so, as the view's does.
    const text = formatMicrodataCsv(synthetic.header, synthetic.rows, rng);
    await writeOwnFile(out, notPrivate ? `# ${NOT_PRIVATE}\n${text}` : text, { force: values.force }).catch(
      refuseExisting,
    );
    const report = {
      view: positionals[0],
      out: values.out,
      rows,
      columns: synthetic.header,
      algorithm: view.algorithm,
      privacySpent: null,
      ...(seed !== undefined ? { seed } : {}),
      ...(notPrivate ? { notPrivate } : {}),
    };
    ctx.out(
      values.json
        ? `${JSON.stringify(report)}\n`
        : `${notPrivate ? `${notPrivate}\n` : ''}wrote ${values.out}: ${rows} synthetic records of ${synthetic.header.join(', ')} from the ${view.algorithm} view; nothing spent (post-processing)\n`,
    );
    return ExitCode.Ok;
  },
};
