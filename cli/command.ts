/** What a command returns: the exit code; it writes its own output through `out`. */
export interface CommandContext {
  /** Writes to stdout. */
  out(text: string): void;
  /** Writes to stderr. */
  err(text: string): void;
  /** The working directory that relative paths are resolved against. */
  cwd: string;
}

export interface Command {
  /** One line for `privspec --help`. */
  readonly summary: string;
  /** The usage text shown by `privspec <command> --help` and after a usage error. */
  readonly usage: string;
  run(args: string[], ctx: CommandContext): Promise<number>;
}
