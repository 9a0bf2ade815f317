import { strict as assert } from 'node:assert';
import { anonymizedPath, parseSuppression } from '../../../extension/commands/anonymize-options.js';

describe('extension/commands/anonymize-options', () => {
  it('never names an existing file', () => {
    const taken = new Set(['/d/p.anonymized.csv', '/d/p.anonymized-2.csv']);
    assert.equal(anonymizedPath('/d/p.csv', (p) => taken.has(p)), '/d/p.anonymized-3.csv');
    assert.equal(anonymizedPath('/d/q.tsv', () => false), '/d/q.anonymized.tsv');
  });

  it('reads suppression limits as fractions or percentages', () => {
    assert.deepEqual(['2%', '0.02', ' 0 ', '100%', '1.5', '-1', 'x'].map(parseSuppression), [0.02, 0.02, 0, 1, undefined, undefined, undefined]);
  });
});
