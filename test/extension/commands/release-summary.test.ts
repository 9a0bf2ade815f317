import { strict as assert } from 'node:assert';
import { describeRun, summarizeRun } from '../../../extension/commands/release-summary.js';
import type { RunReleaseResult } from '../../../extension/protocol.js';

describe('extension/commands/release-summary', () => {
  const result: RunReleaseResult = {
    spec: '/w/counts.privspec',
    out: '/w/releases/counts',
    ledger: '/w/counts.privspec.ledger.json',
    releases: [
      {
        name: 'by_region',
        status: 'written',
        message: 'spent ε 0.5.',
        previousRuns: 1,
        files: ['/w/releases/counts/by_region.csv'],
      },
      { name: 'by_answer', status: 'refused', message: 'Requested ε=0.6 · Remaining ε=0', previousRuns: 0, files: [] },
    ],
    budget: { accounting: 'pure', limit: { epsilon: 1 }, spent: { epsilon: 1.0000000000000002 }, label: 'ε 1 of 1' },
  };

  it('says when a release ran before and so spent again', () => {
    assert.deepEqual(describeRun(result), [
      'by_region: written (run 1 time before: spent again) — spent ε 0.5.',
      'by_answer: refused — Requested ε=0.6 · Remaining ε=0',
    ]);
  });

  it('summarizes the run with the ledger total and the releases that were not written', () => {
    assert.deepEqual(summarizeRun(result, 'releases/counts'), {
      text: '1 of 2 releases written to releases/counts; ledger total ε 1 of 1; by_answer refused: Requested ε=0.6 · Remaining ε=0',
      ok: false,
    });
    assert.equal(summarizeRun({ ...result, releases: [result.releases[0]] }, 'r').ok, true);
  });
});
