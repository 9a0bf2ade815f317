/**
 * How a custom request's failure reaches the editor: one `ResponseError` whose message is one line for the user, never
 * a stack trace. A refusal the user can act on (a spec with errors, an output over an input, a ledger that cannot be
 * read, a CSV that does not parse) is `RequestFailed`; a cancelled run is `RequestCancelled`; anything else is an
 * internal error, stated in one line too (its stack goes to the server's log only when PRIVSPEC_DEBUG=1).
 */
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/**
 * Error classes whose message is written for the user (by name, so that a bundle's second copy of a class matches too).
 */
const USER_ERRORS = new Set([
  'SpecNotRunnable',
  'RunRefused',
  'TableError',
  'CsvFileError',
  'OutputGuardError',
  'LockTimeoutError',
  'ReleaseUnavailable',
  'PrivacyError',
  'SpecFileError',
  'LedgerUnreadable',
]);

export function firstLine(message: string): string {
  return message.split(/\r?\n/, 1)[0];
}

export function toResponseError(error: unknown, log?: (text: string) => void): ResponseError<void> {
  if (error instanceof ResponseError) return error as ResponseError<void>;
  const e = error instanceof Error ? error : new Error(String(error));
  if (e.name === 'AbortError')
    return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled; nothing was written');
  if (USER_ERRORS.has(e.name)) return new ResponseError(LSPErrorCodes.RequestFailed, firstLine(e.message));
  if (log && process.env.PRIVSPEC_DEBUG === '1') log(e.stack ?? e.message);
  return new ResponseError(ErrorCodes.InternalError, `internal error: ${firstLine(e.message)}`);
}
