import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { belowK } from '../../../engine/anonymity/below-k.js';
import { rowKeyValues } from '../../../engine/anonymity/class-key.js';
import { classMembers, rowsOfClass } from '../../../engine/anonymity/class-members.js';
import { lDiversityReport } from '../../../engine/anonymity/criterion-report.js';
import { distinctUnitsPerClass } from '../../../engine/anonymity/distinct-units.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { frequencyClasses, frequencyTableView } from '../../../engine/anonymity/frequency-classes.js';
import { kAnonymityViolations } from '../../../engine/anonymity/k-anonymity-report.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../../../engine/criteria/l-diversity.js';
import { EqualDistanceTCloseness } from '../../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { frequencyColumn, frequencyTableOf } from '../../../engine/table/frequency-table-of.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

/**
 * Issue 25: the anonymity checks on a frequency table's records (each standing for its rows) give what they give on the
 * rows: the classes and their sizes, the keys they print, who is below k (rows, classes and persons, k counted in rows
 * or in distinct units), and which classes fail ℓ-diversity or t-closeness.
 */
describe('anonymity checks on frequency tables = on rows (issue 25)', () => {
  it('gives the same classes, below-k figures, unit counts and ℓ/t reports on random tables (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(5), fc.nat(2), fc.nat(3), fc.nat(4)), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 1, max: 4 }),
        (raw, level, k) => {
          const table = tableFromRows(
            ['age', 'sex', 'diagnosis', 'pid'],
            raw.map(([a, s, d, p]) => [`${a}`, `s${s}`, `d${d}`, `p${(p + a) % 5}`]),
          );
          const qi = ['age', 'sex'];
          const h = parseArxHierarchy(
            Array.from({ length: 6 }, (_, a) => `${a};${a < 3 ? 'low' : 'high'}`).join('\n'),
            'age',
          );
          const frequencies = frequencyTableOf(table, [...qi, 'diagnosis', 'pid']);
          const view = frequencyTableView(frequencies);
          const generalization = (t: typeof table) => ({
            hierarchies: [
              bindHierarchy(h, column(t, 'age')).bound,
              bindHierarchy(parseArxHierarchy('s0;*\ns1;*\ns2;*', 'sex'), column(t, 'sex')).bound,
            ],
            levels: [level, 0],
          });
          const rows = equivalenceClasses(table, qi, generalization(table));
          const records = frequencyClasses(frequencies, qi, generalization(view));
          assert.equal(records.classCount, rows.classCount);
          assert.deepEqual(records.sizes, rows.sizes);
          for (let id = 0; id < rows.classCount; id++) {
            assert.deepEqual(
              rowKeyValues(view, qi, records.firstRow[id], generalization(view)),
              rowKeyValues(table, qi, rows.firstRow[id], generalization(table)),
            );
          }
          const members = classMembers(records);
          for (let id = 0; id < rows.classCount; id++)
            assert.equal(
              Array.from(rowsOfClass(members, id)).reduce((s, t) => s + frequencies.weights[t], 0),
              rows.sizes[id],
            );
          const unitOf = (t: typeof table) => ({
            codes: column(t, 'pid').codes,
            cardinality: column(t, 'pid').dictionary.length,
          });
          assert.deepEqual(belowK(records, k), belowK(rows, k));
          assert.deepEqual(belowK(records, k, unitOf(view)), belowK(rows, k, unitOf(table)));
          const units = (t: typeof table, c: typeof rows) =>
            distinctUnitsPerClass(c, unitOf(t).codes, unitOf(t).cardinality);
          assert.deepEqual(units(view, records), units(table, rows));
          assert.deepEqual(
            kAnonymityViolations(records, k, units(view, records)),
            kAnonymityViolations(rows, k, units(table, rows)),
          );
          for (const [onRows, onRecords] of [
            [new DistinctLDiversity('diagnosis', 2), new DistinctLDiversity('diagnosis', 2)],
            [new EntropyLDiversity('diagnosis', 1.5), new EntropyLDiversity('diagnosis', 1.5)],
            [new RecursiveCLDiversity('diagnosis', 2, 2), new RecursiveCLDiversity('diagnosis', 2, 2)],
            [
              new EqualDistanceTCloseness(column(table, 'diagnosis'), 0.3),
              new EqualDistanceTCloseness(frequencyColumn(frequencies, 'diagnosis'), 0.3),
            ],
          ] as const) {
            assert.deepEqual(lDiversityReport(view, records, onRecords), lDiversityReport(table, rows, onRows));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts a person with rows in two small classes once, by hand', () => {
    // p1 has rows aged 1 (twice, one record of weight 2) and 5; p2 one row aged 1. k = 3: class {1} has 3 rows but two
    // persons (below 3 in units); class {5} has 1 row. Below k in units: 2 classes, 4 rows, 2 persons.
    const t = tableFromRows(
      ['age', 'pid'],
      [
        ['1', 'p1'],
        ['1', 'p1'],
        ['5', 'p1'],
        ['1', 'p2'],
      ],
    );
    const f = frequencyTableOf(t, ['age', 'pid']);
    assert.deepEqual(Array.from(f.weights), [2, 1, 1]);
    const classes = frequencyClasses(f, ['age']);
    const pid = column(frequencyTableView(f), 'pid');
    assert.deepEqual(belowK(classes, 3, { codes: pid.codes, cardinality: pid.dictionary.length }), {
      k: 3,
      classes: 2,
      rows: 4,
      persons: 2,
    });
  });
});
