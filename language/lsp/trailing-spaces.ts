/**
 * Removes spaces and tabs at the end of every line of a spec, except inside a string (a STRING token may span lines,
 * and its spaces are the value's). Comments are not values: their trailing spaces go too.
 */
export function withoutTrailingSpaces(text: string): string {
  let out = '';
  let pending = '';
  let inString = false;
  let lineComment = false;
  let blockComment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (!inString && (c === ' ' || c === '\t')) {
      pending += c;
      continue;
    }
    if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      // Whitespace held back before a line break is the line's trailing whitespace: dropped, unless inside a string.
      out += inString ? pending : '';
      pending = '';
      lineComment = false;
      out += c;
      continue;
    }
    out += pending + c;
    pending = '';
    if (lineComment) continue;
    if (blockComment) {
      if (c === '/' && text[i - 1] === '*') blockComment = false;
      continue;
    }
    if (inString) {
      if (c === '\\') {
        out += text[++i] ?? '';
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '/' && text[i + 1] === '/') lineComment = true;
    else if (c === '/' && text[i + 1] === '*') {
      blockComment = true;
      out += '*';
      i++;
    }
  }
  return out + (inString ? pending : '');
}
