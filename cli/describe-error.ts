import { TableError } from '../engine/table/table.js';

/** What a system error means to the user, by its code (Node's own messages read "EISDIR: illegal operation …"). */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory, expected a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'already exists',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the file name is too long',
  ELOOP: 'too many symbolic links (a link that points at itself?)',
};

/**
 * One line for any failure: `file:line:column: cause` for input errors, the message for the rest.
 * Stack traces are for developers; set PRIVSPEC_DEBUG=1 to see them.
 */
export function describeError(e: unknown): string {
  if (process.env.PRIVSPEC_DEBUG && e instanceof Error && e.stack) return e.stack;
  if (isError(e, TableError)) {
    const where = [e.file, e.line, e.column].filter((x) => x !== undefined && x !== '').join(':');
    return oneLine(where ? `${where}: ${e.message}` : e.message);
  }
  const err = e as NodeJS.ErrnoException | undefined;
  if (err && typeof err.code === 'string' && SYSTEM_ERRORS[err.code]) {
    return err.path ? `${err.path}: ${SYSTEM_ERRORS[err.code]}` : SYSTEM_ERRORS[err.code];
  }
  if (err && typeof err.code === 'string' && err.message?.startsWith(`${err.code}: `))
    return oneLine(err.message.slice(err.code.length + 2));
  if (e instanceof RangeError && /call stack/.test(e.message))
    return 'the input is nested or long beyond what can be processed (maximum call stack size exceeded)';
  if (e instanceof Error) return oneLine(e.message);
  return oneLine(String(e));
}

const oneLine = (s: string) => s.replace(/\s*\r?\n\s*/g, '; ');

/**
 * Whether `e` is of class `type`, also when it comes from another copy of the class's module: run from source (tests),
 * a command loaded by `import()` gets its own copies of modules that the command line loaded with `require`, and an
 * error thrown by one copy is not an instance of the other. Both copies give their instances the class's name.
 */
export function isError<T extends Error>(e: unknown, type: abstract new (...args: never[]) => T): e is T {
  return e instanceof type || (e instanceof Error && e.name === type.name);
}
