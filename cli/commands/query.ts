import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readViewFile } from '../../engine/host/files/read-view-file.js';
import { answerQuery } from '../../engine/view/answer-query.js';
import { parseViewQuery, ViewQueryError } from '../../engine/view/view-query-text.js';
import type { DpView } from '../../engine/view/view-types.js';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';
import { refuseNonFinite } from '../finite-figures.js';
import { largest } from '../../engine/core/extremes.js';

const usage = `usage: privspec query <view.json> "count where age in 30..39 and sex = \\"F\\"" [--json]
       privspec query <view.json> --workload queries.txt [--json]

Answers counting queries from a released DP view (a view release's .json report). It reads the view only — never the
data, never the ledger — so any number of queries spends nothing (post-processing). Each answer assumes the rows are
spread uniformly within each block (Kato et al., VLDB 2022) and comes with the standard deviation of the view's noise
in it; the error from that uniformity is not included (it depends on the data).
  <query>            count [where COLUMN in LOW..HIGH | COLUMN in {V, …} | COLUMN = V (and …)*], the spec's where-syntax
  --workload FILE    one query per line (blank lines and lines starting with # are skipped): a table of answers
  --json             print one JSON object
`;

export interface QueryAnswer {
  readonly query: string;
  readonly estimate: number;
  readonly noiseStdDev: number;
}

/** Every query of a workload text, answered; an error names the file, the line and the column. */
function answerAll(view: DpView, lines: readonly { text: string; where: (column: number) => string }[]): QueryAnswer[] {
  return lines.map(({ text, where }) => {
    try {
      return { query: text, ...answerQuery(view, parseViewQuery(text, view.dimensions)) };
    } catch (e) {
      if (e instanceof ViewQueryError) throw new CliError(`${where(e.column)}: ${e.message}`);
      throw e;
    }
  });
}

const fmt = (x: number) => String(Number(x.toPrecision(6)));

export const query: Command = {
  summary: 'answer counting queries from a released DP view (no budget)',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, { workload: { type: 'string' } });
    if (positionals.length === 0)
      throw new CliError('give the view file <view.json> and a query, or --workload FILE (see usage)');
    const [viewArg, ...queries] = positionals;
    if (values.workload !== undefined && queries.length > 0)
      throw new CliError('give one query or --workload FILE, not both');
    if (values.workload === undefined && queries.length !== 1)
      throw new CliError(
        queries.length === 0
          ? 'give a query, e.g. "count where age in 30..39", or --workload FILE'
          : `unexpected argument '${queries[1]}' (quote the query as one argument)`,
      );
    const { view, notPrivate } = await readViewFile(resolve(ctx.cwd, viewArg));
    let lines: { text: string; where: (column: number) => string }[];
    if (values.workload !== undefined) {
      const file = resolve(ctx.cwd, values.workload);
      const text = await readFile(file, 'utf8');
      lines = text.split(/\r?\n/).flatMap((line, i) =>
        line.trim() === '' || line.trimStart().startsWith('#')
          ? []
          : [
              {
                text: line.trim(),
                where: (column: number) => `${file}:${i + 1}:${column + line.length - line.trimStart().length}`,
              },
            ],
      );
      if (lines.length === 0) throw new CliError(`${file}: no query in it (one query per line)`);
    } else lines = [{ text: queries[0], where: (column: number) => `the query, column ${column}` }];
    const answers = answerAll(view, lines);
    // A view file's counts are checked to sum to a finite number, so no answer should be ∞; this is the last guard.
    refuseNonFinite(answers);
    if (values.json) {
      const single =
        values.workload === undefined ? { estimate: answers[0].estimate, noiseStdDev: answers[0].noiseStdDev } : {};
      ctx.out(
        `${JSON.stringify({ ...(notPrivate ? { notPrivate } : {}), view: viewArg, algorithm: view.algorithm, ...single, answers, privacySpent: null })}\n`,
      );
      return ExitCode.Ok;
    }
    // A view from a seeded run is not private, and neither is anything read from it: its first line says so.
    if (notPrivate) ctx.out(`${notPrivate}\n`);
    if (values.workload === undefined) {
      ctx.out(
        `${fmt(answers[0].estimate)} ± ${fmt(answers[0].noiseStdDev)} (noise s.d.; from the ${view.algorithm} view, nothing spent)\n`,
      );
    } else {
      const width = Math.min(80, Math.max(5, largest(answers.map((a) => a.query.length))));
      ctx.out(`${'query'.padEnd(width)}  ${'estimate'.padStart(12)}  ${'± noise s.d.'.padStart(12)}\n`);
      // Printed in chunks of about a megabyte: one write per answer costs more than answering for a large workload.
      let chunk = '';
      for (const a of answers) {
        chunk += `${a.query.padEnd(width)}  ${fmt(a.estimate).padStart(12)}  ${fmt(a.noiseStdDev).padStart(12)}\n`;
        if (chunk.length >= 1 << 20) {
          ctx.out(chunk);
          chunk = '';
        }
      }
      if (chunk) ctx.out(chunk);
      ctx.out(`${answers.length} answers from the ${view.algorithm} view; nothing spent\n`);
    }
    return ExitCode.Ok;
  },
};
