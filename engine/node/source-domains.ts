/**
 * The domains a release on data read where it lies takes from the data (`accept data-dependent-domain`): a count's,
 * sum's or mean's `by` columns, a mode's column and a grid's two coordinates without `within`. On a table the planner
 * reads them from the rows (`dataDomains`, `dataBounds`); at the source each such column's own frequency table gives
 * its distinct values (what the preview reads, engine/node/source-preview.ts), and this file lays them out as a table
 * the planner reads alike: one column per domain, whose dictionary is the column's distinct values — the same values,
 * sorted the same way, and the same extremes. No row and no count leaves the source beyond those distinct values.
 */
import type { ReleaseDescription } from '../release/release-description.js';
import type { DataSource } from '../source/data-source.js';
import type { Table } from '../table/table.js';
import type { RunInput } from './release-runner.js';

/** The columns whose values `release` takes from the data, as `dataDomains` and `dataBounds` read them. */
function dataDomainColumns(release: ReleaseDescription): string[] {
  if (!release.accepts.includes('data-dependent-domain')) return [];
  const q = release.query;
  if (q.kind === 'mode') return [q.column];
  if (q.kind === 'count' || q.kind === 'sum' || q.kind === 'mean') return [...q.by];
  if (q.kind === 'grid' && !q.within) return [q.x, q.y];
  return [];
}

/**
 * A table of every column whose domain the input's DP releases take from the data, read from `source`'s frequency table
 * of that one column (no column when no release takes one). Row r of a column holds its r-th distinct value (the last
 * one repeated below the shorter columns' ends): the dictionary is what `dataDomains` reads, the rows what `dataBounds`
 * reads, and neither depends on how often a value occurs.
 */
export async function sourceDomainTable(input: RunInput, source: DataSource): Promise<Table> {
  // A declared domain wins over the data's (releaseDomains), but dataDomains reads every `by` column: all are laid out.
  const names = [...new Set(input.releases.flatMap(dataDomainColumns))];
  const dictionaries: (readonly string[])[] = [];
  for (const name of names) dictionaries.push((await source.frequencyTable({ columns: [name] })).columns[0].dictionary);
  const rowCount = Math.max(0, ...dictionaries.map((d) => d.length));
  return {
    columns: names.map((name, j) => ({ name, dictionary: dictionaries[j], codes: Int32Array.from({ length: rowCount }, (_, r) => Math.min(r, Math.max(0, dictionaries[j].length - 1))) })),
    rowCount,
    source: input.dataset.file,
  };
}

