/** Exit codes of the `privspec` command, as fixed by the contract. */
export const ExitCode = { Ok: 0, Violations: 1, Usage: 2 } as const;

/**
 * A failure the user can act on: bad flags, an unreadable file, malformed input.
 * `main` prints it as one line (`privspec: <file>:<line>: <cause>`) and exits with `code`; nothing else prints stacks.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number = ExitCode.Usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
