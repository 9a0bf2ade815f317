/**
 * Text helpers for what a spec writes: string escapes and paths relative to the spec. Pure (no Node path module), so
 * that the language runs the same in the server, the command line and a browser.
 */

/**
 * The escapes of a STRING (docs/language.md, Lexical rules): \" and \\ for the quote and the backslash, \t \n \r for a
 * tab, a line feed and a carriage return. Any other backslash is an error (`unknown-escape`, string-escape-check.ts):
 * a Windows path written with single backslashes would otherwise lose them or gain a tab.
 */
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', t: '\t', n: '\n', r: '\r' };

/**
 * The value of a STRING token's text between its quotes, each escape read once. This is the one decoder: the value
 * converter (privspec-value-converter.ts) gives every STRING of the AST its value with it, so no other code undoes an
 * escape again. An unknown escape is kept as written (and reported as an error).
 */
export function decodeString(body: string): string {
  return body.replace(/\\([\s\S])/g, (escape: string, c: string) => ESCAPES[c] ?? escape);
}

/**
 * Whether a STRING token's text has its closing quote. A string ends at the end of its line (the grammar's STRING
 * stops there, as the editor's colouring does), so an unclosed one is one token up to the line's end rather than the
 * rest of the file read as a string: the error is then one, at the string (`unclosed-string`), not a cascade of parse
 * errors on the lines after it. The last quote closes the string unless a backslash escapes it (an odd run of them).
 */
export function isClosedString(token: string): boolean {
  if (token.length < 2 || !token.endsWith('"')) return false;
  const backslashes = /\\*$/.exec(token.slice(1, -1))?.[0].length ?? 0;
  return backslashes % 2 === 0;
}

/** The text of a STRING token between its quotes, closed or not. */
export function stringBody(token: string): string {
  return token.slice(1, isClosedString(token) ? -1 : undefined);
}

/** The unknown escapes of a STRING token's text between its quotes, with their offsets in it. */
export function unknownEscapes(body: string): { offset: number; escape: string }[] {
  const found: { offset: number; escape: string }[] = [];
  for (const m of body.matchAll(/\\([\s\S])/g)) if (!(m[1] in ESCAPES)) found.push({ offset: m.index, escape: m[0] });
  return found;
}

const isAbsolute = (p: string) => p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);

/** Resolves a path written in a spec against the spec's own folder (POSIX or Windows separators). */
export function resolveSpecPath(specPath: string, written: string): string {
  if (isAbsolute(written)) return written;
  const sep = specPath.includes('\\') && !specPath.includes('/') ? '\\' : '/';
  const parts = specPath.split(/[\\/]/).slice(0, -1);
  for (const segment of written.split(/[\\/]/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length > 1) parts.pop();
    } else parts.push(segment);
  }
  return parts.join(sep) || sep;
}
