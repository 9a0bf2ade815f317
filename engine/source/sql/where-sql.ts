/**
 * A release's `where` region as a SQL condition, the same test as engine/source/select-rows.ts: a number in a set, or a
 * range whose two ends are numbers, compares the cell read as a number; anything else compares the cell as text.
 */
import type { Box, Constraint } from '../box.js';
import type { SqlSyntax } from './dialect.js';

function constraintSql(sql: SqlSyntax, text: string, c: Constraint): string {
  // Written only where it is used: a bound statement must hold every value it binds (PostgreSQL cannot type one it
  // does not see).
  const num = () => sql.toNumber(text);
  const test = (v: number | string) =>
    typeof v === 'number' ? `${num()} = ${sql.number(v)}` : sql.compareText(text, '=', v);
  if (c.kind === 'set') return c.values.length === 0 ? '1 = 0' : `(${c.values.map(test).join(' OR ')})`;
  if (typeof c.low === 'number' && typeof c.high === 'number')
    return `(${num()} >= ${sql.number(c.low)} AND ${num()} <= ${sql.number(c.high)})`;
  return `(${sql.compareText(text, '>=', String(c.low))} AND ${sql.compareText(text, '<=', String(c.high))})`;
}

/** The condition, or undefined when the release reads every row. A NULL from a non-number is false, as NaN is. */
export function whereSql(sql: SqlSyntax, box: Box | undefined): string | undefined {
  if (!box || box.size === 0) return undefined;
  const parts: string[] = [];
  for (const [name, cs] of box) {
    const text = sql.text(sql.identifier(name));
    for (const c of cs) parts.push(`COALESCE(${constraintSql(sql, text, c)}, 1 = 0)`);
  }
  return parts.join(' AND ');
}
