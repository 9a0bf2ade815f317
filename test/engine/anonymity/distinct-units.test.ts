import { strict as assert } from 'node:assert';
import { distinctUnitsPerClass } from '../../../engine/anonymity/distinct-units.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { kAnonymityViolations } from '../../../engine/anonymity/k-anonymity-report.js';
import { classStats } from '../../../engine/anonymity/class-stats.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import fc from 'fast-check';
import { DistinctLDiversity, EntropyLDiversity } from '../../../engine/criteria/l-diversity.js';
import { EqualDistanceTCloseness } from '../../../engine/criteria/t-closeness.js';
import { makeHeightMetric } from '../../../engine/metrics/height.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { searchOptimal } from '../../../engine/search/optimal-search.js';
import { pairedColumns } from '../../../engine/search/paired-columns.js';
import { column } from '../../../engine/table/table.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';

// (X,Y)-anonymity with Y the privacy unit: Wang K, Fung BCM. Anonymizing sequential releases. KDD 2006.
// ℓ-diversity: Machanavajjhala et al., ICDE 2006; t-closeness: Li, Li & Venkatasubramanian, ICDE 2007.
describe('engine/anonymity/distinct-units: k counts people, not rows', () => {
  // Hand-made: {34,F}: P1 ×4 and P2 → 5 rows, 2 people; {50,M}: P3, P4, P5 → 3 rows, 3 people; {60,F}: P6 ×2 → 1
  // person.
  const table = parseCsv(
    'pid,age,sex\nP1,34,F\nP1,34,F\nP2,34,F\nP1,34,F\nP1,34,F\nP3,50,M\nP4,50,M\nP5,50,M\nP6,60,F\nP6,60,F\n',
  );
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
    assert.deepEqual(
      stats.map((s) => [k.measure(s), k.isSatisfied(s)]),
      [
        [2, false],
        [3, true],
        [1, false],
      ],
    );
    assert.deepEqual(
      classStats(table, classes).map((s) => new KAnonymity(3).isSatisfied(s)),
      [true, true, false],
    );
  });

  it('pairs the unit and a sensitive column into one column of distinct pairs, each projected back to its own code', () => {
    const t = parseCsv('pid,diagnosis\nP1,flu\nP1,cold\nP2,flu\nP1,flu\n');
    const [pidCol, diag] = t.columns;
    const { attribute, project } = pairedColumns(pidCol, diag);
    // Pairs in first-seen order: (P1,flu)=0, (P1,cold)=1, (P2,flu)=2.
    assert.deepEqual([...attribute.codes], [0, 1, 2, 0]);
    assert.deepEqual(
      [...project[0]].map((c) => pidCol.dictionary[c]),
      ['P1', 'P1', 'P2'],
    );
    assert.deepEqual(
      [...project[1]].map((c) => diag.dictionary[c]),
      ['flu', 'cold', 'flu'],
    );
  });

  // By hand: {34}: P1 ×3 with flu, cold, asthma — 3-diverse but 1 patient; {50}: P2, P3, P4 all flu — 3 patients, 1
  // value; {60}: P5 flu, P6 cold, P7 flu — 3 patients, 2 values. k = 3 patients and distinct 2-diversity: only {60}
  // passes, so 6 rows are outliers at age level 0; at level 1 (all ages → *) one class of 7 patients and 3 values
  // passes.
  const visits = parseCsv(
    'pid,age,diagnosis\nP1,34,flu\nP1,34,cold\nP1,34,asthma\nP2,50,flu\nP3,50,flu\nP4,50,flu\nP5,60,flu\nP6,60,cold\nP7,60,flu\n',
  );
  const ages = parseArxHierarchy('34;*\n50;*\n60;*\n');

  it('k counted in units together with ℓ-diversity: each model reads its own column (hand-counted classes)', () => {
    const problem = makeProblem(visits, {
      qi: ['age'],
      hierarchies: [ages],
      criteria: [new KAnonymity(3, 'pid'), new DistinctLDiversity('diagnosis', 2)],
      suppression: 1,
    });
    const evaluator = new NodeEvaluator(problem, new Lattice([1]), 0);
    assert.equal(evaluator.evaluate(0).outliers, 6);
    assert.equal(evaluator.evaluate(1).outliers, 0);
    const strict = makeProblem(visits, {
      qi: ['age'],
      hierarchies: [ages],
      criteria: [new KAnonymity(3, 'pid'), new DistinctLDiversity('diagnosis', 2)],
    });
    assert.deepEqual(searchOptimal(strict, makeHeightMetric()).optimum?.levels, [1]);
    // Each model alone, for contrast: rows-k = 3 passes {34}; units-k alone fails only {34}.
    const rowsK = makeProblem(visits, {
      qi: ['age'],
      hierarchies: [ages],
      criteria: [new KAnonymity(3), new DistinctLDiversity('diagnosis', 2)],
      suppression: 1,
    });
    assert.equal(new NodeEvaluator(rowsK, new Lattice([1]), 0).evaluate(0).outliers, 3);
  });

  it('k in units with entropy ℓ-diversity or t-closeness agrees with checking each model on its own column, node by node (random tables)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 5 }),
            fc.integer({ min: 0, max: 7 }),
            fc.integer({ min: 0, max: 3 }),
            fc.integer({ min: 0, max: 2 }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('distinct', 'entropy', 't'),
        (rows, k, model) => {
          const csv =
            'pid,age,zip,diagnosis\n' +
            rows.map(([p, a, z, d]) => `P${p},${20 + a},${1000 + z},d${d}`).join('\n') +
            '\n';
          const t = parseCsv(csv);
          const age = parseArxHierarchy(
            [...new Set(rows.map((r) => 20 + r[1]))]
              .map((a) => `${a};${Math.floor(a / 4) * 4}-${Math.floor(a / 4) * 4 + 3};*`)
              .join('\n') + '\n',
          );
          const zip = parseArxHierarchy(
            [...new Set(rows.map((r) => 1000 + r[2]))].map((z) => `${z};*`).join('\n') + '\n',
          );
          const diagnosis = column(t, 'diagnosis');
          const second =
            model === 'distinct'
              ? new DistinctLDiversity('diagnosis', 2)
              : model === 'entropy'
                ? new EntropyLDiversity('diagnosis', 1.5)
                : new EqualDistanceTCloseness(diagnosis, 0.4);
          const criteria = [new KAnonymity(k, 'pid'), second];
          const problem = makeProblem(t, { qi: ['age', 'zip'], hierarchies: [age, zip], criteria, suppression: 1 });
          const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
          const evaluator = new NodeEvaluator(problem, lattice, 0);
          for (let id = 0; id < lattice.size; id++) {
            const levels = lattice.levels(id);
            const classes = equivalenceClasses(t, ['age', 'zip'], {
              hierarchies: problem.qi.map((q) => q.hierarchy),
              levels,
            });
            const pass = new Uint8Array(classes.classCount).fill(1);
            for (const c of criteria)
              classStats(t, classes, c.sensitive).forEach((st, i) => {
                if (!c.isSatisfied(st)) pass[i] = 0;
              });
            let outliers = 0;
            for (let i = 0; i < classes.classCount; i++) if (!pass[i]) outliers += classes.sizes[i];
            assert.equal(evaluator.evaluate(id).outliers, outliers, `node ${levels.join(',')}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('still refuses two sensitive columns besides the unit', () => {
    assert.throws(
      () =>
        makeProblem(visits, {
          qi: ['age'],
          hierarchies: [ages],
          criteria: [
            new KAnonymity(2, 'pid'),
            new DistinctLDiversity('diagnosis', 2),
            new DistinctLDiversity('age', 2),
          ],
        }),
      /cannot be both a quasi-identifier/,
    );
    const t = parseCsv('pid,age,a,b\nP1,34,x,y\n');
    assert.throws(
      () =>
        makeProblem(t, {
          qi: ['age'],
          hierarchies: [parseArxHierarchy('34;*\n')],
          criteria: [new KAnonymity(1, 'pid'), new DistinctLDiversity('a', 1), new DistinctLDiversity('b', 1)],
        }),
      /the models read different sensitive columns \(pid, a, b\); use one besides the unit pid/,
    );
  });
});
