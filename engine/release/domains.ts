/**
 * Value domains of the columns a release groups by or chooses among. A declared domain is public (the values a
 * hierarchy lists); a data domain is read from the table and used only where the spec accepts that leak.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { column, type Table } from '../table/table.js';
import { releaseKind } from './kinds/registry.js';
import type { QueryDescription } from './release-description.js';

/** The columns whose hierarchy lists its values, with those values. */
export function declaredDomains(hierarchies: ReadonlyMap<string, Hierarchy>): Map<string, readonly string[]> {
  return new Map([...hierarchies].flatMap(([name, h]) => (h.values ? [[name, h.values] as const] : [])));
}

/** The distinct values in the data of each column the query groups by or chooses among, sorted for a stable output. */
export function dataDomains(table: Table, q: QueryDescription): Map<string, readonly string[]> {
  const names = releaseKind(q.kind).domainColumns(q);
  return new Map(
    names.map(
      (name) =>
        [
          name,
          [...new Set(column(table, name).dictionary)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
        ] as const,
    ),
  );
}
