import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

interface Diagnostic {
  file: string;
  severity: string;
  line: number;
  column: number;
  code: string;
  message: string;
  related?: { line: number; message: string }[];
}
interface CheckJson {
  diagnostics: Diagnostic[];
  budget: { accounting: string; limit: Record<string, number>; spent: Record<string, number> };
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: fixtures });
  return { code, out, err };
}

async function check(spec: string): Promise<{ code: number; json: CheckJson }> {
  const { code, out } = await run(['check', spec, '--format', 'json']);
  return { code, json: JSON.parse(out) as CheckJson };
}

function only(json: CheckJson, code: string): Diagnostic {
  const found = json.diagnostics.filter((d) => d.code === code);
  assert.equal(found.length, 1, `expected one '${code}' diagnostic, got ${JSON.stringify(json.diagnostics, null, 1)}`);
  return found[0];
}

describe('privspec check', () => {
  it('passes a clean spec with exit code 0 and reports its budget', async () => {
    const { code, json } = await check('clean.privspec');
    assert.deepEqual(json.diagnostics, []);
    assert.equal(code, 0);
    // Hand-computed: 0.5 (histogram, once) + 0.25 = 0.75 of 1.
    assert.deepEqual(json.budget, {
      accounting: 'pure',
      limit: { epsilon: 1 },
      spent: { epsilon: 0.75 },
      label: 'ε 0.75 of 1',
      notRunnable: [],
    });
  });

  it('refuses a histogram or mode that would take its values from the data (issue 10 item 8), not a column whose values are listed', async () => {
    const { code, json } = await check('data-dependent-domain.privspec');
    const found = json.diagnostics.filter((d) => d.code === 'data-dependent-domain');
    // by_age (an intervals hierarchy lists no values) and top (no hierarchy); by_sex's grouping lists M, F and X.
    assert.deepEqual(
      found.map((d) => [d.line, d.severity]),
      [
        [9, 'error'],
        [11, 'error'],
      ],
    );
    assert.match(found[0].message, /^the values of 'age' would be taken from the data/);
    assert.match(found[1].message, /^the values of 'diagnosis' would be taken from the data/);
    assert.equal(code, 1, 'the stated ε does not cover the leak, so the check fails');
  });

  it('reports an unknown column with a did-you-mean, at the column', async () => {
    const { code, json } = await check('unknown-column.privspec');
    const d = only(json, 'unknown-column');
    assert.equal(d.severity, 'error');
    assert.equal(d.message, "unknown column 'agee' in data/people.csv (did you mean 'age'?)");
    assert.deepEqual([d.line, d.column], [3, 9]);
    assert.equal(code, 1);
  });

  it('reports a missing dataset file at the file name', async () => {
    const { json } = await check('missing-file.privspec');
    const d = only(json, 'missing-file');
    assert.match(d.message, /^file not found: .*data\/nowhere\.csv$/);
    assert.deepEqual([d.line, d.column], [2, 21]);
  });

  it('reports a missing hierarchy file', async () => {
    const { json } = await check('missing-hierarchy-file.privspec');
    assert.match(only(json, 'missing-file').message, /^hierarchy file not found: .*no-such-hierarchy\.csv$/);
  });

  it('lists the values a hierarchy file misses', async () => {
    const { json } = await check('hierarchy-missing-values.privspec');
    const d = only(json, 'hierarchy-missing-values');
    assert.match(
      d.message,
      /9 values are not covered .*'10004', '10005', '10011', '10012', '10013', '10014', '10015', '10021', '10022'$/,
    );
  });

  it('lists the first ten missing values and the count when more are missing', async () => {
    const { json } = await check('hierarchy-many-missing.privspec');
    const d = only(json, 'hierarchy-missing-values');
    assert.match(
      d.message,
      /11 values are not covered by hierarchy age: '35', '36', '37', '38', '41', '42', '43', '44', '45', '51', … \(11 in all\)$/,
    );
  });

  it('reports a grouping that forgets a value', async () => {
    const { json } = await check('hierarchy-group-missing.privspec');
    assert.match(only(json, 'hierarchy-missing-values').message, /1 value is not covered by hierarchy sex: 'X'/);
  });

  it('reports an ARX hierarchy whose level is not a function of the level below, with the file line', async () => {
    const { json } = await check('hierarchy-inconsistent.privspec');
    const d = only(json, 'hierarchy-inconsistent');
    assert.match(d.message, /level 2 is not a function of level 1/);
    assert.match(d.message, /data\/diagnosis-inconsistent\.csv:3\)$/);
  });

  it('reports a grouping that gives one group two parents', async () => {
    const { json } = await check('hierarchy-group-inconsistent.privspec');
    assert.equal(
      only(json, 'hierarchy-inconsistent').message,
      "'ab' generalizes to both '*' and 'x' at level 2; each value needs one parent",
    );
  });

  it('warns about a quasi-identifier without hierarchy', async () => {
    const { code, json } = await check('quasi-without-hierarchy.privspec');
    const d = only(json, 'quasi-without-hierarchy');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /^quasi-identifier 'sex' has no hierarchy/);
    assert.equal(code, 0, 'warnings do not fail the check');
  });

  it('reports that the data as it stands violates k, with rows and classes', async () => {
    const { json } = await check('k-violation.privspec');
    // Hand-counted from people.csv: sex X has one row, so one class of one row is below k=3.
    assert.equal(
      only(json, 'k-anonymity-violated').message,
      'the data as it stands violates 3-anonymity on sex: 1 of 12 rows are in 1 class smaller than 3',
    );
  });

  it('reports that the data as it stands violates ℓ-diversity, with rows and classes', async () => {
    const { json } = await check('l-violation.privspec');
    // Hand-counted: F and M each hold flu, cold and asthma; X holds only asthma.
    assert.equal(
      only(json, 'l-diversity-violated').message,
      'the data as it stands violates distinct-3-diversity on diagnosis: 1 of 12 rows are in 1 of 3 classes that fail it',
    );
  });

  it('reports parameters out of range: ε ≤ 0, retain outside (0, 1], δ ≥ 1/n', async () => {
    const { json } = await check('parameters.privspec');
    const messages = json.diagnostics.filter((d) => d.code === 'parameter-out-of-range').map((d) => d.message);
    assert.deepEqual(messages, [
      'δ=0.1 is not below 1/n = 1/12 = 0.0833: such a δ allows publishing whole records; use δ ≪ 1/n',
      'ε must be a finite number > 0, got 0',
      'retain must be in (0, 1], got 1.5',
    ]);
  });

  it('rejects Gaussian noise under pure ε accounting', async () => {
    const { json } = await check('gaussian-under-pure.privspec');
    const d = only(json, 'mechanism-not-allowed');
    assert.match(d.message, /^gaussian is not allowed under 'pure' accounting/);
    assert.deepEqual([d.line, d.column], [6, 46]);
  });

  it('flags the release that overruns the budget, pointing at the releases that spent the rest', async () => {
    const { code, json } = await check('budget-overrun.privspec');
    const d = only(json, 'budget-overrun');
    // Hand-computed: a (0.5) + b (0.4) leave 0.1; c requests 0.3.
    assert.equal(d.message, "budget overrun in 'c': needs ε 0.3, ε 0.1 remains");
    assert.equal(d.line, 8);
    assert.deepEqual(
      d.related?.map((r) => [r.line, r.message]),
      [
        [6, "'a' spent part of the budget"],
        [7, "'b' spent part of the budget"],
      ],
    );
    assert.deepEqual(json.budget.spent, { epsilon: 1.2 });
    assert.equal(code, 1);
  });

  it('composes the DP query tutorial range queries Q1–Q3 in parallel: 2ε', async () => {
    // Seed "DP query tutorial", slide 56: Q1 and Q2 overlap, Q3 overlaps neither; max(ε+ε, ε) = 2ε with ε = 0.1.
    const { json } = await check('tutorial-q3.privspec');
    assert.deepEqual(json.budget.spent, { epsilon: 0.2 });
    assert.match(only(json, 'parallel-composition').message, /^composes in parallel with 'q1', 'q2'/);
  });

  it('composes the tutorial queries with Q4 as their largest clique: 3ε', async () => {
    // Seed "DP query tutorial", slide 58: Q4 overlaps Q1, Q2 and Q3; the clique {Q1, Q2, Q4} gives 3ε.
    const { json } = await check('tutorial-q4.privspec');
    assert.deepEqual(json.budget.spent, { epsilon: 0.3 });
  });

  it('charges a group-by histogram once: its bins compose in parallel', async () => {
    const { code, json } = await check('histogram-parallel.privspec');
    assert.deepEqual(json.budget.spent, { epsilon: 0.5 });
    assert.deepEqual(json.diagnostics, []);
    assert.equal(code, 0);
  });

  it('prints text with file:line:column, severity, message and code', async () => {
    const { code, out } = await run(['check', 'budget-overrun.privspec']);
    assert.equal(code, 1);
    assert.match(out, /^budget-overrun\.privspec:8:9: error: budget overrun in 'c': .* \[budget-overrun\]$/m);
    assert.match(out, /^1 error, 0 warnings, 0 notes; budget \(pure\): ε 1\.2 of 1 planned$/m);
  });

  it('prints SARIF 2.1.0', async () => {
    const { out } = await run(['check', 'budget-overrun.privspec', '--format', 'sarif']);
    const sarif = JSON.parse(out);
    assert.equal(sarif.version, '2.1.0');
    const result = sarif.runs[0].results[0];
    assert.equal(result.ruleId, 'budget-overrun');
    assert.equal(result.level, 'error');
    assert.deepEqual(result.locations[0].physicalLocation.region, {
      startLine: 8,
      startColumn: 9,
      endLine: 8,
      endColumn: 10,
    });
    assert.equal(result.relatedLocations.length, 2);
  });

  it('reports syntax errors with a code and exit 1', async () => {
    const { code, json } = await check(join('..', 'specs', 'syntax-error.privspec'));
    assert.equal(code, 1);
    assert.ok(json.diagnostics.some((d) => d.code === 'parsing-error' || d.code === 'lexing-error'));
  });

  it('exits 2 with one line for a missing spec or a bad flag', async () => {
    const missing = await run(['check', 'no-such.privspec']);
    assert.equal(missing.code, 2);
    assert.equal(missing.err, 'privspec check: no-such.privspec: no such file\n');
    const bad = await run(['check', 'clean.privspec', '--format', 'xml']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /^privspec check: option --format: 'xml' is not valid/);
  });
});

describe('privspec check: the optimal transformation', () => {
  it('names the optimal transformation after a k violation', async () => {
    const { json } = await check('optimal-transformation.privspec');
    assert.equal(only(json, 'k-anonymity-violated').severity, 'warning');
    const d = only(json, 'optimal-transformation');
    assert.equal(d.severity, 'info');
    // Hand-checked: with 1 row (10 % of 12) suppressible, age=* keeps sex and suppresses only the single X row;
    // any level of age below * leaves a class of 2 (the two men in their 30s, or the two rows in their 50s).
    // Level 3 of age is its top, '*': the message shows it on the first row's value (34).
    assert.match(
      d.message,
      /^optimal transformation: age=3 \(34 → \*\), sex=0 \(generalization levels; loss metric [0-9.]+; 1 row suppressed\)$/,
    );
  });
});

describe('privspec check: the example spec', () => {
  it('uses every construct and checks without errors', async function () {
    this.timeout(20000);
    let out = '';
    const code = await runCli(['check', 'examples/visits.privspec', '--format', 'json'], {
      out: (t) => (out += t),
      err: () => {},
      cwd: resolve(fixtures, '..', '..', '..'),
    });
    const json = JSON.parse(out) as CheckJson;
    assert.deepEqual(
      json.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.equal(code, 0);
    // Hand-computed: ρ = 0.2²/2 + 0.01 + 0.1²/2 + 0.2²/2 + 0.05 + 0.1²/2 = 0.11 (Laplace and exponential at ε²/2).
    assert.deepEqual(json.budget.spent.rho, 0.11);
  });
});

describe('privspec check: hierarchy files', () => {
  it('reports a malformed ARX file with its file and line', async () => {
    const { json } = await check('hierarchy-ragged-file.privspec');
    assert.equal(
      only(json, 'hierarchy-invalid').message,
      'hierarchy row has 2 levels, expected 3 as on the first row (data/diagnosis-ragged.csv:2)',
    );
  });
});

describe('privspec check: pinned levels', () => {
  it('counts classes at the levels the anonymity block pins', async () => {
    const { code, json } = await check('pinned-levels.privspec');
    // Hand-counted: in 20-year bands with sex kept, only the single X row (age 51) is alone.
    assert.equal(
      only(json, 'k-anonymity-violated').message,
      'the data at the pinned levels (age=2, sex=0) violates 2-anonymity on age, sex: 1 of 12 rows are in 1 class smaller than 2',
    );
    assert.equal(code, 0);
  });

  it('rejects a pin above the hierarchy and warns about a pin on a column that is not a quasi-identifier', async () => {
    const { json } = await check('pinned-too-high.privspec');
    assert.equal(
      only(json, 'parameter-out-of-range').message,
      "'age' is pinned to level 5, but its hierarchy's top level is 3",
    );
    assert.equal(
      only(json, 'pin-without-effect').message,
      "'zip' is not a quasi-identifier, so pinning its level has no effect",
    );
  });
});
