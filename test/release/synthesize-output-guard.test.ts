import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ledgerFileSync } from '../helpers/ledger.js';
import { runIn } from '../helpers/run-cli.js';

// From the adversarial review of issue 29: `privspec synthesize --out … --force` must never replace files that are not
// its own input either — the spend ledger of the data the view was built from, the data itself, or the spec.

function people(): string {
  const lines = ['id,name,age,sex'];
  for (let i = 0; i < 200; i++) lines.push(`p${(i >> 1) + 1},N${i},${20 + (i % 40)},${i % 2 === 0 ? 'F' : 'M'}`);
  return `${lines.join('\n')}\n`;
}

const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  unit id
}
hierarchy sex { "F", "M" -> "*" }
budget { epsilon 3 }
release v: view age within 0..99, sex  hdpview epsilon 1  bound unit rows 2
`;

describe('synthesize never replaces the ledger, the data or the spec', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-view-review-'));
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'people.csv'), people());
    writeFileSync(join(dir, 'spec.privspec'), SPEC);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses --out onto the data’s spend ledger, even with --force', async () => {
    assert.equal((await runIn(dir, ['release', 'spec.privspec', '--out', 'out'])).code, 0);
    const ledger = ledgerFileSync(join(dir, 'data', 'people.csv'));
    const before = readFileSync(ledger);
    const r = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', ledger, '--force']);
    assert.notEqual(r.code, 0, 'the ledger was replaced by synthetic records');
    assert.deepEqual(readFileSync(ledger), before);
  });

  it('refuses --out onto the data file the view’s report names (through its spec), even with --force', async () => {
    assert.equal((await runIn(dir, ['release', 'spec.privspec', '--out', 'out'])).code, 0);
    const data = join(dir, 'data', 'people.csv');
    const before = readFileSync(data);
    const r = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', 'data/people.csv', '--force']);
    assert.notEqual(r.code, 0, 'the raw data was replaced by synthetic records');
    assert.deepEqual(readFileSync(data), before);
  });

  it('refuses --out onto the spec the view’s report names, and into any ledger folder, even with --force', async () => {
    assert.equal((await runIn(dir, ['release', 'spec.privspec', '--out', 'out'])).code, 0);
    const before = readFileSync(join(dir, 'spec.privspec'));
    const r = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', 'spec.privspec', '--force']);
    assert.notEqual(r.code, 0, 'the spec was replaced by synthetic records');
    assert.deepEqual(readFileSync(join(dir, 'spec.privspec')), before);
    // A new file in a ledger folder is refused too: that folder holds only ledgers.
    const other = join(dir, 'data', '.privspec-ledger', 'synth.csv');
    const s = await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', other]);
    assert.notEqual(s.code, 0);
    assert.match(s.err, /\.privspec-ledger/);
    // An ordinary output still works.
    assert.equal((await runIn(dir, ['synthesize', 'out/v.json', '--rows', '3', '--out', 'synth.csv'])).code, 0);
  });
});
