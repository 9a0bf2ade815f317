import { column, type Table } from '../../engine/table/table.js';
import type { ViewCounts, ViewDimension } from '../../engine/view/view-types.js';
import { valueIndex } from '../../engine/view/view-domain.js';
import { adultHierarchy } from './adult.js';

/**
 * The view input for Adult over `age within 0..99` and the leaves of ARX's hierarchies for the categorical columns
 * named (their files list every value, so the domain comes from the hierarchies, not from the data). Rows whose value
 * lies outside a dimension's domain are an error here: Adult has none.
 */
export function adultViewCounts(
  table: Table,
  categorical: readonly string[] = ['sex', 'race', 'marital-status', 'education', 'salary-class'],
): ViewCounts {
  const dimensions: ViewDimension[] = [
    { kind: 'range', name: 'age', lo: 0, hi: 99 },
    ...categorical.map((name): ViewDimension => {
      const values = adultHierarchy(name).values;
      if (!values) throw new Error(`the hierarchy of ${name} lists no values`);
      return { kind: 'categorical', name, values };
    }),
  ];
  const codes = dimensions.map((d) => {
    const c = column(table, d.name);
    const map = c.dictionary.map((v) => valueIndex(d, v));
    return Int32Array.from(c.codes, (code, row) => {
      const i = map[code];
      if (i === undefined)
        throw new Error(`Adult row ${row + 2}: ${d.name} = ${c.dictionary[code]} is outside the view's domain`);
      return i;
    });
  });
  return { dimensions, codes, weights: new Int32Array(table.rowCount).fill(1) };
}
