/**
 * Which columns completion offers at a position: never identifying columns inside a release (they are removed from
 * every output), never the privacy unit as a group, a filter or a value (each group would be one person), only numeric
 * columns to sum, average or place on a grid, only quasi-identifiers with a hierarchy to pin. In the dataset block
 * every column is offered (a column may be moved from one role to another), those without a role first.
 */
import type { Table } from '../../engine/table/table.js';
import type { SpecAnalysis } from '../privspec-analysis.js';

export type ColumnSlot =
  'role' | 'unit' | 'weight' | 'group' | 'where' | 'numeric' | 'mode' | 'pram' | 'hierarchy' | 'pin' | 'sensitive';

export interface ColumnChoice {
  readonly name: string;
  readonly detail: string;
}

function isNumeric(table: Table | undefined, name: string): boolean | undefined {
  const column = table?.columns.find((c) => c.name === name);
  if (!column) return undefined;
  return column.dictionary.every((v) => v === '' || Number.isFinite(Number(v)));
}

export function columnChoices(
  slot: ColumnSlot,
  header: readonly string[],
  analysis: SpecAnalysis,
  table: Table | undefined,
): ColumnChoice[] {
  const roles = new Map<string, string>();
  for (const c of analysis.parts.dataset?.clauses ?? [])
    if (c.$type === 'RoleClause') for (const col of c.columns) roles.set(col.name, c.role);
  const unit = analysis.dataset?.unit;
  const hierarchies = analysis.parts.hierarchies;
  const allowed = (name: string): boolean => {
    const role = roles.get(name);
    switch (slot) {
      case 'role':
        return true;
      case 'unit':
        return role !== 'quasi' && role !== 'sensitive';
      case 'hierarchy':
        return role !== 'identifying' && name !== unit && !hierarchies.has(name);
      case 'pin':
        return role === 'quasi' && hierarchies.has(name);
      case 'sensitive':
        return (role === 'sensitive' || role === undefined) && name !== unit;
      // A sampling weight is a number per row, and not the unit's identifier.
      case 'weight':
        return name !== unit && isNumeric(table, name) !== false;
      case 'numeric':
        return role !== 'identifying' && name !== unit && isNumeric(table, name) !== false;
      default:
        return role !== 'identifying' && name !== unit;
    }
  };
  const first = (name: string) => (slot === 'role' && !roles.has(name) ? 0 : 1);
  return header
    .filter(allowed)
    .sort((a, b) => first(a) - first(b))
    .map((name) => {
      const parts = [
        roles.get(name) ?? (name === unit ? 'privacy unit' : undefined),
        hierarchies.has(name) ? 'has hierarchy' : undefined,
      ];
      if (slot === 'group' || slot === 'mode')
        parts.push(analysis.declaredDomains.has(name) ? 'declared domain' : 'domain from the data');
      return { name, detail: parts.filter(Boolean).join(', ') || 'column' };
    });
}
