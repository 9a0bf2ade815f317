import { TableError } from '../engine/table/table.js';

/**
 * One line for any failure: `file:line:column: cause` for input errors, the message for the rest.
 * Stack traces are for developers; set PRIVSPEC_DEBUG=1 to see them.
 */
export function describeError(e: unknown): string {
  if (process.env.PRIVSPEC_DEBUG && e instanceof Error && e.stack) return e.stack;
  if (e instanceof TableError) {
    const where = [e.file, e.line, e.column].filter((x) => x !== undefined && x !== '').join(':');
    return where ? `${where}: ${e.message}` : e.message;
  }
  const err = e as NodeJS.ErrnoException;
  if (err && err.code === 'ENOENT' && err.path) return `${err.path}: no such file`;
  if (err && err.code === 'EISDIR' && err.path) return `${err.path}: is a directory, expected a file`;
  if (err && err.code === 'EACCES' && err.path) return `${err.path}: permission denied`;
  if (e instanceof Error) return e.message;
  return String(e);
}
