import { sep } from 'node:path';
import { version } from '../package.json';
import type { CommandContext } from './command.js';
import { commands, type CommandEntry } from './commands/index.js';
import { CliError, ExitCode } from './cli-error.js';
import { describeError, isError } from './describe-error.js';
import { largest } from '../engine/core/extremes.js';

function help(): string {
  const width = largest(Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: privspec <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'privspec help <command>' for a command's options; 'privspec --version' prints the version.\n`;
}

/** Whether the command line asks for JSON output (`--json`, or `check`'s `--format json`). */
export function wantsJson(args: readonly string[]): boolean {
  return args.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && args[i + 1] === 'json'));
}

/** Runs one command line and returns the exit code. Never throws. */
export async function runCli(argv: string[], ctx: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  const json = wantsJson(argv);
  // Every failure is one line: on stdout as {"error": …} when JSON was asked for, so a pipe into a JSON reader
  // still gets exactly one object; otherwise on stderr.
  const fail = (full: string, code: number): number => {
    // Paths under the working directory are shown as the user typed them.
    const message = full.split(`${ctx.cwd}${sep}`).join('');
    if (json) ctx.out(`${JSON.stringify({ error: message })}\n`);
    else ctx.err(`${message}\n`);
    return code;
  };
  // `privspec help <command>` is `privspec <command> --help`, as in git and cargo.
  if (name === 'help' && rest.length > 0 && !rest[0].startsWith('-'))
    return runCli([rest[0], '--help', ...rest.slice(1)], ctx);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    ctx.out(json ? `${JSON.stringify({ usage: help() })}\n` : help());
    return name ? ExitCode.Ok : ExitCode.Usage;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    ctx.out(json ? `${JSON.stringify({ name: 'privspec', version })}\n` : `privspec ${version}\n`);
    return ExitCode.Ok;
  }
  const entry: CommandEntry | undefined = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry)
    return fail(
      `privspec: unknown command '${name}'; the commands are ${Object.keys(commands).join(', ')} (see privspec --help)`,
      ExitCode.Usage,
    );
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    ctx.out(json ? `${JSON.stringify({ usage: command.usage })}\n` : command.usage);
    return ExitCode.Ok;
  }
  try {
    return await command.run(rest, ctx);
  } catch (e) {
    const cli = isError(e, CliError);
    const code = cli ? e.code : ExitCode.Usage;
    // A usage mistake points at the command's help instead of printing all of it.
    const usage =
      cli && code === ExitCode.Usage && /option|argument|--\w/.test(e.message) && !/--help|\(see /.test(e.message);
    const hint = usage ? ` (see privspec ${name} --help)` : '';
    return fail(`privspec ${name}: ${describeError(e)}${hint}`, code);
  }
}
