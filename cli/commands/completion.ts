import type { Command } from '../command.js';
import type { CommandEntry } from './index.js';
import { CliError } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';
import { completionScript } from '../completion/completion-scripts.js';
import { completionTable, SHELLS, type Shell } from '../completion/completion-table.js';

const usage = `usage: privspec completion bash|zsh|fish [--json]

Prints a script that completes privspec's commands, subcommands and flags in the shell (file names elsewhere).
  bash    source <(privspec completion bash)
          or save it as ~/.local/share/bash-completion/completions/privspec
  zsh     source <(privspec completion zsh)   (after compinit)
          or save it as _privspec in a directory of $fpath
  fish    privspec completion fish | source
          or save it as ~/.config/fish/completions/privspec.fish
  --json  print { shell, script } instead of the script
`;

/**
 * `privspec completion`, made with the command table it completes: the table passes itself in, since a static import of
 * it from here would pull it out of the command line's entry chunk (scripts/build.mjs splits at each command).
 */
export function makeCompletion(commands: Readonly<Record<string, CommandEntry>>): Command {
  return {
    summary: 'print a shell completion script for bash, zsh or fish',
    usage,
    async run(args, ctx) {
      const { values, positionals } = parseOptions(args, {});
      const [shell, extra] = positionals;
      if (shell === undefined) throw new CliError(`name the shell: ${SHELLS.join(', ')}`);
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new CliError(`no completion for '${shell}'; the shells are ${SHELLS.join(', ')}`);
      if (extra !== undefined) throw new CliError(`unexpected argument '${extra}'`);
      const script = completionScript(shell as Shell, await completionTable(commands));
      ctx.out(values.json ? `${JSON.stringify({ shell, script })}\n` : script);
      return 0;
    },
  };
}
