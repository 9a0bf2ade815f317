/**
 * Whether two frequency tables in the canonical order (canonical-frequency-table.ts) summarize the same rows: the same
 * columns, the same distinct records and the same count of each. The canonical order is a function of the multiset of
 * rows alone, so two reads of unchanged data give equal arrays, and any change — a row added, removed, or one of its
 * cells changed, in a quasi-identifier, a sensitive column or the unit — changes a dictionary, a record or a count.
 * Returns what differs, in words that hold no value of the data (a record's values are the data's), or undefined.
 */
import type { FrequencyTable } from './frequency-table.js';

export function frequencyTableDifference(decided: FrequencyTable, now: FrequencyTable): string | undefined {
  const names = (t: FrequencyTable) => t.columns.map((c) => c.name).join(', ');
  if (names(decided) !== names(now)) return `its columns are ${names(now)}, the decision's ${names(decided)}`;
  if (decided.rowCount !== now.rowCount || decided.count !== now.count)
    return `${now.rowCount} rows in ${now.count} distinct records over ${names(now)}, the decision's ${decided.rowCount} in ${decided.count}`;
  for (let j = 0; j < decided.columns.length; j++) {
    const a = decided.columns[j].dictionary;
    const b = now.columns[j].dictionary;
    if (a.length !== b.length || a.some((v, i) => v !== b[i]))
      return `the values of ${decided.columns[j].name} are not the decision's`;
  }
  for (let j = 0; j < decided.codes.length; j++)
    if (!sameInts(decided.codes[j], now.codes[j])) return `its records over ${names(now)} are not the decision's`;
  if (!sameInts(decided.weights, now.weights))
    return `its records' row counts over ${names(now)} are not the decision's`;
  return undefined;
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
