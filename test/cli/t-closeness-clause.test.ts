import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSpec } from '../../language/check-spec.js';
import { bindCriteria } from '../../engine/criteria/bind-criteria.js';
import { UnboundTCloseness } from '../../engine/criteria/unbound-t-closeness.js';
import type { Criterion, ClassStats } from '../../engine/criteria/criterion.js';
import { column, tableFromRows } from '../../engine/table/table.js';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import { riskReportFigures } from '../../engine/report/risk-report-figures.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { riskInput } from '../extension/fixtures.js';
import { runCli } from '../helpers/run-cli-isolated.js';

/*
 * The spec language's t-closeness clause on the salary example of Li, Li & Venkatasubramanian, "t-Closeness: privacy
 * beyond k-anonymity and ℓ-diversity", ICDE 2007, Table 3: nine patients with ZIP code, age and salaries 3k…11k,
 * one each. The paper's class {3k, 4k, 5k} is at ordered distance 0.375.
 *
 * Equal distance, derived by hand: against the uniform 1/9 over nine values, a class of n distinct salaries has
 * D = ½ (n·(1/n − 1/9) + (9 − n)·1/9) = 1 − n/9, so {3k, 4k, 5k} is at 1 − 3/9 = 2/3 ≈ 0.667, and t = 0.375 needs
 * classes of at least 6 distinct salaries (1 − 6/9 = 1/3 ≤ 0.375 < 1 − 5/9).
 */
const rows = [
  ['1', '47677', '29', '3'],
  ['2', '47602', '22', '4'],
  ['3', '47678', '27', '5'],
  ['4', '47905', '43', '6'],
  ['5', '47909', '52', '11'],
  ['6', '47906', '47', '8'],
  ['7', '47605', '30', '7'],
  ['8', '47673', '36', '9'],
  ['9', '47607', '32', '10'],
];
const csv = `id,zip,age,salary\n${rows.map((r) => r.join(',')).join('\n')}\n`;
const zipOf = (z: string) => (z.startsWith('476') ? '476**' : '479**');
const ageOf = (a: string) => [`${a[0]}*`, Number(a) < 40 ? '<40' : '>=40'];
// The same hierarchies for the spec (groups) and for `privspec anonymize` (ARX files).
const zipArx = rows.map((r) => [r[1], zipOf(r[1]), '*'].join(';')).join('\n');
const ageArx = rows.map((r) => [r[2], ...ageOf(r[2]), '*'].join(';')).join('\n');
const zipGroups = rows.map((r) => `"${r[1]}" -> "${zipOf(r[1])}" -> "*"`).join('  ');
// A tree over the salaries for the hierarchical distance: low, mid and high thirds, then *.
const band = (v: string) => (Number(v) <= 5 ? 'low' : Number(v) <= 8 ? 'mid' : 'high');
const salaryArx = rows.map((r) => [r[3], band(r[3]), '*'].join(';')).join('\n');
const salaryGroups = rows.map((r) => `"${r[3]}" -> "${band(r[3])}" -> "*"`).join('  ');
const ageGroups = rows
  .map(
    (r) =>
      `"${r[2]}" -> ${ageOf(r[2])
        .map((v) => `"${v}"`)
        .join(' -> ')} -> "*"`,
  )
  .join('  ');

function spec(clause: string, extra = ''): string {
  return `dataset paper from "salary.csv" {
  identifying id
  quasi zip, age
  sensitive salary
}
hierarchy zip { ${zipGroups} }
hierarchy age { ${ageGroups} }
${extra}
anonymity { ${clause} suppression 0.34 metric loss }
release public: generalize
`;
}

async function run(cwd: string, args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

describe('the t-closeness clause', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const workspace = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-tclose-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'salary.csv'), csv);
    writeFileSync(join(dir, 'zip.csv'), `${zipArx}\n`);
    writeFileSync(join(dir, 'age.csv'), `${ageArx}\n`);
    writeFileSync(join(dir, 'salary-h.csv'), `${salaryArx}\n`);
    writeFileSync(join(dir, 'salary.privspec'), text);
    return dir;
  };

  it('binds to the data with the paper’s 0.375 ordered, and hand-derived equal and hierarchical distances', () => {
    const table = tableFromRows(
      ['salary'],
      rows.map((r) => [r[3]]),
    );
    const distance = (distance: 'equal' | 'ordered') => {
      const [bound] = bindCriteria([new UnboundTCloseness('salary', 0.375, distance)], (n) => column(table, n));
      const dict = column(table, 'salary').dictionary;
      const cls: ClassStats = {
        size: 3,
        sensitive: { codes: ['3', '4', '5'].map((v) => dict.indexOf(v)), counts: [1, 1, 1] },
      };
      return (bound as Criterion & { distance(c: ClassStats): number }).distance(cls);
    };
    assert.ok(Math.abs(distance('ordered') - 0.375) < 1e-12);
    assert.ok(Math.abs(distance('equal') - 2 / 3) < 1e-12);
    // Hierarchical, in the low/mid/high tree (height 2), by hand: the 479** class {6k, 8k, 11k} against 1/9 per leaf
    // moves 1/9 within mid and 2/9 within high at cost ½, and 1/3 from mid to low at cost 1: 1/18 + 1/9 + 1/3 = 0.5;
    // the 476** class, its complement at 1/6 per salary, moves 1/18 within mid, 1/9 within high at ½ and 1/6 from low
    // to mid at 1: 1/36 + 1/18 + 1/6 = 0.25. So at zip 1, age 2 the first fails and the second passes t = 0.375.
    const h = parseArxHierarchy(salaryArx, 'salary-h.csv');
    const [tree] = bindCriteria(
      [new UnboundTCloseness('salary', 0.375, 'hierarchical')],
      (n) => column(table, n),
      () => h,
    );
    const of = (values: string[]): ClassStats => {
      const dict = column(table, 'salary').dictionary;
      return {
        size: values.length,
        sensitive: { codes: values.map((v) => dict.indexOf(v)), counts: values.map(() => 1) },
      };
    };
    const d = (c: ClassStats) => (tree as Criterion & { distance(c: ClassStats): number }).distance(c);
    assert.ok(Math.abs(d(of(['6', '8', '11'])) - 0.5) < 1e-12);
    assert.ok(Math.abs(d(of(['3', '4', '5', '7', '9', '10'])) - 0.25) < 1e-12);
    // Without the hierarchy the hierarchical distance cannot be bound, and says so.
    assert.throws(
      () => bindCriteria([new UnboundTCloseness('salary', 0.375, 'hierarchical')], (n) => column(table, n)),
      /needs a hierarchy for 'salary'/,
    );
    // Unbound, the model refuses to judge a class rather than judge it against no distribution.
    assert.throws(() => new UnboundTCloseness('salary', 0.375).isSatisfied());
  });

  for (const [distance, clause] of [
    ['equal', 't-closeness 0.375 on salary'],
    ['ordered', 't-closeness ordered 0.375 on salary'],
    ['hierarchical', 't-closeness hierarchical 0.375 on salary'],
  ] as const) {
    it(`a generalize release decides as privspec anonymize --t does (${distance} distance)`, async () => {
      const dir = workspace(spec(clause, distance === 'hierarchical' ? `hierarchy salary { ${salaryGroups} }` : ''));
      const released = await run(dir, ['release', 'salary.privspec', '--out', 'out']);
      assert.equal(released.code, 0, released.err + released.out);
      const report = JSON.parse(readFileSync(join(dir, 'out', 'public.json'), 'utf8'));
      assert.deepEqual(report.parameters.criteria, [`0.375-closeness (${distance} distance) on salary`]);
      const kept =
        readFileSync(join(dir, 'out', 'public.csv'), 'utf8')
          .trim()
          .split('\n').length - 1;
      const cli = await run(dir, [
        'anonymize',
        'salary.csv',
        '--qi',
        'zip,age',
        '--hierarchy',
        'zip=zip.csv',
        '--hierarchy',
        'age=age.csv',
        '--t',
        '0.375',
        '--t-distance',
        distance,
        ...(distance === 'hierarchical' ? ['--sensitive-hierarchy', 'salary-h.csv'] : []),
        '--sensitive',
        'salary',
        '--suppression',
        '0.34',
        '--metric',
        'loss',
        '--json',
      ]);
      assert.equal(cli.code, 0, cli.err);
      const decided = JSON.parse(cli.out);
      assert.deepEqual(report.parameters.levels, decided.transformation);
      assert.equal(rows.length - kept, decided.suppressed);
      if (distance === 'equal') {
        // By hand (above): a passing class needs ≥ 6 rows. Below zip 1 every ZIP is its own class; at zip 1 the age
        // decades split 476** into classes of 3; at zip 1 and age 2 (<40, >=40) the 476** class has its 6 rows and the
        // three 479** rows fail, suppressed within floor(0.34 · 9) = 3. Every other valid node generalizes this one.
        assert.deepEqual(decided.transformation, { zip: 1, age: 2 });
        assert.equal(decided.suppressed, 3);
      }
    });
  }

  it('the risk report measures the requirement on the data: the largest distance and the rows that fail', () => {
    // As the data stands every class is one row: each at equal distance 1 − 1/9 = 8/9 (the hand formula above).
    const r = riskReportFigures(
      riskInput(
        parseCsv(csv),
        {
          qi: ['zip'],
          k: 1,
          identifying: ['id'],
          sensitive: ['salary'],
          hierarchies: { zip: { kind: 'groups', levels: [rows.map((r) => [r[1], zipOf(r[1])])] } },
          levels: {},
          requirements: {
            criteria: [{ kind: 't-closeness', distance: 'equal', sensitive: 'salary', t: 0.375 }],
            suppression: 0,
            metric: 'loss',
          },
        },
        'salary.csv',
      ),
    );
    const [q] = r.requirements;
    assert.equal(q.name, '0.375-closeness (equal distance) on salary');
    assert.equal(q.measured, 'largest distance: 0.889');
    assert.deepEqual([q.failingClasses, q.failingRows, q.met], [9, 9, false]);
  });

  it('parses with each distance and reports a bad t, an undeclared column and a missing hierarchy', async () => {
    const dir = workspace(spec('t-closeness 0.375 on salary'));
    const check = async (text: string) => {
      writeFileSync(join(dir, 'salary.privspec'), text);
      return (await checkSpec(join(dir, 'salary.privspec'), { scanData: false })).diagnostics;
    };
    for (const d of ['', 'equal ', 'ordered '])
      assert.deepEqual(await check(spec(`t-closeness ${d}0.5 on salary`)), []);
    assert.deepEqual(
      await check(
        spec(
          't-closeness hierarchical 0.5 on salary',
          'hierarchy salary { "3", "4", "5", "6", "7", "8", "9", "10", "11" -> "*" }',
        ),
      ),
      [],
    );
    const zero = await check(spec('t-closeness 0 on salary'));
    assert.deepEqual(
      zero.map((d) => d.code),
      ['parameter-out-of-range'],
    );
    assert.match(zero[0].message, /t must be a number in \(0, 1\], got 0/);
    assert.deepEqual(
      (await check(spec('t-closeness 1.5 on salary'))).map((d) => d.code),
      ['parameter-out-of-range'],
    );
    const quasi = await check(spec('t-closeness 0.5 on zip'));
    assert.ok(quasi.some((d) => d.code === 'sensitive-not-declared' && d.severity === 'error' && d.line === 9));
    const noHierarchy = await check(spec('t-closeness hierarchical 0.5 on salary'));
    assert.deepEqual(
      noHierarchy.map((d) => d.code),
      ['t-closeness-without-hierarchy'],
    );
    assert.match(noHierarchy[0].message, /hierarchy for 'salary'/);
  });

  it('the editor’s data check warns on the clause and names the rows of a class that breaks t', async () => {
    // As the data stands every class is one row: the first, row 1 (3k), is at equal distance 1 − 1/9 = 8/9 > 0.375.
    const dir = workspace(spec('t-closeness 0.375 on salary'));
    const diagnostics = (await checkSpec(join(dir, 'salary.privspec'))).diagnostics;
    const v = diagnostics.find((d) => d.code === 't-closeness-violated');
    assert.ok(v, JSON.stringify(diagnostics));
    assert.equal(v.line, 9);
    assert.match(v.message, /9 of 9 rows are in 9 of 9 classes farther than 0\.375/);
    assert.match(v.message, /the first such class \(row 1\) is at distance 0\.889/);
    // Pinned to zip 476** and age *, the 476** class of six rows passes (1 − 6/9) and the 479** class (rows 4, 5, 6)
    // is at 1 − 3/9 = 0.667.
    writeFileSync(join(dir, 'salary.privspec'), spec('t-closeness 0.375 on salary generalize zip 1 generalize age 3'));
    const pinned = (await checkSpec(join(dir, 'salary.privspec'))).diagnostics.find(
      (d) => d.code === 't-closeness-violated',
    );
    assert.ok(pinned);
    assert.match(pinned.message, /3 of 9 rows are in 1 of 2 classes/);
    assert.match(pinned.message, /\(rows 4, 5, 6\) is at distance 0\.667/);
  });
});
