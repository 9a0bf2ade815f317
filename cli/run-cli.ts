import type { Command, CommandContext } from './command.js';
import { commands } from './commands/index.js';
import { CliError, ExitCode } from './cli-error.js';
import { describeError } from './describe-error.js';

function help(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: privspec <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'privspec <command> --help' for a command's options.\n`;
}

/** Runs one command line and returns the exit code. Never throws. */
export async function runCli(argv: string[], ctx: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    ctx.out(help());
    return name ? ExitCode.Ok : ExitCode.Usage;
  }
  if (name === '--version') {
    ctx.out(`${process.env.PRIVSPEC_VERSION ?? 'privspec'}\n`);
    return ExitCode.Ok;
  }
  const command: Command | undefined = commands[name];
  if (!command) {
    ctx.err(`privspec: unknown command '${name}'. Commands: ${Object.keys(commands).join(', ')}\n`);
    return ExitCode.Usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    ctx.out(command.usage);
    return ExitCode.Ok;
  }
  try {
    return await command.run(rest, ctx);
  } catch (e) {
    ctx.err(`privspec ${name}: ${describeError(e)}\n`);
    if (e instanceof CliError && e.code === ExitCode.Usage && /option|argument|usage/i.test(e.message)) ctx.err(command.usage);
    return e instanceof CliError ? e.code : ExitCode.Usage;
  }
}
