/**
 * A transition matrix read from CSV text: the first row holds the "to" labels, the first column the "from" labels, and
 * cell (u, v) the probability P(u → v). The top-left cell is ignored. Rows may come in any order but must name the same
 * values as the header; when the attribute's domain is given, both must equal it (in any order), since a value the
 * matrix does not know could not be randomized and a label the data cannot hold would only blur the report.
 */
import { PrivacyError } from '../core/measures.js';
import { parseCsv } from '../table/parse-csv.js';
import { cell, TableError } from '../table/table.js';
import { makeTransitionMatrix, type TransitionMatrix } from './transition-matrix.js';

export function matrixFromCsv(
  text: string,
  options: { source?: string; domain?: readonly string[]; delimiter?: string } = {},
): TransitionMatrix {
  const source = options.source ?? 'the matrix';
  const table = parseCsv(text, { header: false, source: options.source, delimiter: options.delimiter });
  const width = table.columns.length;
  if (table.rowCount < 2 || width < 2)
    throw new TableError(
      'a transition matrix needs a header row of labels and at least one row of probabilities',
      options.source,
      1,
    );
  const to = table.columns.slice(1).map((c) => cell(c, 0).trim());
  const line = (r: number) => table.rowLines?.[r] ?? r + 1;
  const from: string[] = [];
  const rows = new Map<string, number[]>();
  for (let r = 1; r < table.rowCount; r++) {
    const label = cell(table.columns[0], r).trim();
    if (rows.has(label)) throw new TableError(`the row '${label}' appears twice`, options.source, line(r), 1);
    const values = table.columns.slice(1).map((c, j) => {
      const raw = cell(c, r).trim();
      const x = Number(raw);
      if (raw === '' || !Number.isFinite(x))
        throw new TableError(`'${raw}' is not a probability`, options.source, line(r), j + 2);
      return x;
    });
    from.push(label);
    rows.set(label, values);
  }
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
  if (!sameSet(from, to)) {
    throw new PrivacyError(
      `${source}: the row labels (${from.join(', ')}) and the column labels (${to.join(', ')}) must name the same values, once each`,
    );
  }
  if (options.domain && !sameSet(to, options.domain)) {
    const missing = options.domain.filter((d) => !to.includes(d));
    const extra = to.filter((d) => !options.domain!.includes(d));
    throw new PrivacyError(
      `${source}: the labels must be the attribute's domain` +
        (missing.length ? `; missing ${missing.map((m) => `'${m}'`).join(', ')}` : '') +
        (extra.length ? `; not in the domain ${extra.map((m) => `'${m}'`).join(', ')}` : ''),
    );
  }
  // Reorder the rows so that row u and column u stand for the same value.
  const ordered = to.map((label) => rows.get(label)!);
  try {
    return makeTransitionMatrix(to, ordered, options.source ?? 'custom');
  } catch (e) {
    if (e instanceof PrivacyError) throw new PrivacyError(`${source}: ${e.message.replace(/^PRAM: /, '')}`);
    throw e;
  }
}
