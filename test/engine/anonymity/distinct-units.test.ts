import { strict as assert } from 'node:assert';
import { distinctUnitsPerClass } from '../../../engine/anonymity/distinct-units.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { kAnonymityViolations } from '../../../engine/anonymity/k-anonymity-report.js';
import { classStats } from '../../../engine/anonymity/class-stats.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity } from '../../../engine/criteria/l-diversity.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';

// (X,Y)-anonymity with Y the privacy unit: Wang K, Fung BCM. Anonymizing sequential releases. KDD 2006.
describe('engine/anonymity/distinct-units: k counts people, not rows', () => {
  // Hand-made: {34,F}: P1 ×4 and P2 → 5 rows, 2 people; {50,M}: P3, P4, P5 → 3 rows, 3 people; {60,F}: P6 ×2 → 1 person.
  const table = parseCsv('pid,age,sex\nP1,34,F\nP1,34,F\nP2,34,F\nP1,34,F\nP1,34,F\nP3,50,M\nP4,50,M\nP5,50,M\nP6,60,F\nP6,60,F\n');
  const classes = equivalenceClasses(table, ['age', 'sex']);
  const pid = table.columns[0];

  it('gives each class its number of distinct units', () => {
    assert.deepEqual([...classes.sizes], [5, 3, 2]);
    assert.deepEqual([...distinctUnitsPerClass(classes, pid.codes, pid.dictionary.length)], [2, 3, 1]);
  });

  it('k-anonymity violations decided by units still count rows', () => {
    const units = distinctUnitsPerClass(classes, pid.codes, pid.dictionary.length);
    // k=3: {34,F} (2 people, 5 rows) and {60,F} (1 person, 2 rows) fail → 2 classes, 7 rows.
    const v = kAnonymityViolations(classes, 3, units);
    assert.deepEqual([v.classes, v.records, [...v.violatingClassIds]], [2, 7, [0, 2]]);
    // By rows only {60,F} fails.
    assert.deepEqual([kAnonymityViolations(classes, 3).classes, kAnonymityViolations(classes, 3).records], [1, 2]);
  });

  it('the KAnonymity criterion with a unit is what the search and the generalize release use', () => {
    const k = new KAnonymity(3, 'pid');
    assert.equal(k.name, '3-anonymity of distinct pid');
    const stats = classStats(table, classes, k.sensitive);
    assert.deepEqual(stats.map((s) => [k.measure(s), k.isSatisfied(s)]), [[2, false], [3, true], [1, false]]);
    assert.deepEqual(classStats(table, classes).map((s) => new KAnonymity(3).isSatisfied(s)), [true, true, false]);
  });

  it('refuses k counted in units together with ℓ-diversity on another column, naming both (one column per class in the search)', () => {
    const t = parseCsv('pid,age,diagnosis\nP1,34,flu\nP2,34,cold\n');
    assert.throws(() => makeProblem(t, { qi: ['age'], hierarchies: [parseArxHierarchy('34;*\n')], criteria: [new KAnonymity(2, 'pid'), new DistinctLDiversity('diagnosis', 2)] }),
      /k counted in distinct pid cannot yet be combined with a model on 'diagnosis' in one anonymity block/);
  });
});
