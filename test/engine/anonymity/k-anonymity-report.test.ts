import { strict as assert } from 'node:assert';
import { equivalenceClasses, type Generalization } from '../../../engine/anonymity/equivalence-classes.js';
import {
  kAnonymityViolations,
  kViolatingRows,
  kViolationMessage,
} from '../../../engine/anonymity/k-anonymity-report.js';
import { classKey } from '../../../engine/anonymity/class-key.js';
import { classMembers, rowsOfClass } from '../../../engine/anonymity/class-members.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { intervalHierarchy } from '../../../engine/hierarchy/interval-hierarchy.js';
import { maskingHierarchy } from '../../../engine/hierarchy/masking-hierarchy.js';
import { groupingHierarchy } from '../../../engine/hierarchy/grouping-hierarchy.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

// Seed "PETs lecture", the Incognito slides: six records (sex, age, postcode) and, after generalizing age to decades
// and the postcode to its prefix 354, the table the slides show as 2-anonymous.
const seed = tableFromRows(
  ['sex', 'age', 'zip'],
  [
    ['M', '25', '354-0025'],
    ['M', '29', '354-0025'],
    ['M', '38', '354-0038'],
    ['M', '31', '354-0019'],
    ['F', '25', '354-0045'],
    ['F', '28', '354-0031'],
  ],
);
const qi = ['sex', 'age', 'zip'];
const hierarchies = [
  bindHierarchy(groupingHierarchy([{ M: '*', F: '*' }]), column(seed, 'sex')).bound,
  bindHierarchy(intervalHierarchy([10]), column(seed, 'age')).bound,
  bindHierarchy(maskingHierarchy([4]), column(seed, 'zip')).bound,
];
const decadesAndPrefix: Generalization = { hierarchies, levels: [0, 1, 1] };

describe('k-anonymity report', () => {
  it('finds the seed table 2-anonymous at age decades and postcode prefix 354', () => {
    const classes = equivalenceClasses(seed, qi, decadesAndPrefix);
    // Classes {M,20-29}: rows 0,1; {M,30-39}: rows 2,3; {F,20-29}: rows 4,5 — as on the slide.
    assert.deepEqual([...classes.classOf], [0, 0, 1, 1, 2, 2]);
    assert.deepEqual([...classes.sizes], [2, 2, 2]);
    assert.equal(kAnonymityViolations(classes, 2).classes, 0);
    assert.equal(classKey(seed, qi, classes, 1, decadesAndPrefix), '{sex=M, age=30-39, zip=354-****}');
    // Not 3-anonymous: every class has two rows, so all six rows violate.
    const v3 = kAnonymityViolations(classes, 3);
    assert.deepEqual(
      { records: v3.records, classes: v3.classes, ids: [...v3.violatingClassIds] },
      { records: 6, classes: 3, ids: [0, 1, 2] },
    );
  });

  it('finds age alone and postcode alone not 2-anonymous, as the slides say before pruning A1 and Z1', () => {
    // Ages 25, 29, 38, 31, 25, 28: only 25 repeats, so 4 classes of one row violate. Postcodes: only 354-0025 repeats.
    const byAge = kAnonymityViolations(equivalenceClasses(seed, ['age']), 2);
    assert.deepEqual({ records: byAge.records, classes: byAge.classes }, { records: 4, classes: 4 });
    const byZip = kAnonymityViolations(equivalenceClasses(seed, ['zip']), 2);
    assert.deepEqual({ records: byZip.records, classes: byZip.classes }, { records: 4, classes: 4 });
  });

  it('lists violating rows and prints the message the editor attaches to them', () => {
    // Ages in decades, postcodes kept: {M,20-29,354-0025} holds rows 0 and 1; the other four rows are alone.
    const byDecade: Generalization = { hierarchies, levels: [0, 1, 0] };
    const classes = equivalenceClasses(seed, qi, byDecade);
    const v = kAnonymityViolations(classes, 2);
    assert.deepEqual([...v.violatingClassIds], [1, 2, 3, 4]);
    assert.deepEqual([...kViolatingRows(classes, 2)], [2, 3, 4, 5]);
    const members = classMembers(classes);
    assert.deepEqual([...rowsOfClass(members, 0)], [0, 1]);
    assert.deepEqual([...rowsOfClass(members, 3)], [4]);
    const id = classes.classOf[5];
    assert.equal(
      kViolationMessage(classKey(seed, qi, classes, id, byDecade), classes.sizes[id], 2),
      'class {sex=F, age=20-29, zip=354-0031} has 1 row, below k=2',
    );
    assert.equal(kViolationMessage('{a=1}', 2, 5), 'class {a=1} has 2 rows, below k=5');
  });
});
