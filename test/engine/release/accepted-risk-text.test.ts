import '../../../engine/release/kinds/all-release-kinds.js'; // the kinds these functions ask (engine/release/kinds/)
import { strict as assert } from 'node:assert';
import { acceptedRiskText, releaseRisks } from '../../../engine/release/release-risk.js';
import type { ReleaseDescription } from '../../../engine/release/release-description.js';

describe('engine/release/release-risk: one wording for accepted risks (issue 24 item 8)', () => {
  const grid: ReleaseDescription = {
    name: 'g',
    query: { kind: 'grid', x: 'x', y: 'y', size: 4 },
    mechanism: { kind: 'nn-wavelet', rho: 0.1 },
    accepts: ['unbounded-contribution', 'data-dependent-domain'],
  };

  it("an accepted risk states the clause and the leak, never the refusal's \"or write 'accept …'\"", () => {
    const risks = releaseRisks(grid, 'patient_id', new Set());
    assert.deepEqual(
      risks.map((r) => [r.code, r.accepted]),
      [
        ['data-dependent-domain', true],
        ['unbounded-contribution', true],
      ],
    );
    assert.deepEqual(risks.map(acceptedRiskText), [
      "accepted data-dependent-domain: the grid's bounds are taken from the data's extremes, which the noise does not protect (the release's report says so)",
      "accepted unbounded-contribution: each 'patient_id' may contribute any number of rows, so the stated privacy loss covers one row, not one patient_id (the release's report says so)",
    ]);
    for (const r of risks) assert.doesNotMatch(acceptedRiskText(r), /or write/);
  });

  it('a refused risk still says how to fix it, including the accept clause', () => {
    const [risk] = releaseRisks({ ...grid, accepts: [] }, undefined, new Set());
    assert.equal(risk.accepted, false);
    assert.match(
      risk.message,
      /give public bounds with 'within x0\.\.x1, y0\.\.y1', or write 'accept data-dependent-domain'$/,
    );
  });
});
