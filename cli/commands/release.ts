import { relative, resolve } from 'node:path';
import { RunRefused } from '../../engine/host/run/release-runner.js';
import { runSpec } from '../../engine/host/run/run-spec.js';
import type { Spec } from '../../language/generated/ast.js';
import type { RunReleaseResult } from '../../engine/release/run-report.js';
import { mainAmount, spentText, totalText } from '../../engine/release/cost-text.js';
import type { BudgetDescription } from '../../engine/release/release-description.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { specPath } from '../../language/privspec-analysis.js';
import { specData } from '../spec-data.js';
import { defaultReleaseFolder } from '../../language/release-folder.js';
import { releaseInput, SpecNotRunnable } from '../../language/release-input.js';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { numberOption, parseOptions } from '../parse-options.js';
import { engineOption } from '../engine-option.js';

const usage = `usage: privspec release <file.privspec> --out DIR [--only NAME] [--aggregates DIR] [--engine E] [--dry-run] [--seed N --not-private] [--json]

Runs the spec's releases and writes, for each, DIR/<name>.csv and DIR/<name>.json (mechanism, parameters, privacy
spent, expected error). Before any noise is drawn, the spend is recorded (durably, under a lock) in the data's one
ledger — in the per-user registry ($PRIVSPEC_LEDGER_DIR, else $XDG_DATA_HOME/privspec/ledgers), keyed by the SHA-256 of
the data's bytes, or for a database table by what the server says it is (in the database with PRIVSPEC_LEDGER_SCHEMA);
running a release again spends again, and a release that would link with an earlier one of the same data, from any
spec, is refused unless it says why. No output may replace an input, and DIR must not be the folder of the input data.
  --out DIR        output folder (created if needed)
  --only NAME      run one release
  --aggregates DIR the DP releases add their noise to the answers of 'privspec plan''s queries in DIR (<id>.csv or
                   <id>.parquet) instead of reading the data; the spend is recorded as always, before the noise
  --engine E       auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory. With DuckDB (and for a
                   database table) a generalize or PRAM release is decided on frequency tables and its rows are
                   streamed, shuffled by the engine, into the CSV: the table is never held in memory
  --dry-run        report what would be spent; spend nothing, write nothing
  --seed N         reproducible noise, for tests only; needs --not-private, marks every output NOT PRIVATE (seeded)
                   and spends nothing
  --json           print one JSON object
Exact figures computed from the data (rows dropped by contribution bounding, rows outside a declared domain) are
printed to stderr for you, never written under DIR: no ε covers them.
Exit code 1 when a release was refused (budget, an unaccepted leak) or is not available.
`;

function printText(report: RunReleaseResult, ctx: Parameters<Command['run']>[1], budget: BudgetDescription): void {
  for (const r of report.releases) {
    ctx.out(`${r.name}: ${r.status}: ${r.message.split(ctx.cwd + '/').join('')}\n`);
    for (const line of r.local ?? [])
      ctx.err(`privspec release: ${r.name}: ${line} (local diagnostic, not in the release)\n`);
  }
  // In the budget's notion, through the one cost formatter, as the checker and the lenses state it. A spec with no
  // budget states no limit: the line says so rather than "ε 0 of —".
  const where = `ledger ${relative(ctx.cwd, report.ledger)}`;
  const { limit, spent } = report.budget;
  const accounting = budget.accounting;
  if (limit[accounting === 'zcdp' ? 'rho' : 'epsilon'] !== undefined)
    ctx.out(`${where}: ${totalText(spent, limit, accounting)} spent\n`);
  else if (mainAmount(spent, accounting) > 0)
    ctx.out(`${where}: ${spentText(spent, limit, accounting)} spent; this spec states no budget\n`);
  else ctx.out(`${where}: nothing spent; this spec states no budget (a differentially private release needs one)\n`);
}

export const release: Command = {
  summary: 'run the releases of a .privspec file, recording each spend',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      out: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string' },
      'not-private': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      aggregates: { type: 'string' },
      engine: { type: 'string' },
    });
    if (positionals.length !== 1) throw new CliError(`expected one spec file, got ${positionals.length}`);
    if (values.out === undefined && !values['dry-run']) throw new CliError('option --out DIR is required');
    const engine = engineOption(values.engine);
    const seed = numberOption(
      values.seed,
      '--seed',
      (x) => Number.isSafeInteger(x) && x >= 0,
      'use a non-negative integer',
    );
    if (seed !== undefined && !values['not-private'])
      throw new CliError(
        '--seed makes the noise reproducible, so the output is not private; add --not-private to confirm',
      );
    const path = resolve(ctx.cwd, positionals[0]);
    const services = nodeServices();
    const document = await loadSpec(path, services);
    let report: RunReleaseResult;
    let budget: BudgetDescription | undefined;
    try {
      // A database table's DP releases read only the server's aggregates: the checks do not scan its rows either.
      const database =
        values.aggregates === undefined &&
        (document.parseResult.value as Spec).datasets.some((d) => d.database !== undefined);
      const data = specData(document);
      // The spec's data checks read the dataset through the run's one source (runSpec).
      report = await runSpec(
        {
          ...(data ? { data } : {}),
          resolve: async (open) => {
            const input = await releaseInput(services, document, values.only, undefined, {
              scanData: values.aggregates === undefined && !database,
              open,
            });
            budget = input.budget;
            return input;
          },
        },
        {
          out: values.out === undefined ? defaultReleaseFolder(specPath(document)) : resolve(ctx.cwd, values.out),
          seed,
          dryRun: values['dry-run'] ?? false,
          engine,
          ...(values.aggregates === undefined ? {} : { aggregates: resolve(ctx.cwd, values.aggregates) }),
        },
      );
    } catch (e) {
      if (!(e instanceof SpecNotRunnable) && !(e instanceof RunRefused)) throw e;
      // Written here rather than thrown as a CliError: the exit code depends on the kind, and 1 must survive even when
      // the command table loads this module separately from the one that catches.
      const message = e.message.split(path).join(positionals[0]);
      if (values.json) ctx.out(`${JSON.stringify({ error: message })}\n`);
      else ctx.err(`privspec release: ${message}\n`);
      return e.kind === 'spec' ? ExitCode.Violations : ExitCode.Usage;
    } finally {
      services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
    }
    if (values.json) ctx.out(`${JSON.stringify(report)}\n`);
    else printText(report, ctx, budget!);
    if (seed !== undefined)
      ctx.err(
        'privspec release: NOT PRIVATE (seeded): the noise is reproducible; the output is for tests, not for publication, and spent nothing\n',
      );
    return report.releases.every((r) => r.status === 'written' || r.status === 'dry-run')
      ? ExitCode.Ok
      : ExitCode.Violations;
  },
};
