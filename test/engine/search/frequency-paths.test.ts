import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { Criterion } from '../../../engine/criteria/criterion.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity, EntropyLDiversity, RecursiveCLDiversity } from '../../../engine/criteria/l-diversity.js';
import {
  EqualDistanceTCloseness,
  HierarchicalDistanceTCloseness,
  OrderedDistanceTCloseness,
} from '../../../engine/criteria/t-closeness.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy } from '../../../engine/hierarchy/bound-hierarchy.js';
import { makeMetric, METRIC_NAMES } from '../../../engine/metrics/metric-by-name.js';
import { mondrian, mondrianRelease } from '../../../engine/mondrian/mondrian.js';
import { PramUtility } from '../../../engine/pram/search/pram-utility.js';
import { Lattice } from '../../../engine/search/lattice.js';
import { NodeEvaluator } from '../../../engine/search/node-evaluator.js';
import { searchOptimal } from '../../../engine/search/optimal-search.js';
import { problemColumns, type AnonymizationProblem, type ProblemSpec } from '../../../engine/search/problem.js';
import {
  frequencyColumn,
  frequencyTableOf,
  rowFrequencyTable,
  type WeightedColumn,
} from '../../../engine/table/frequency-table-of.js';
import { column, tableFromRows } from '../../../engine/table/table.js';
import { problemByPath, type DataPath } from '../../helpers/data-paths.js';

/**
 * Issue 25: the search, every model and every metric read weighted distinct records. Whether a table's rows are given
 * one by one (weight 1 each, the per-row form the search ran on before) or grouped into its frequency table, every
 * figure must be the same, bit for bit: the optimum, the classes of every lattice node, suppression, every metric's
 * value, Mondrian's partitions and the generalization × PRAM utility.
 */
const scenario = fc
  .record({
    qis: fc.array(
      fc.record({
        domain: fc.integer({ min: 1, max: 5 }),
        height: fc.integer({ min: 1, max: 3 }),
        labels: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    // Small domains: most tables repeat records, so the grouped form is really smaller than the rows.
    rows: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 5, maxLength: 5 }), {
      minLength: 1,
      maxLength: 80,
    }),
    model: fc.integer({ min: 0, max: 8 }),
    param: fc.integer({ min: 1, max: 4 }),
    t: fc.constantFrom(0.15, 0.35, 0.55, 0.8),
    suppression: fc.constantFrom(0, 0.1, 0.3),
    units: fc.boolean(),
  })
  .map((s) => {
    const header = [...s.qis.map((_, i) => `q${i}`), 'sens', 'pid'];
    // Persons from a small pool, so that one person has rows in several records and one record holds several persons.
    const rows = s.rows.map((r) => [
      ...s.qis.map((q, i) => `v${r[i] % q.domain}`),
      `s${r[3] % 4}`,
      `p${(r[4] + r[0]) % 6}`,
    ]);
    const table = tableFromRows(header, rows, 'random');
    const hierarchies = s.qis.map((q, i) =>
      parseArxHierarchy(
        Array.from({ length: q.domain }, (_, v) =>
          [`v${v}`, ...Array.from({ length: q.height - 1 }, (_, l) => `g${l}-${q.labels[(v * 3 + l) % 12]}`), '*'].join(
            ';',
          ),
        ).join('\n'),
        `h${i}`,
      ),
    );
    /** The criteria, built from the column as each path sees it: the table's rows, or the frequency table's records. */
    const criteria = (sens: WeightedColumn): Criterion[] => {
      const sensH = bindHierarchy(parseArxHierarchy('s0;A;*\ns1;A;*\ns2;B;*\ns3;B;*\n', 'sens'), sens).bound;
      const out: Criterion[] = [new KAnonymity(s.param, s.units ? 'pid' : undefined)];
      if (s.model === 1) out.push(new DistinctLDiversity('sens', Math.min(s.param, 3)));
      if (s.model === 2) out.push(new EntropyLDiversity('sens', 1 + s.param / 3));
      if (s.model === 3) out.push(new RecursiveCLDiversity('sens', s.param, 2));
      if (s.model === 4) out.push(new EqualDistanceTCloseness(sens, s.t));
      if (s.model === 5) out.push(new OrderedDistanceTCloseness(sens, s.t));
      if (s.model === 6) out.push(new HierarchicalDistanceTCloseness(sens, s.t, sensH));
      if (s.model === 7) out.splice(0, 1, new DistinctLDiversity('sens', Math.min(s.param, 3)));
      if (s.model === 8) out.splice(0, 1, new EqualDistanceTCloseness(sens, s.t));
      return out;
    };
    const spec = (sens: WeightedColumn): ProblemSpec => ({
      qi: header.slice(0, -2),
      hierarchies,
      criteria: criteria(sens),
      suppression: s.suppression,
    });
    const columns = problemColumns(spec(column(table, 'sens')));
    const grouped = frequencyTableOf(table, columns);
    // t-closeness reads the sensitive column's distribution from the records (weighted) on the grouped path.
    const withSensitive = frequencyTableOf(table, [...new Set([...columns, 'sens'])]);
    const problems: Record<DataPath, AnonymizationProblem> = {
      rows: problemByPath(table, spec(column(table, 'sens')), 'rows'),
      frequencies: problemByPath(table, spec(frequencyColumn(withSensitive, 'sens')), 'frequencies'),
    };
    return {
      table,
      problems,
      grouped: grouped.count < table.rowCount,
      describe: `${criteria(column(table, 'sens'))
        .map((c) => c.name)
        .join(' + ')}, S=${s.suppression}`,
    };
  });

/** Every node's classes and every metric's value there, computed from scratch for each node. */
function everyNode(problem: AnonymizationProblem) {
  const lattice = new Lattice(problem.qi.map((q) => q.hierarchy.height));
  const evaluator = new NodeEvaluator(problem, lattice, 0);
  const metrics = METRIC_NAMES.map((name) => makeMetric(name, problem));
  return Array.from({ length: lattice.size }, (_, id) => {
    const e = evaluator.evaluate(id);
    return {
      classSizes: Array.from(e.cells.classSizes),
      classPass: Array.from(e.classPass),
      outliers: e.outliers,
      valid: e.valid,
      values: metrics.map((m) => m.value(e)),
      bounds: metrics.map((m) => m.bound(e.levels)),
    };
  });
}

describe('frequency tables: the search on distinct records = the search on rows (issue 25)', () => {
  it('gives identical classes, suppression, metric values and optima on random tables, with k, k in units, ℓ, t (property)', () => {
    let grouped = 0;
    let units = 0;
    let found = 0;
    fc.assert(
      fc.property(scenario, ({ problems, grouped: smaller, describe }) => {
        const { rows, frequencies } = problems;
        assert.equal(frequencies.rowCount, rows.rowCount);
        assert.ok(frequencies.recordCount <= rows.recordCount);
        assert.deepEqual(everyNode(frequencies), everyNode(rows), describe);
        for (const name of METRIC_NAMES) {
          const a = searchOptimal(frequencies, makeMetric(name, frequencies));
          const b = searchOptimal(rows, makeMetric(name, rows));
          assert.deepEqual(a.optimum?.levels ?? null, b.optimum?.levels ?? null, `${describe}, ${name}`);
          assert.ok(
            Object.is(a.optimum?.loss ?? null, b.optimum?.loss ?? null),
            `${describe}, ${name}: ${a.optimum?.loss} ≠ ${b.optimum?.loss}`,
          );
          assert.equal(a.optimum?.evaluation.outliers, b.optimum?.evaluation.outliers);
          assert.equal(a.checked, b.checked, `${describe}, ${name}: nodes checked`);
          if (a.optimum) found++;
        }
        if (smaller) grouped++;
        if (describe.includes('distinct pid')) units++;
      }),
      {
        numRuns: Number(process.env.PRIVSPEC_PROPERTY_RUNS ?? 150),
        seed: process.env.PRIVSPEC_PROPERTY_SEED ? Number(process.env.PRIVSPEC_PROPERTY_SEED) : undefined,
      },
    );
    // The generator must give tables that really group, units, and optima, or the property would test little.
    assert.ok(
      grouped > 25 && units > 30 && found > 200,
      `${grouped} grouped tables, ${units} with units, ${found} optima`,
    );
  });

  it('gives Mondrian the same partitions, figures and release, and the generalization × PRAM utility the same losses (property)', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 4 }), ({ table, problems }, k) => {
        const { rows, frequencies } = problems;
        if (rows.rowCount < k) return;
        const a = mondrian(frequencies, k);
        const b = mondrian(rows, k);
        assert.deepEqual(
          [a.partitions, a.smallestPartition, a.released, a.metrics],
          [b.partitions, b.smallestPartition, b.released, b.metrics],
        );
        assert.deepEqual(mondrianRelease(table, frequencies, a).rows, mondrianRelease(table, rows, b).rows);
        const qi = frequencies.qi.map((q) => q.name);
        const hierarchies = frequencies.qi.map((q) => q.source!);
        const fromRows = new PramUtility(table, qi, hierarchies);
        const fromFrequencies = new PramUtility(frequencyTableOf(table, [...qi, 'sens']), qi, hierarchies);
        const levels = frequencies.qi.map((q) => q.hierarchy.height >> 1);
        const retain = frequencies.qi.map((_, i) => (i === 0 ? 0.7 : null));
        assert.deepEqual(fromFrequencies.evaluate(levels, retain, k, 0.3), fromRows.evaluate(levels, retain, k, 0.3));
      }),
      { numRuns: Number(process.env.PRIVSPEC_PROPERTY_RUNS ?? 150) },
    );
  });

  it('counts k in units exactly when one person has rows in several records (hand-worked)', () => {
    // Person p1 has two visits aged 34 (one record of weight 2 with diagnosis flu… and one with cold) and one aged 36;
    // p2 one visit aged 35. At age level 1 (30-39) the class holds 4 rows but 2 distinct persons: 2-anonymous in units,
    // not 3-anonymous; summing the records' counts would wrongly say 4.
    const t = tableFromRows(
      ['age', 'pid', 'diagnosis'],
      [
        ['34', 'p1', 'flu'],
        ['34', 'p1', 'flu'],
        ['36', 'p1', 'cold'],
        ['35', 'p2', 'flu'],
      ],
    );
    const h = parseArxHierarchy('34;30-39\n35;30-39\n36;30-39\n', 'age');
    for (const k of [2, 3]) {
      const p = problemByPath(
        t,
        { qi: ['age'], hierarchies: [h], criteria: [new KAnonymity(k, 'pid')] },
        'frequencies',
      );
      assert.equal(p.recordCount, 3);
      const e = new NodeEvaluator(p, new Lattice([1])).evaluate(1);
      assert.deepEqual(Array.from(e.cells.classSizes), [4]);
      assert.equal(e.valid, k === 2, `k = ${k}`);
    }
  });

  it('makes a table repeated ten times the same records with ten times the weights', () => {
    const rows = [
      ['a', 'x'],
      ['b', 'x'],
      ['a', 'x'],
      ['a', 'y'],
    ];
    const once = frequencyTableOf(tableFromRows(['q', 's'], rows), ['q', 's']);
    const tenTimes = frequencyTableOf(tableFromRows(['q', 's'], Array.from({ length: 10 }, () => rows).flat()), [
      'q',
      's',
    ]);
    assert.deepEqual(tenTimes.codes, once.codes);
    assert.deepEqual(Array.from(once.weights), [2, 1, 1]);
    assert.deepEqual(Array.from(tenTimes.weights), [20, 10, 10]);
    assert.equal(rowFrequencyTable(tableFromRows(['q', 's'], rows), ['q']).count, 4);
  });
});
