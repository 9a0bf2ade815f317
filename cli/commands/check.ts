import { relative, resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';
import { checkSpec, SpecFileError, type CheckDiagnostic, type CheckResult } from '../../language/check-spec.js';
import { toSarif } from '../../language/sarif.js';
import { plural } from '../../engine/core/plural.js';

const usage = `usage: privspec check <file.privspec> [--format text|json|sarif] [--no-scan]

Checks a spec and the files it names, printing every diagnostic the editor would show.
  --format F   text (default), json (one object: diagnostics and budget) or sarif (SARIF 2.1.0)
  --json       the same as --format json
  --no-scan    read CSV headers and hierarchy files only, skipping the checks that scan the data
Exit code 1 when any diagnostic is an error.
`;

export const check: Command = {
  summary: 'check a .privspec file and the data it names, as the editor does',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, { format: { type: 'string' }, 'no-scan': { type: 'boolean' } });
    if (positionals.length !== 1) throw new CliError(`expected one spec file, got ${positionals.length}`);
    const format = values.json ? 'json' : (values.format ?? 'text');
    if (!['text', 'json', 'sarif'].includes(format))
      throw new CliError(`option --format: '${format}' is not valid; use text, json or sarif`);
    const path = resolve(ctx.cwd, positionals[0]);
    let result: CheckResult;
    try {
      result = await checkSpec(path, { scanData: !values['no-scan'] });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'ENOENT') throw new CliError(`${positionals[0]}: no such file`);
      if (err.code === 'EISDIR') throw new CliError(`${positionals[0]}: is a directory, expected a .privspec file`);
      if (e instanceof SpecFileError) throw new CliError(e.message.split(path).join(positionals[0]));
      throw e;
    }
    const display = (d: CheckDiagnostic) => ({ ...d, file: relative(ctx.cwd, d.file) || d.file });
    const diagnostics = result.diagnostics.map(display);
    if (format === 'json') {
      ctx.out(`${JSON.stringify({ file: relative(ctx.cwd, path), diagnostics, budget: result.budget })}\n`);
    } else if (format === 'sarif') {
      ctx.out(`${JSON.stringify(toSarif(diagnostics), null, 2)}\n`);
    } else {
      ctx.out(textReport(diagnostics, result));
    }
    return result.diagnostics.some((d) => d.severity === 'error') ? ExitCode.Violations : ExitCode.Ok;
  },
};

function textReport(diagnostics: CheckDiagnostic[], result: CheckResult): string {
  const lines = diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message} [${d.code}]`);
  const count = (s: string) => diagnostics.filter((d) => d.severity === s).length;
  const { accounting, label, notRunnable } = result.budget;
  const skipped = notRunnable.length > 0 ? `; not counted (cannot run as written): ${notRunnable.join(', ')}` : '';
  lines.push(
    `${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'note')}; budget (${accounting}): ${label} planned${skipped}`,
  );
  return `${lines.join('\n')}\n`;
}
