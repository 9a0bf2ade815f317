import type { Criterion } from '../../engine/criteria/criterion.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { EntropyLDiversity } from '../../engine/criteria/l-diversity.js';
import { EqualDistanceTCloseness, HierarchicalDistanceTCloseness } from '../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../engine/hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { makeDiscernibilityMetric } from '../../engine/metrics/discernibility.js';
import type { Metric } from '../../engine/search/metric.js';
import { makeEntropyMetric } from '../../engine/metrics/non-uniform-entropy.js';
import { makeEntropyNmMetric } from '../../engine/metrics/non-uniform-entropy-nm.js';
import type { AnonymizationProblem } from '../../engine/search/problem.js';
import { column, type Table } from '../../engine/table/table.js';
import { ADULT_COLUMNS, adultHierarchy } from '../helpers/adult.js';
import { problemByPath, type DataPath } from '../helpers/data-paths.js';

/**
 * Rows of ARX's golden tables
 * (src/test/org/deidentifier/arx/test/TestAnonymization{KAnonymity,LDiversity,TCloseness}.java, practical monotonicity
 * off), on adult.csv with every column that has a hierarchy as a quasi-identifier, except the sensitive one. ARX's
 * `Metric.createEntropyMetric(true)` is the monotonic non-uniform entropy, `(false)` the non-monotonic one, and
 * `createDiscernabilityMetric(true)` is DM*.
 */
export interface GoldenCase {
  readonly label: string;
  readonly source: string;
  readonly sensitive?: string;
  readonly suppression: number;
  readonly criteria: (table: Table) => Criterion[];
  readonly metric: (problem: AnonymizationProblem) => Metric;
  /** ARX's expected loss; null when ARX finds no solution. */
  readonly loss: number | null;
  readonly levels?: readonly number[];
  /** Replaces one quasi-identifier's hierarchy (see the England case). */
  readonly hierarchy?: { readonly column: string; readonly text: (original: string) => string };
  readonly slow?: boolean;
}

const hierarchical = (table: Table, t: number) =>
  new HierarchicalDistanceTCloseness(
    column(table, 'occupation'),
    t,
    bindHierarchy(adultHierarchy('occupation'), column(table, 'occupation')).bound,
  );

export const GOLDEN_CASES: readonly GoldenCase[] = [
  {
    label: 'k = 5, 4% suppression, monotonic entropy (the contract example)',
    source: 'TestAnonymizationKAnonymity #0',
    suppression: 0.04,
    criteria: () => [new KAnonymity(5)],
    metric: makeEntropyMetric,
    loss: 255559.85455731067,
    levels: [1, 0, 1, 1, 3, 2, 2, 0, 1],
  },
  {
    label: 'k = 100, 4% suppression, monotonic entropy',
    source: 'TestAnonymizationKAnonymity #1',
    suppression: 0.04,
    criteria: () => [new KAnonymity(100)],
    metric: makeEntropyMetric,
    loss: 379417.3460570988,
    levels: [1, 1, 1, 1, 3, 2, 2, 1, 1],
  },
  {
    label: 'k = 5, no suppression, monotonic entropy',
    source: 'TestAnonymizationKAnonymity #2',
    suppression: 0,
    criteria: () => [new KAnonymity(5)],
    metric: makeEntropyMetric,
    loss: 407289.5388925293,
    levels: [1, 2, 1, 1, 3, 2, 2, 1, 1],
  },
  {
    label: 'k = 100, no suppression, monotonic entropy',
    source: 'TestAnonymizationKAnonymity #3',
    suppression: 0,
    criteria: () => [new KAnonymity(100)],
    metric: makeEntropyMetric,
    loss: 453196.8932458743,
    levels: [0, 4, 1, 1, 3, 2, 2, 1, 1],
  },
  {
    label: 'entropy 5-diversity of occupation, 4% suppression, non-monotonic entropy',
    source: 'TestAnonymizationLDiversity #0',
    sensitive: 'occupation',
    suppression: 0.04,
    criteria: () => [new EntropyLDiversity('occupation', 5)],
    metric: makeEntropyNmMetric,
    loss: 228878.2039109517,
    levels: [1, 0, 1, 1, 2, 2, 2, 1],
  },
  {
    label: 'entropy 5-diversity of occupation, no suppression, non-monotonic entropy',
    source: 'TestAnonymizationLDiversity #2',
    sensitive: 'occupation',
    suppression: 0,
    criteria: () => [new EntropyLDiversity('occupation', 5)],
    metric: makeEntropyNmMetric,
    loss: 324620.5269918692,
    levels: [1, 1, 1, 1, 3, 2, 2, 1],
  },
  {
    label: 'entropy 100-diversity of occupation (14 values): no solution',
    source: 'TestAnonymizationLDiversity #3',
    sensitive: 'occupation',
    suppression: 0,
    criteria: () => [new EntropyLDiversity('occupation', 100)],
    metric: makeEntropyNmMetric,
    loss: null,
  },
  {
    label: 'entropy 100-diversity of occupation, 4% suppression: no solution',
    source: 'TestAnonymizationLDiversity #1',
    sensitive: 'occupation',
    suppression: 0.04,
    criteria: () => [new EntropyLDiversity('occupation', 100)],
    metric: makeEntropyNmMetric,
    loss: null,
  },
  {
    label: '0.2-closeness (equal distance) of occupation and k = 5, no suppression, DM*',
    source: 'TestAnonymizationTCloseness #4',
    sensitive: 'occupation',
    suppression: 0,
    criteria: (t) => [new EqualDistanceTCloseness(column(t, 'occupation'), 0.2), new KAnonymity(5)],
    metric: makeDiscernibilityMetric,
    loss: 4.56853172e8,
    levels: [1, 4, 1, 1, 3, 2, 2, 1],
  },
  {
    label: '0.2-closeness (hierarchical distance) of occupation and k = 5, no suppression, monotonic entropy',
    source: 'TestAnonymizationTCloseness #6',
    sensitive: 'occupation',
    suppression: 0,
    criteria: (t) => [hierarchical(t, 0.2), new KAnonymity(5)],
    metric: makeEntropyMetric,
    loss: 398400.0741806447,
    levels: [0, 4, 1, 1, 3, 2, 2, 1],
  },
  {
    label: '0.2-closeness (equal distance) of occupation and k = 5, 4% suppression, DM*',
    source: 'TestAnonymizationTCloseness #0',
    sensitive: 'occupation',
    suppression: 0.04,
    criteria: (t) => [new EqualDistanceTCloseness(column(t, 'occupation'), 0.2), new KAnonymity(5)],
    metric: makeDiscernibilityMetric,
    loss: 3.11880088e8,
    levels: [1, 4, 1, 0, 3, 2, 2, 1],
    slow: true,
  },
  {
    label: '0.2-closeness (hierarchical distance) of occupation and k = 5, 4% suppression, monotonic entropy',
    source: 'TestAnonymizationTCloseness #2',
    sensitive: 'occupation',
    suppression: 0.04,
    criteria: (t) => [hierarchical(t, 0.2), new KAnonymity(5)],
    metric: makeEntropyMetric,
    loss: 377622.78458729305,
    levels: [1, 4, 0, 0, 3, 2, 2, 1],
    slow: true,
  },
  // ARX's value for this row, 390436.40440636466, is the entropy of the node it names, [1,4,1,0,3,1,2,1], only when
  // England is a level-1 group of its own in the native-country hierarchy: ARX's junit copy of that file evidently
  // differs from data/adult_hierarchy_native-country.csv (England;Europe;*) in that row. Every other golden value uses
  // native-country at level 2, where the two files agree. With the shared file the same node scores 390765.61326019815.
  {
    label:
      '0.2-closeness (hierarchical distance) of occupation and k = 100, 4% suppression, monotonic entropy (England on its own at level 1)',
    source: 'TestAnonymizationTCloseness #3',
    sensitive: 'occupation',
    suppression: 0.04,
    criteria: (t) => [hierarchical(t, 0.2), new KAnonymity(100)],
    metric: makeEntropyMetric,
    loss: 390436.40440636466,
    levels: [1, 4, 1, 0, 3, 1, 2, 1],
    hierarchy: {
      column: 'native-country',
      text: (original) => original.replace('England;Europe;*', 'England;England;*'),
    },
  },
];

export function goldenProblem(table: Table, c: GoldenCase, path: DataPath = 'frequencies'): AnonymizationProblem {
  const qi = ADULT_COLUMNS.filter((name) => name !== c.sensitive);
  const hierarchies: Hierarchy[] = qi.map((name) => {
    if (c.hierarchy?.column !== name) return adultHierarchy(name);
    const original = adultHierarchy(name);
    const text = original.values!.map((v) => original.generalize(v)!.join(';')).join('\n');
    return parseArxHierarchy(c.hierarchy.text(text), `${name} (modified)`);
  });
  return problemByPath(table, { qi, hierarchies, criteria: c.criteria(table), suppression: c.suppression }, path);
}
