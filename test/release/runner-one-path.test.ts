import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';

// Issue 21 (runner) — every release kind reaches the runner through one interface (engine/release/kinds/
// prepare-release.ts): the runner has no branch per kind and decides nothing from the text of notes (it named the most
// exposed unit when /Bayesian/ matched a note; the plan now carries a structured flag).

describe('issue 21 — one path from plan to files for every release kind', () => {
  const runner = readFileSync('engine/host/run/release-runner.ts', 'utf8');

  it('the runner has no per-kind branch and no regular expression over notes', () => {
    assert.doesNotMatch(runner, /query\.kind\s*===/);
    assert.doesNotMatch(runner, /computeGeneralize|computePram/);
    assert.doesNotMatch(runner, /\/Bayesian\//);
  });

  it('one writer: the runner writes through release-files.ts, which links new files (no second atomic writer)', () => {
    assert.doesNotMatch(runner, /writeFile|rename\(/);
    assert.match(readFileSync('engine/host/files/release-files.ts', 'utf8'), /writeNewFilesTogether/);
    assert.doesNotMatch(readFileSync('engine/host/ledger/ledger-file.ts', 'utf8'), /open\(|rename\(/);
  });
});
