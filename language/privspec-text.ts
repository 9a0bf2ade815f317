/**
 * Text helpers for what a spec writes: string escapes and paths relative to the spec. Pure (no Node path module), so
 * that the language runs the same in the server, the command line and a browser.
 */

/** The text of a STRING token's value; Langium has already removed the quotes, escapes are undone here. */
export function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
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
