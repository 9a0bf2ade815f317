import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { releaseInput } from '../../language/release-input.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');

// Issue 22's own findings on examples/visits.privspec, as the preview request answers them now.
describe('issue 22 on the teaching example: the preview is the release minus the noise', function () {
  this.timeout(120_000);
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-example-preview-'));
  // A registry of this folder's own: other test files spend on the same example bytes, in other accountings.
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(examples, dir, { recursive: true });
  const open = async (name = 'visits.privspec') => {
    const specFile = join(dir, name);
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };

  it('public_file previews the pinned levels ▶ Run applies (age 2, sex 0, zip 3; 23 rows suppressed), not the unpinned optimum', async () => {
    // The generalized file is its own plan (examples/public-file.privspec): beside visits.privspec's DP releases it
    // would publish exactly what they protect (issue 21's linked-releases).
    const document = await open('public-file.privspec');
    const p = await releasePreview(services, document, {
      uri: document.uri.toString(),
      release: 'public_file',
      controls: {},
    });
    assert.ok(p.body.kind === 'generalize');
    assert.deepEqual(p.body.columns, ['age', 'sex', 'zip']);
    assert.deepEqual(p.body.optimum, [2, 0, 3]);
    assert.deepEqual(p.body.selected, [2, 0, 3]);
    assert.equal(p.body.suppressed, 23);
    const outcome = (
      await runReleases(await releaseInput(services, document, 'public_file'), {
        out: join(dir, 'out'),
        seed: 1,
        dryRun: false,
      })
    ).releases[0];
    assert.deepEqual(outcome.parameters?.levels, { age: 2, sex: 0, zip: 3 });
    // The suppressed count is an exact figure of the input the file does not show: the terminal's, not the report's.
    assert.equal(outcome.parameters?.suppressed, undefined);
    assert.ok(outcome.local?.includes('23 rows suppressed'), String(outcome.local));
  });

  it('visits_by_sex at ε 10: the true value is the bounded count, and the example draw is noise around it (it was ~1,500 away)', async () => {
    const document = await open();
    for (let i = 0; i < 20; i++) {
      const p = await releasePreview(services, document, {
        uri: document.uri.toString(),
        release: 'visits_by_sex',
        controls: { epsilon: 10 },
      });
      assert.ok(p.body.kind === 'aggregate');
      // Each patient keeps at most 3 visits: fewer than the 10,341 / 10,721 rows, and the bias is stated.
      for (const c of p.body.cells) {
        assert.ok(c.truth! < c.unbounded!, `${c.label}: bounded ${c.truth} below unbounded ${c.unbounded}`);
        // Laplace, Δ = 3 (groups 1 × rows 3), ε = 10: scale 0.3, 95 % half-width 0.3·ln 20 = 0.899.
        assert.ok(Math.abs(c.error95! - 0.3 * Math.log(20)) < 1e-9);
        // P(|Laplace| > 10 · b ln 20) = 20⁻¹⁰: a draw of the released distribution never leaves this; one of another
        // does.
        assert.ok(
          Math.abs(c.draw - c.truth!) <= 10 * c.error95!,
          `${c.label}: draw ${c.draw}, true ${c.truth} ± ${c.error95}`,
        );
      }
      assert.match(
        p.body.bounding!,
        /^bounding removes [\d,]+ rows \(−\d+(\.\d+)? %\); the release perturbs the bounded count$/,
      );
    }
  });

  it('mean_income estimates the patient-level mean from the n it really uses (one row per patient)', async () => {
    const document = await open();
    const p = await releasePreview(services, document, {
      uri: document.uri.toString(),
      release: 'mean_income',
      controls: {},
    });
    assert.ok(p.body.kind === 'aggregate');
    const [cell] = p.body.cells;
    // bound unit rows 1 keeps one row per patient: 10,000 patients in the example's 21,062 visits.
    assert.equal(cell.rows, 10_000);
    assert.ok(cell.truth !== cell.unbounded);
    const sumBound = Number(p.body.bound.match(/±([\d,.e+]+)/)![1].replace(/,/g, ''));
    assert.ok(Math.abs(cell.error95! - sumBound / 10_000) / cell.error95! < 1e-2);
    // The newcomer tour read "95 % of draws fall within ±5430000 on each mean" beside the means' ±543: the sentence
    // must not give the sum's bound as the means' own, and groups its digits.
    assert.match(
      p.body.bound,
      /^95 % of draws fall within the ± column on each mean: the noisy sum's bound, ±[\d,]+, over the rows it averages$/,
    );
  });
});
