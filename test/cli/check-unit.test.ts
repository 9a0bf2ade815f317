import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';

// `privspec check` counts distinct units when the dataset declares `unit` (Wang & Fung, KDD 2006). The spec is the one
// the real-editor test opens (test/e2e/workspace/units.privspec): patient P01's 5 visits form the class {age=34,
// sex=F}.
describe('privspec check with a privacy unit', () => {
  it('flags the class of 5 visits of one patient as below k=3, counted in patients', async () => {
    let out = '';
    const code = await runCli(['check', 'units.privspec', '--format', 'json'], {
      out: (t) => (out += t),
      err: () => undefined,
      cwd: resolve('test/e2e/workspace'),
    });
    assert.equal(code, 0, 'a warning, not an error');
    const k = JSON.parse(out).diagnostics.filter((d: { code: string }) => d.code === 'k-anonymity-violated');
    assert.equal(k.length, 1);
    // Hand-counted: {34,F} 5 rows of P01 (1 patient); {50,M} 4 rows of P02, P03, P04 (3); {62,F} 3 rows of P05–P07 (3).
    assert.equal(
      k[0].message,
      'the data as it stands violates 3-anonymity on age, sex counted in distinct patient_id: 5 of 12 rows (1 patient_id) are in 1 class with fewer than 3 distinct patient_id',
    );
  });
});
