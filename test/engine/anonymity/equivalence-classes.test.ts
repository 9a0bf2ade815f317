import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  equivalenceClasses,
  type EquivalenceClasses,
  type Generalization,
} from '../../../engine/anonymity/equivalence-classes.js';
import { bindHierarchy, type BoundHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../../../engine/hierarchy/hierarchy.js';
import type { Column, Table } from '../../../engine/table/table.js';

/** The obvious implementation: group rows by the joined generalized values in a Map of strings. */
function naiveClasses(table: Table, qi: readonly string[], g?: Generalization): EquivalenceClasses {
  const cols = qi.map((q) => table.columns.find((c) => c.name === q)!);
  const ids = new Map<string, number>();
  const classOf = new Int32Array(table.rowCount);
  const sizes: number[] = [];
  const firstRow: number[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const key = cols
      .map((c, i) => {
        const code = c.codes[r];
        if (!g) return c.dictionary[code];
        const h = g.hierarchies[i];
        return h.levelValues[g.levels[i]][h.levelCodes[g.levels[i]][code]];
      })
      .join('\u0000');
    let id = ids.get(key);
    if (id === undefined) {
      id = sizes.length;
      ids.set(key, id);
      sizes.push(0);
      firstRow.push(r);
    }
    classOf[r] = id;
    sizes[id]++;
  }
  return { classCount: sizes.length, classOf, sizes: Int32Array.from(sizes), firstRow: Int32Array.from(firstRow) };
}

function plain(c: EquivalenceClasses) {
  return { classCount: c.classCount, classOf: [...c.classOf], sizes: [...c.sizes], firstRow: [...c.firstRow] };
}

/**
 * A random table: per column a dictionary (possibly larger than the values used, to inflate the key space) and codes.
 */
const tableArb = fc
  .record({
    rows: fc.integer({ min: 0, max: 60 }),
    domains: fc.array(fc.record({ used: fc.integer({ min: 1, max: 6 }), size: fc.integer({ min: 6, max: 400 }) }), {
      minLength: 1,
      maxLength: 7,
    }),
    seed: fc.array(fc.nat(), { minLength: 1, maxLength: 500 }),
    levels: fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
    bucket: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 7, maxLength: 7 }),
  })
  .map(({ rows, domains, seed, levels, bucket }) => {
    let s = 0;
    const columns: Column[] = domains.map((d, j) => ({
      name: `q${j}`,
      dictionary: Array.from({ length: d.size }, (_, v) => `v${v}`),
      codes: Int32Array.from({ length: rows }, () => seed[s++ % seed.length] % d.used),
    }));
    const table: Table = { columns, rowCount: rows };
    // A hierarchy of height 2 per column: v/bucket at level 1, then *.
    const hierarchies: BoundHierarchy[] = columns.map((c, j) => {
      const h: Hierarchy = { height: 2, generalize: (v) => [v, `g${Math.floor(Number(v.slice(1)) / bucket[j])}`, '*'] };
      return bindHierarchy(h, c).bound;
    });
    const generalization: Generalization = { hierarchies, levels: columns.map((_, j) => levels[j] % 3) };
    return { table, qi: columns.map((c) => c.name), generalization };
  });

describe('equivalence classes', () => {
  for (const strategy of ['auto', 'dense', 'hash'] as const) {
    it(`match a string-keyed Map on random tables (${strategy} counting)`, () => {
      fc.assert(
        fc.property(tableArb, fc.boolean(), ({ table, qi, generalization }, generalize) => {
          const g = generalize ? generalization : undefined;
          // Forced dense counting allocates one cell per possible key; keep those runs to key spaces of 4M cells.
          const space = qi.reduce(
            (p, _, i) =>
              p * (g ? g.hierarchies[i].levelValues[g.levels[i]].length : table.columns[i].dictionary.length),
            1,
          );
          fc.pre(strategy !== 'dense' || space <= 2 ** 22);
          assert.deepEqual(plain(equivalenceClasses(table, qi, g, { strategy })), plain(naiveClasses(table, qi, g)));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('renumbers before the key would pass 2^53 and still agrees with the Map', () => {
    // Seven columns with 5,000-value dictionaries: 5000^7 ≈ 7.8·10^25 > 2^53, so the keys are compacted midway.
    const rows = 200;
    const columns: Column[] = Array.from({ length: 7 }, (_, j) => ({
      name: `q${j}`,
      dictionary: Array.from({ length: 5000 }, (_, v) => `v${v}`),
      codes: Int32Array.from({ length: rows }, (_, r) => (r * (j + 3)) % (j + 2)),
    }));
    const table: Table = { columns, rowCount: rows };
    const qi = columns.map((c) => c.name);
    for (const strategy of ['auto', 'hash'] as const) {
      assert.deepEqual(plain(equivalenceClasses(table, qi, undefined, { strategy })), plain(naiveClasses(table, qi)));
    }
  });

  it('grows the hash table past its initial 2^18 slots', () => {
    // 200,000 rows, all distinct (r mod 1000, ⌊r/1000⌋), forced through hashing: the table doubles from 2^18 slots once
    // 131,073 classes exist, and the ids must still be the rows in order.
    const rows = 200_000;
    const dictionary = Array.from({ length: 1000 }, (_, v) => `v${v}`);
    const table: Table = {
      rowCount: rows,
      columns: [
        { name: 'a', dictionary, codes: Int32Array.from({ length: rows }, (_, r) => r % 1000) },
        { name: 'b', dictionary, codes: Int32Array.from({ length: rows }, (_, r) => Math.floor(r / 1000)) },
      ],
    };
    const classes = equivalenceClasses(table, ['a', 'b'], undefined, { strategy: 'hash' });
    assert.equal(classes.classCount, rows);
    assert.ok(classes.classOf.every((id, r) => id === r));
    assert.ok(classes.sizes.every((size) => size === 1));
  });

  it('puts every row in one class when there are no quasi-identifiers', () => {
    const table: Table = { columns: [], rowCount: 3 };
    assert.deepEqual(plain(equivalenceClasses(table, [])), {
      classCount: 1,
      classOf: [0, 0, 0],
      sizes: [3],
      firstRow: [0],
    });
  });

  it('rejects a generalization level beyond the hierarchy', () => {
    const c: Column = { name: 'a', dictionary: ['x'], codes: Int32Array.of(0) };
    const h = bindHierarchy({ height: 1, generalize: (v) => [v, '*'] }, c).bound;
    assert.throws(
      () => equivalenceClasses({ columns: [c], rowCount: 1 }, ['a'], { hierarchies: [h], levels: [2] }),
      RangeError,
    );
  });
});
