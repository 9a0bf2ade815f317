/**
 * The text edit behind the quick fix "Generalize <column> to level L in <spec>": it pins the column to level L of its
 * hierarchy with a `generalize <column> L` clause in the spec's anonymity block, replacing an earlier pin of the same
 * column, or adding the block when the spec has none. Pure, so that it is tested without an editor.
 */
export interface TextEdit {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/** A column as the spec writes it: bare when it is an identifier, else quoted. */
export function columnToken(name: string): string {
  return /^[_a-zA-Z]\w*$/.test(name) ? name : JSON.stringify(name);
}

/** Offsets of the code outside comments and strings, so that braces and words inside them are never matched. */
function codeMask(text: string): Uint8Array {
  const code = new Uint8Array(text.length);
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else code[i++] = 1;
  }
  return code;
}

function find(text: string, mask: Uint8Array, pattern: RegExp, from = 0, to = text.length): RegExpExecArray | undefined {
  const re = new RegExp(pattern.source, 'g');
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    if (mask[m.index]) return m;
  }
  return undefined;
}

export function levelEdit(text: string, column: string, level: number): TextEdit | undefined {
  if (!Number.isInteger(level) || level < 1) return undefined;
  const mask = codeMask(text);
  const token = columnToken(column);
  const clause = `generalize ${token} ${level}`;
  const block = find(text, mask, /\banonymity\s*\{/);
  if (!block) {
    const separator = text.length === 0 || text.endsWith('\n') ? '' : '\n';
    return { offset: text.length, length: 0, text: `${separator}anonymity { ${clause} }\n` };
  }
  const open = block.index + block[0].length;
  let close = open;
  while (close < text.length && !(mask[close] && text[close] === '}')) close++;
  if (close >= text.length) return undefined;
  const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const existing = find(text, mask, new RegExp(`\\bgeneralize\\s+${escaped}\\s+\\d+`), open, close);
  if (existing) return { offset: existing.index, length: existing[0].length, text: clause };
  const lineStart = text.lastIndexOf('\n', close - 1) + 1;
  if (text.slice(lineStart, close).trim() === '' && lineStart > open) {
    // The closing brace sits on a line of its own: add the clause on a new line, indented like the clause before it.
    const previousLine = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1);
    const indent = /^\s*/.exec(previousLine)?.[0] || '  ';
    return { offset: lineStart, length: 0, text: `${indent}${clause}\n` };
  }
  const before = text.slice(0, close);
  const trimmed = before.replace(/\s+$/, '');
  return { offset: trimmed.length, length: close - trimmed.length, text: `${trimmed.length > open ? '  ' : ' '}${clause} ` };
}
