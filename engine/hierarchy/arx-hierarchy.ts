import { TableError } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

/**
 * Reads a hierarchy in ARX's file format: `;`-separated, no header, one row per original value,
 * column 0 the value itself and column i its generalization at level i.
 *
 * ARX writes these with either line ending and sometimes without a final newline; both are accepted.
 * Rows of unequal length are an error, because the search needs one height per attribute.
 */
export function parseArxHierarchy(text: string, source = 'hierarchy', delimiter = ';'): Hierarchy {
  const map = new Map<string, string[]>();
  const lines = new Map<string, number>();
  let width = -1;
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  rows.forEach((line, i) => {
    if (line === '') return;
    const fields = line.split(delimiter);
    if (width === -1) width = fields.length;
    else if (fields.length !== width) {
      throw new TableError(
        `hierarchy row has ${fields.length} levels, expected ${width} as on the first row`,
        source,
        i + 1,
      );
    }
    const previous = map.get(fields[0]);
    if (previous && previous.join(delimiter) !== line) {
      throw new TableError(`value '${fields[0]}' appears twice with different generalizations`, source, i + 1);
    }
    if (!previous) lines.set(fields[0], i + 1);
    map.set(fields[0], fields);
  });
  if (width === -1) throw new TableError('hierarchy file is empty', source, 1);
  return {
    height: width - 1,
    generalize: (value) => map.get(value),
    source,
    values: [...map.keys()],
    lineOf: (value) => lines.get(value),
  };
}
