import type { CompletedCommand, Shell } from './completion-table.js';

/**
 * Shell completion scripts for `privspec`, written from the command table so that a new command or flag is completed
 * without editing them. Words that are not flags complete as file names, since every command reads files.
 */
export function completionScript(shell: Shell, commands: readonly CompletedCommand[]): string {
  switch (shell) {
    case 'bash':
      return bashScript(commands);
    case 'zsh':
      return zshScript(commands);
    case 'fish':
      return fishScript(commands);
  }
}

/** The words that may follow `privspec` itself: the commands, `help` and the global flags. */
const topWords = (commands: readonly CompletedCommand[]) => [
  ...commands.map((c) => c.name),
  'help',
  '--help',
  '--version',
];

/**
 * A string in single quotes for a POSIX shell (bash, zsh): a quote inside ends the string, escapes one and reopens it.
 */
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bashScript(commands: readonly CompletedCommand[]): string {
  // A command without file arguments turns off the fall-back to file names.
  const cases = commands
    .map(
      (c) =>
        `    ${c.name}) flags=${sq(c.flags.join(' '))} subs=${sq(c.subcommands.join(' '))}${c.takesFiles ? '' : '; compopt +o default +o bashdefault 2>/dev/null'} ;;`,
    )
    .join('\n');
  return `# bash completion for privspec: source <(privspec completion bash), or save it as
# ~/.local/share/bash-completion/completions/privspec.
_privspec() {
  local cur=\${COMP_WORDS[COMP_CWORD]} flags subs
  COMPREPLY=()
  if [ "$COMP_CWORD" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W ${sq(topWords(commands).join(' '))} -- "$cur")
    return
  fi
  case \${COMP_WORDS[1]} in
${cases}
    help) [ "$COMP_CWORD" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W ${sq(commands.map((c) => c.name).join(' '))} -- "$cur"); return ;;
    *) return ;;
  esac
  # Flags and subcommands from the table; an empty answer falls back to file names (complete -o default).
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$flags" -- "$cur")
  elif [ "$COMP_CWORD" -eq 2 ] && [ -n "$subs" ]; then
    mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
  fi
}
complete -o default -o bashdefault -F _privspec privspec
`;
}

function zshScript(commands: readonly CompletedCommand[]): string {
  const described = commands.map((c) => `    ${sq(`${c.name}:${c.summary}`)}`).join('\n');
  const cases = commands
    .map(
      (c) =>
        `    ${c.name}) opts=(${c.flags.join(' ')}) subs=(${c.subcommands.join(' ')}) files=${c.takesFiles ? 1 : 0} ;;`,
    )
    .join('\n');
  return `#compdef privspec
# zsh completion for privspec: source <(privspec completion zsh) after compinit, or save it as _privspec in a
# directory of $fpath.
_privspec() {
  local -a commands opts subs
  local files
  commands=(
${described}
    'help:show the options of a command'
  )
  if (( CURRENT == 2 )); then
    if [[ \${words[CURRENT]} == -* ]]; then compadd -- --help --version; else _describe -t commands 'privspec command' commands; fi
    return
  fi
  case \${words[2]} in
${cases}
    help) _describe -t commands 'privspec command' commands; return ;;
    *) _files; return ;;
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    compadd -- $opts
  else
    if (( CURRENT == 3 && \${#subs} > 0 )); then compadd -- $subs; fi
    if (( files )); then _files; fi
  fi
}
if (( $+functions[compdef] )); then compdef _privspec privspec; fi
`;
}

/** A string in single quotes for fish: a backslash or a quote inside is escaped with a backslash. */
const fq = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function fishScript(commands: readonly CompletedCommand[]): string {
  const names = commands.map((c) => c.name).join(' ');
  const lines = [
    '# fish completion for privspec: privspec completion fish | source, or save it as',
    '# ~/.config/fish/completions/privspec.fish.',
    'complete -c privspec -e',
    `complete -c privspec -n '__fish_use_subcommand' -l version -d 'print the version'`,
    `complete -c privspec -n '__fish_use_subcommand' -l help -d 'list the commands'`,
    ...commands.map((c) => `complete -c privspec -f -n '__fish_use_subcommand' -a ${c.name} -d ${fq(c.summary)}`),
    `complete -c privspec -f -n '__fish_use_subcommand' -a help -d 'show the options of a command'`,
    `complete -c privspec -f -n '__fish_seen_subcommand_from help' -a ${fq(names)}`,
  ];
  for (const c of commands) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    if (c.subcommands.length > 0) lines.push(`complete -c privspec ${when} -a ${fq(c.subcommands.join(' '))}`);
    if (!c.takesFiles) lines.push(`complete -c privspec ${when} -f`);
    for (const flag of c.flags) lines.push(`complete -c privspec ${when} -l ${flag.slice(2)}`);
  }
  return `${lines.join('\n')}\n`;
}
