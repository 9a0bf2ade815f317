import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anonymizeCsv } from '../../../extension/workers/anonymize.js';
import { visitsCsv, visitsModel } from '../fixtures.js';

describe('extension/workers/anonymize', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'privspec-anon-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the optimal 3-anonymous generalization without the identifying column', async () => {
    const out = join(dir, 'visits.anonymized.csv');
    const progress: number[] = [];
    const result = await anonymizeCsv({ text: visitsCsv, source: 'visits.csv', model: visitsModel, suppression: 0, out }, (f) => progress.push(f));
    // Hand-derived: row 15 (zip 81932) is unique unless zip is generalized, and zip → 8193* alone makes every class ≥ 3;
    // its non-uniform entropy loss, 7·log2(8/7) + 1·log2(8/1) ≈ 4.35, is the lowest of the valid transformations.
    assert.deepEqual(result, { transformation: { age: 0, sex: 0, zip: 1 }, suppressed: 0, classes: 5, out });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    assert.equal(lines[0], 'age,sex,zip,diagnosis');
    assert.equal(lines[8], '34,F,8193*,Asthma');
    assert.equal(lines.length, 19);
  });

  it('leaves suppressed rows out of the file', async () => {
    const out = join(dir, 'suppressed.csv');
    const result = await anonymizeCsv({ text: visitsCsv, source: 'visits.csv', model: visitsModel, suppression: 0.17, out }, () => {});
    // Hand-derived from the fixture: ungeneralized, the classes {34,F,81931} (P08, P09) and {34,F,81932} (P15) are below
    // k=3; floor(0.17·18) = 3 rows may be suppressed, so suppressing those three leaves the four classes 29/M/45766 (4),
    // 41/F/81931 (5), 57/F/45655 (3) and 62/M/10115 (3) with nothing generalized: entropy loss 0, the optimum.
    assert.deepEqual(result, { transformation: { age: 0, sex: 0, zip: 0 }, suppressed: 3, classes: 4, out });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    assert.equal(lines.length, 16, 'the header and the 15 rows that were not suppressed');
    assert.ok(!lines.some((l) => l.includes('*') || l.startsWith('34,')), 'no starred row, and no row of the suppressed classes');
  });

  it('reports no transformation when k cannot be reached, and writes nothing', async () => {
    const out = join(dir, 'none.csv');
    const result = await anonymizeCsv({ text: visitsCsv, source: 'visits.csv', model: { ...visitsModel, k: 19 }, suppression: 0, out }, () => {});
    assert.equal(result.transformation, null);
    assert.throws(() => readFileSync(out));
  });
});
