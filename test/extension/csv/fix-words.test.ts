import { strict as assert } from 'node:assert';
import { fixTitle, fixWords, levelWords } from '../../../extension/csv/fix-words.js';

describe("extension/csv/fix-words: quick fixes in the data's words, not lattice levels (issue 24 item 5)", () => {
  it("names the band, the mask or the date unit of the level, with the class's value before → after", () => {
    // intervals 5, 10, 20: level 2 is the 10-wide band; 34 falls in 30-39.
    assert.equal(
      fixWords(
        { column: 'age', level: 2, height: 4, before: '34', value: '30-39' },
        { kind: 'intervals', widths: [5, 10, 20] },
      ),
      'age in 10-wide bands: 34 → 30-39',
    );
    assert.equal(
      fixWords(
        { column: 'zip', level: 1, height: 5, before: '81931', value: '8193*' },
        { kind: 'mask', counts: [1, 2, 3, 5] },
      ),
      'zip with its last 1 character masked: 81931 → 8193*',
    );
    assert.equal(
      fixWords(
        { column: 'zip', level: 2, height: 5, before: '81931', value: '819**' },
        { kind: 'mask', counts: [1, 2, 3, 5] },
      ),
      'zip with its last 2 characters masked: 81931 → 819**',
    );
    assert.equal(
      fixWords(
        { column: 'visit_date', level: 1, height: 3, before: '2024-03-15', value: '2024-03' },
        { kind: 'date', units: ['month', 'year'] },
      ),
      'visit_date to the month: 2024-03-15 → 2024-03',
    );
    assert.equal(
      fixWords(
        { column: 'diagnosis', level: 1, height: 2, before: 'flu', value: 'respiratory' },
        { kind: 'arx', path: '/h.csv' },
      ),
      'diagnosis grouped (level 1): flu → respiratory',
    );
  });

  it('the top level is said as what it is: the column suppressed', () => {
    // "Generalize sex to level 1" on a two-level hierarchy meant every sex becomes *.
    assert.equal(
      fixWords(
        { column: 'sex', level: 1, height: 1, before: 'F', value: '*' },
        {
          kind: 'groups',
          levels: [
            [
              ['F', '*'],
              ['M', '*'],
            ],
          ],
        },
      ),
      'suppress sex entirely',
    );
    assert.equal(
      fixTitle(
        { column: 'zip', level: 5, height: 5, before: '81931', value: '*', lost: 1, resolves: 1 },
        { kind: 'mask', counts: [1, 2, 3, 5] },
        'visits.privspec',
      ),
      'Suppress zip entirely — in visits.privspec (resolves 1 row)',
    );
  });

  it("the anonymize notification says each column's level in the same words", () => {
    assert.equal(levelWords('age', 0, { kind: 'intervals', widths: [5, 10, 20] }), 'age as is');
    assert.equal(levelWords('zip', 1, { kind: 'mask', counts: [1, 2, 3, 5] }), 'zip with its last 1 character masked');
    // intervals 5, 10, 20 and then *: level 4 is the top.
    assert.equal(levelWords('age', 4, { kind: 'intervals', widths: [5, 10, 20] }), 'age suppressed');
    assert.equal(
      levelWords('sex', 1, {
        kind: 'groups',
        levels: [
          [
            ['F', '*'],
            ['M', '*'],
          ],
        ],
      }),
      'sex suppressed',
    );
  });
});
