import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../../../engine/criteria/l-diversity.js';
import type { ClassStats, Criterion } from '../../../engine/criteria/criterion.js';
import { classStats, sensitiveFrequencies } from '../../../engine/anonymity/class-stats.js';
import { lDiversityReport } from '../../../engine/anonymity/criterion-report.js';
import { equivalenceClasses } from '../../../engine/anonymity/equivalence-classes.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { intervalHierarchy } from '../../../engine/hierarchy/interval-hierarchy.js';
import { groupingHierarchy } from '../../../engine/hierarchy/grouping-hierarchy.js';
import { column, tableFromRows, TableError } from '../../../engine/table/table.js';

/** A class with these sensitive value counts (codes 0, 1, 2, …). */
function cls(...counts: number[]): ClassStats {
  return { size: counts.reduce((a, b) => a + b, 0), sensitive: { codes: counts.map((_, i) => i), counts } };
}

describe('ℓ-diversity (Machanavajjhala et al. 2007)', () => {
  it('distinct: counts the values that occur', () => {
    const c = new DistinctLDiversity('disease', 2);
    assert.equal(c.name, 'distinct-2-diversity on disease');
    assert.equal(c.isSatisfied(cls(5, 3)), true);
    assert.equal(c.isSatisfied(cls(8)), false);
    assert.equal(c.isSatisfied(cls(8, 0)), false, 'a zero count is not a value that occurs');
    assert.equal(new DistinctLDiversity('disease', 3).isSatisfied(cls(5, 3)), false);
    assert.equal(new DistinctLDiversity('disease', 2.5).minClassSize, 3);
  });

  it('entropy: Σ f ln f ≤ N (ln N − ln ℓ), hand-computed', () => {
    // Counts 3, 1 (N = 4), ℓ = 2: Σ f ln f = 3 ln 3 = 3.2958 > 4 (ln 4 − ln 2) = 2.7726 → fails
    // (entropy ln 4 − 3 ln 3 / 4 = 0.5623 < ln 2 = 0.6931).
    assert.equal(new EntropyLDiversity('d', 2).isSatisfied(cls(3, 1)), false);
    // Counts 2, 1, 1 (N = 4): Σ f ln f = 2 ln 2 = 1.3863; entropy ln 4 − 1.3863 / 4 = 1.0397, e^1.0397 = 2.828.
    // ℓ = 2:   4 (ln 4 − ln 2)   = 2.7726 ≥ 1.3863 → passes.
    // ℓ = 2.8: 4 (ln 4 − ln 2.8) = 1.4267 ≥ 1.3863 → passes (and 3 ≥ ⌈2.8⌉ values occur).
    // ℓ = 2.9: 4 (ln 4 − ln 2.9) = 1.2863 < 1.3863 → fails.
    // ℓ = 3:   4 (ln 4 − ln 3)   = 1.1507 < 1.3863 → fails.
    assert.equal(new EntropyLDiversity('d', 2).isSatisfied(cls(2, 1, 1)), true);
    assert.equal(new EntropyLDiversity('d', 2.8).isSatisfied(cls(2, 1, 1)), true);
    assert.equal(new EntropyLDiversity('d', 2.9).isSatisfied(cls(2, 1, 1)), false);
    assert.equal(new EntropyLDiversity('d', 3).isSatisfied(cls(2, 1, 1)), false);
  });

  it('entropy: a class uniform over exactly ℓ values passes despite rounding', () => {
    // Counts 4, 4, ℓ = 2: entropy is exactly ln 2. In doubles 8 ln 4 = 11.090354888959125 exceeds
    // 8 (ln 8 − ln 2) = 11.090354888959123, and ARX's log2 form gives 0.9999999999999996 < 1 for counts 7, 7.
    assert.equal(new EntropyLDiversity('d', 2).isSatisfied(cls(4, 4)), true);
    assert.equal(new EntropyLDiversity('d', 2).isSatisfied(cls(7, 7)), true);
    assert.equal(new EntropyLDiversity('d', 3).isSatisfied(cls(2, 2, 2)), true);
    // Fewer than ⌈ℓ⌉ values never pass, whatever the entropy.
    assert.equal(new EntropyLDiversity('d', 2.5).isSatisfied(cls(5, 5)), false);
  });

  it('recursive (c, ℓ): r1 < c (rℓ + … + rm), hand-computed', () => {
    // Counts 1, 5, 2, 3 sort to r = 5, 3, 2, 1.
    const counts = [1, 5, 2, 3];
    // ℓ = 2: r2 + r3 + r4 = 6; c = 1: 5 < 6 → passes.
    assert.equal(new RecursiveCLDiversity('d', 1, 2).isSatisfied(cls(...counts)), true);
    // ℓ = 3: r3 + r4 = 3; c = 1: 5 < 3 → fails; c = 2: 5 < 6 → passes; c = 5/3: 5 < 5 → fails (strict).
    assert.equal(new RecursiveCLDiversity('d', 1, 3).isSatisfied(cls(...counts)), false);
    assert.equal(new RecursiveCLDiversity('d', 2, 3).isSatisfied(cls(...counts)), true);
    assert.equal(new RecursiveCLDiversity('d', 5 / 3, 3).isSatisfied(cls(...counts)), false);
    // ℓ = 4: r4 = 1; c = 5: 5 < 5 → fails; c = 6: 5 < 6 → passes.
    assert.equal(new RecursiveCLDiversity('d', 5, 4).isSatisfied(cls(...counts)), false);
    assert.equal(new RecursiveCLDiversity('d', 6, 4).isSatisfied(cls(...counts)), true);
    // ℓ = 5: only 4 values occur → fails.
    assert.equal(new RecursiveCLDiversity('d', 100, 5).isSatisfied(cls(...counts)), false);
    // The scratch buffer is reused: the same instance gives the same answers in any order.
    const c = new RecursiveCLDiversity('d', 2, 3);
    assert.deepEqual(
      [cls(1, 5, 2, 3), cls(9, 1, 1), cls(1, 5, 2, 3)].map((x) => c.isSatisfied(x)),
      [true, false, true],
    );
    assert.equal(c.name, 'recursive-(2,3)-diversity on d');
  });

  it('rejects absurd parameters', () => {
    assert.throws(() => new DistinctLDiversity('d', 0), TableError);
    assert.throws(() => new EntropyLDiversity('d', NaN), TableError);
    assert.throws(() => new RecursiveCLDiversity('d', 0, 2), TableError);
    assert.throws(() => new RecursiveCLDiversity('d', 1, 2.5), TableError);
  });
});

describe('class stats and the ℓ-diversity report', () => {
  // Seed "PETs lecture" six records with an invented diagnosis column: at age decades the class {M, 20-29} is all flu,
  // the homogeneity attack that motivates ℓ-diversity.
  const t = tableFromRows(
    ['sex', 'age', 'disease'],
    [
      ['M', '25', 'flu'],
      ['M', '29', 'flu'],
      ['M', '38', 'cancer'],
      ['M', '31', 'flu'],
      ['F', '25', 'flu'],
      ['F', '28', 'hiv'],
    ],
  );
  const age = bindHierarchy(intervalHierarchy([10]), column(t, 'age')).bound;
  const sex = bindHierarchy(groupingHierarchy([{ M: '*', F: '*' }]), column(t, 'sex')).bound;
  const classes = equivalenceClasses(t, ['sex', 'age'], { hierarchies: [sex, age], levels: [0, 1] });

  it('packs each class sensitive frequencies in first-seen order', () => {
    // Dictionary of disease: flu 0, cancer 1, hiv 2. Classes: {M,20-29} rows 0,1; {M,30-39} rows 2,3; {F,20-29} rows
    // 4,5.
    const f = sensitiveFrequencies(classes, column(t, 'disease'));
    assert.deepEqual([...f.offsets], [0, 1, 3, 5]);
    assert.deepEqual([...f.codes], [0, 1, 0, 0, 2]);
    assert.deepEqual([...f.counts], [2, 1, 1, 1, 1]);
    const stats = classStats(t, classes, 'disease');
    assert.deepEqual(
      stats.map((s) => s.size),
      [2, 2, 2],
    );
    assert.deepEqual(Array.from(stats[1].sensitive!.codes), [1, 0]);
    assert.deepEqual(
      classStats(t, classes),
      [{ size: 2 }, { size: 2 }, { size: 2 }],
      'sizes only without a sensitive column',
    );
  });

  it('reports the failing classes and their rows', () => {
    const report = lDiversityReport(t, classes, new DistinctLDiversity('disease', 2));
    assert.equal(report.criterion, 'distinct-2-diversity on disease');
    assert.deepEqual(
      { classes: report.classes, records: report.records, ids: [...report.failingClassIds] },
      { classes: 1, records: 2, ids: [0] },
    );
    // Entropy 2-diversity: the two mixed classes have counts 1, 1 (entropy ln 2, passes); {M,20-29} has one value.
    assert.deepEqual([...lDiversityReport(t, classes, new EntropyLDiversity('disease', 2)).failingClassIds], [0]);
  });
});

/** Two classes merged: counts add up per sensitive value. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (a[i] ?? 0) + (b[i] ?? 0));
}

/** Recursive (c, ℓ)-diversity as ARX writes it: sort a copy, sum from the ℓ-th largest down, compare. */
function recursiveBySorting(counts: readonly number[], c: number, l: number): boolean {
  const r = counts.filter((f) => f > 0).sort((x, y) => y - x);
  if (r.length < l) return false;
  const tail = r.slice(l - 1).reduce((a, b) => a + b, 0);
  return r[0] < c * tail;
}

const countsArb = fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 8 });

describe('ℓ-diversity properties', () => {
  it('recursive (c, ℓ) agrees with sorting the counts', () => {
    fc.assert(
      fc.property(
        countsArb,
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0.1, max: 6, noNaN: true }),
        (counts, l, c) => {
          assert.equal(
            new RecursiveCLDiversity('s', c, l).isSatisfied(cls(...counts)),
            recursiveBySorting(counts, c, l),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('all three variants are monotonic: two passing classes merge into a passing class (Machanavajjhala et al. 2007)', () => {
    const criteria: Criterion[] = [
      new DistinctLDiversity('s', 3),
      new EntropyLDiversity('s', 2.5),
      new RecursiveCLDiversity('s', 2, 3),
    ];
    fc.assert(
      fc.property(countsArb, countsArb, (a, b) => {
        for (const c of criteria) {
          if (c.isSatisfied(cls(...a)) && c.isSatisfied(cls(...b)))
            assert.ok(c.isSatisfied(cls(...merge(a, b))), `${c.name}: ${a.join(',')} + ${b.join(',')}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('entropy ℓ-diversity is not monotonic under suppression: a failing class can spoil a passing one', () => {
    // Counts 1, 1 pass entropy 2-diversity (entropy ln 2); merged with a failing class of ten a's, 11, 1 has entropy
    // ln 12 − 11 ln 11 / 12 = 0.2868 < ln 2. Hence monotonicWithSuppression = false.
    const c = new EntropyLDiversity('s', 2);
    assert.equal(c.isSatisfied(cls(1, 1)), true);
    assert.equal(c.isSatisfied(cls(11, 1)), false);
    assert.equal(c.monotonicWithSuppression, false);
  });
});

describe('ℓ-diversity measures, for messages', () => {
  it('gives the distinct count, e^H and r1 / (rℓ + … + rm)', () => {
    // Counts 2, 1, 1: 3 distinct values; e^H = 4 / e^(2 ln 2 / 4) = 4 / √2 = 2.8284.
    // Counts 5, 3, 2, 1 with ℓ = 3: r1 / (r3 + r4) = 5 / 3, so the class passes exactly when c > 5/3.
    assert.equal(new DistinctLDiversity('d', 2).measure(cls(2, 1, 1)), 3);
    assert.ok(Math.abs(new EntropyLDiversity('d', 2).measure(cls(2, 1, 1)) - 2 * Math.SQRT2) < 1e-12);
    assert.ok(Math.abs(new EntropyLDiversity('d', 2).measure(cls(6)) - 1) < 1e-12, 'one value: e^0 = 1');
    assert.equal(new RecursiveCLDiversity('d', 2, 3).measure(cls(1, 5, 2, 3)), 5 / 3);
    assert.equal(new RecursiveCLDiversity('d', 2, 3).measure(cls(4, 4)), Infinity);
  });
});
