/**
 * Column roles enforced where data leaves. A spec declares each column identifying, quasi-identifying, sensitive or
 * insensitive, and names its privacy unit; a column it does not declare is treated as identifying (as ARX treats
 * undeclared attributes). Identifying columns, the unit and undeclared columns never leave, by any release kind:
 * they can be no group key, no mode candidate, no grid axis, no view dimension, no PRAM'd or generalized column and no
 * `where` column.
 * The survey weight (`weight w`) is read for the individual risk only: it is none of these, nor a summed column.
 * No `accept …` clause opens that door — a differentially private count by name still publishes every name, because
 * the set of groups is the set of names.
 *
 * One column in two roles (identifying and insensitive, the unit and quasi) is an error rather than a silent choice:
 * whichever role won, the spec would say something it does not mean.
 */
import { releaseKind } from './kinds/registry.js';
import type { Box, DatasetDescription, QueryDescription } from './release-description.js';

/** The roles a dataset declares: its four role lists and its privacy unit. */
export type ColumnRoles = Pick<DatasetDescription, 'identifying' | 'quasi' | 'sensitive' | 'insensitive' | 'unit'> & {
  readonly weight?: string;
};

export type DeclaredRole = 'identifying' | 'quasi' | 'sensitive' | 'insensitive';
export type Role = DeclaredRole | 'unit' | 'weight' | 'undeclared';

/** How a query makes a column's values leave. */
export type ColumnUse =
  | 'group key'
  | 'mode column'
  | 'grid axis'
  | 'PRAM column'
  | 'local DP column'
  | 'where column'
  | 'summed column'
  | 'view dimension';

const DECLARED: readonly DeclaredRole[] = ['identifying', 'quasi', 'sensitive', 'insensitive'];

/** The role of one column: the unit first (it is the one role a column cannot share), then its declared role. */
export function roleOf(roles: ColumnRoles, column: string): Role {
  if (roles.unit === column) return 'unit';
  if (roles.weight === column) return 'weight';
  for (const role of DECLARED) if (roles[role].includes(column)) return role;
  return 'undeclared';
}

/** Whether a column's values may appear in a release's output (directly, as groups or candidates, or by selection). */
export function releasable(role: Role): boolean {
  return role === 'quasi' || role === 'sensitive' || role === 'insensitive';
}

/** A column a query lets out, and how. */
export interface ColumnUsage {
  readonly column: string;
  readonly use: ColumnUse;
}

/**
 * Each column whose values the query's output depends on beyond a clamped aggregate, with how it is used; the kind says
 * which (`ReleaseKind.columnUses`), and must be loaded (engine/release/kinds/registry.ts).
 */
export function columnUses(q: QueryDescription): { column: string; use: ColumnUse }[] {
  return releaseKind(q.kind)
    .columnUses(q)
    .filter((u) => u.column !== '');
}

/** The columns of a `where` region: a row's selection depends on their values, so they leave by it. */
export function whereUses(where: Box | undefined): ColumnUsage[] {
  return [...(where?.keys() ?? [])].map((column) => ({ column, use: 'where column' }));
}

export interface RoleViolation {
  readonly column: string;
  readonly role: Exclude<Role, 'quasi' | 'sensitive' | 'insensitive'>;
  readonly use: ColumnUse;
  readonly message: string;
}

function why(role: RoleViolation['role'], column: string): string {
  if (role === 'identifying') return `'${column}' is declared identifying, and identifying columns never leave`;
  if (role === 'unit') return `'${column}' is the privacy unit, which identifies a person and never leaves`;
  if (role === 'weight') return `'${column}' is the survey weight, read for the individual risk and never released`;
  return `'${column}' has no role in the dataset, so it is treated as identifying and never leaves`;
}

/** The columns a query would let out although their role forbids it; `accept` clauses change nothing here. */
export function roleViolations(q: QueryDescription, roles: ColumnRoles): RoleViolation[] {
  const seen = new Set<string>();
  const out: RoleViolation[] = [];
  // The survey weight never leaves, not even as a noisy sum or mean (a DP aggregate of any other column may be
  // released: its noise covers it).
  const column = releaseKind(q.kind).summedColumn?.(q);
  const summed =
    column !== undefined && roleOf(roles, column) === 'weight' ? [{ column, use: 'summed column' as const }] : [];
  for (const { column, use } of [...columnUses(q), ...summed]) {
    const role = roleOf(roles, column);
    if (releasable(role) || seen.has(column)) continue;
    seen.add(column);
    const r = role as RoleViolation['role'];
    const declare = r === 'undeclared' ? `; declare it quasi, sensitive or insensitive if it may be released` : '';
    out.push({
      column,
      role: r,
      use,
      message: `${why(r, column)}: it cannot be a ${use} (no 'accept' allows it)${declare}`,
    });
  }
  return out;
}

export interface RoleConflict {
  readonly column: string;
  /** The roles the column is given, in the order the spec states them (the unit last). */
  readonly roles: readonly ('identifying' | 'quasi' | 'sensitive' | 'insensitive' | 'unit')[];
}

/**
 * Columns given two roles. The unit may also be listed `identifying` (it is one); with any other role, or two of the
 * four declared roles, the declaration contradicts itself.
 */
export function roleConflicts(roles: ColumnRoles): RoleConflict[] {
  const by = new Map<string, RoleConflict['roles'][number][]>();
  for (const role of DECLARED) for (const c of roles[role]) by.set(c, [...(by.get(c) ?? []), role]);
  if (roles.unit !== undefined) by.set(roles.unit, [...(by.get(roles.unit) ?? []), 'unit']);
  const conflicts: RoleConflict[] = [];
  for (const [column, list] of by) {
    const distinct = [...new Set(list)];
    const meaningful = distinct.filter((r) => !(r === 'identifying' && distinct.includes('unit')));
    if (meaningful.length > 1) conflicts.push({ column, roles: distinct });
  }
  return conflicts;
}
