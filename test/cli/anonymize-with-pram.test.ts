import { strict as assert } from 'node:assert';
import { runCli } from '../../cli/run-cli.js';

// Issue 12 item 5 — `privspec anonymize … --with-pram`: the generalization × PRAM search, with the optimizer, its
// evaluations and, with --exhaustive-check, its relative error against exhaustive enumeration in the JSON.
async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: process.cwd() });
  return { code, out, err };
}

const BASE = ['anonymize', 'examples/data/patients.csv', '--qi', 'age,sex,occupation', '--hierarchy', 'age=examples/hierarchies/age.csv', '--hierarchy', 'sex=examples/hierarchies/sex.csv', '--hierarchy', 'occupation=examples/hierarchies/occupation.csv'];

describe('issue 12 — privspec anonymize --with-pram', function () {
  this.timeout(60_000);
  it('targets local ε: 20 Bayesian-optimization evaluations, and the exhaustive check states the relative error', async () => {
    const r = await run([...BASE, '--k', '5', '--suppression', '0.02', '--with-pram', '--pram-epsilon', '4', '--exhaustive-check', '--json']);
    assert.equal(r.code, 0, r.err);
    const p = JSON.parse(r.out).withPram;
    assert.match(p.optimizer, /Gaussian process, Matérn 5\/2 kernel, lower confidence bound/);
    assert.ok(p.evaluations <= 20 && p.evaluations >= 5, String(p.evaluations));
    assert.equal(typeof p.relativeError, 'number');
    assert.ok(p.relativeError >= 0);
    assert.ok(p.best === null || p.best.loss >= p.exhaustiveBest.loss, 'the exhaustive optimum is never beaten');
  });

  it('refuses an absurd ε target with one line', async () => {
    const r = await run([...BASE, '--k', '5', '--with-pram', '--pram-epsilon', '-2']);
    assert.equal(r.code, 2);
    assert.match(r.err, /--pram-epsilon/);
    assert.doesNotMatch(r.err, /\n\s+at /);
  });
});
