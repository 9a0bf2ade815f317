import { relative, resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { numberOption, parseOptions } from '../parse-options.js';
import { runReleases, RunRefused, type RunReport } from '../../language/release-runner.js';

const usage = `usage: privspec release <file.privspec> --out DIR [--only NAME] [--seed N] [--dry-run] [--json]

Runs the spec's releases and writes, for each, DIR/<name>.csv and DIR/<name>.json (mechanism, parameters, privacy
spent, expected error). Every spend is recorded first in <file.privspec>.ledger.json; running a release again spends
again. DIR must not be the folder of the input data.
  --out DIR     output folder (created if needed)
  --only NAME   run one release
  --seed N      reproducible noise, for tests only: seeded output is not private
  --dry-run     report what would be spent; spend nothing, write nothing
  --json        print one JSON object
Exit code 1 when a release was refused (budget) or is not available.
`;

export const release: Command = {
  summary: 'run the releases of a .privspec file, recording each spend in the ledger',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      out: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string' },
      'dry-run': { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new CliError(`expected one spec file, got ${positionals.length}`);
    if (values.out === undefined && !values['dry-run']) throw new CliError('option --out DIR is required');
    const seed = numberOption(values.seed, '--seed', (x) => Number.isSafeInteger(x) && x >= 0, 'use a non-negative integer');
    const path = resolve(ctx.cwd, positionals[0]);
    let report: RunReport;
    try {
      report = await runReleases(path, { out: values.out === undefined ? undefined : resolve(ctx.cwd, values.out), only: values.only, seed, dryRun: values['dry-run'] ?? false });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'ENOENT' && err.path === path) throw new CliError(`${positionals[0]}: no such file`);
      if (!(e instanceof RunRefused)) throw e;
      // Written here rather than thrown as a CliError: the exit code depends on the kind, and 1 must survive even when
      // the command table loads this module separately from the one that catches.
      ctx.err(`privspec release: ${e.message.replace(path, positionals[0])}\n`);
      return e.kind === 'spec' ? ExitCode.Violations : ExitCode.Usage;
    }
    if (values.json) {
      ctx.out(`${JSON.stringify(report)}\n`);
    } else {
      for (const r of report.releases) ctx.out(`${r.name}: ${r.status}: ${r.message}\n`);
      const key = report.budget.accounting === 'zcdp' ? 'rho' : 'epsilon';
      const show = (x: number | undefined) => (x === undefined ? '—' : String(Number(x.toPrecision(6))));
      ctx.out(`ledger ${relative(ctx.cwd, report.ledger)}: ${key === 'rho' ? 'ρ' : 'ε'} ${show(report.budget.spent[key] ?? 0)} of ${show(report.budget.limit[key])} spent\n`);
    }
    if (seed !== undefined) ctx.err('privspec release: --seed makes the noise reproducible; the output is for tests, not for publication\n');
    return report.releases.every((r) => r.status === 'written' || r.status === 'dry-run') ? ExitCode.Ok : ExitCode.Violations;
  },
};
