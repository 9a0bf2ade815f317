import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releaseEdits, releasePreview } from '../../language/lsp/preview-request.js';
import { releaseInput } from '../../language/release-input.js';
import type { PreviewControls } from '../../engine/preview/preview-types.js';
import { ledgerFileSync } from '../helpers/ledger.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

// Issue 15: the preview panel's figures, computed by the engine through the one planner. The fixture people.csv has 12
// rows: sex F ×5, M ×6, X ×1; diagnosis flu ×6, cold ×3, asthma ×3.
describe('privspec/previewRelease: every release kind previewed through the planner', () => {
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-preview-'));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  cpSync(join(fixtures, 'release-basic.privspec'), join(dir, 'spec.privspec'));
  const specFile = join(dir, 'spec.privspec');
  const preview = async (release: string, controls: PreviewControls = {}) => {
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return releasePreview(services, document, { uri: document.uri.toString(), release, controls });
  };

  it('a count: the true counts, a 95 % bound of (1/ε)·ln 20, one draw, and the budget meter', async () => {
    const p = await preview('by_sex');
    assert.equal(p.kind, 'aggregate');
    assert.ok(p.body.kind === 'aggregate');
    assert.deepEqual(
      p.body.cells.map((c) => [c.label, c.truth]),
      [
        ['M', 6],
        ['F', 5],
        ['X', 1],
      ],
    );
    // Laplace with Δ = 1, ε = 0.4: scale 2.5, P(|X| > t) = e^(−t/2.5) = 5 % at t = 2.5·ln 20 = 7.489.
    for (const c of p.body.cells) assert.ok(Math.abs(c.error95! - 2.5 * Math.log(20)) < 1e-6, String(c.error95));
    for (const c of p.body.cells) assert.ok(Number.isInteger(c.draw) && c.draw >= 0);
    // The meter counts the whole plan (by_sex 0.4 + older 0.2 + income 0.2 + top 0.1 of ε 1) and the ledger (empty).
    assert.equal(
      p.budget?.sentence,
      'This release spends ε 0.4; the plan spends ε 0.9 of 1; ledger ε 0; ε 0.1 remains after the plan.',
    );
    assert.equal(p.budget?.overrun, false);
    assert.deepEqual(
      p.controls.map((c) => c.name),
      ['epsilon'],
    );
  });

  it('moving ε to 0.8 halves the error and the meter follows; nothing is spent', async () => {
    const p = await preview('by_sex', { epsilon: 0.8 });
    assert.ok(p.body.kind === 'aggregate');
    assert.ok(Math.abs(p.body.cells[0].error95! - 1.25 * Math.log(20)) < 1e-6);
    // At ε 0.8 the plan (0.8 + 0.2 + 0.2 + 0.1) passes ε 1 at income, with nothing left after older: the meter says so,
    // although this release alone would fit the empty ledger.
    assert.equal(
      p.budget?.sentence,
      "This release spends ε 0.8; the plan spends ε 1.3 of 1; ledger ε 0; ε 0 remains after the plan. The plan overruns the budget at 'income': needs ε 0.2, ε 0 remains.",
    );
    assert.equal(p.budget?.runOverrun, undefined);
    assert.equal(p.budget?.overrun, true);
    await assert.rejects(preview('by_sex', { epsilon: 50 }), /outside what the panel offers/);
    assert.throws(() => readFileSync(ledgerFileSync(join(dir, 'data', 'people.csv'))), /ENOENT/);
  });

  it('a mode: probabilities ∝ exp(ε·u/2) over the candidates (McSherry & Talwar 2007)', async () => {
    const p = await preview('top');
    assert.ok(p.body.kind === 'mode');
    const by = new Map(p.body.candidates.map((c) => [c.label, c]));
    assert.deepEqual([by.get('flu')!.score, by.get('cold')!.score, by.get('asthma')!.score], [6, 3, 3]);
    // ε = 0.1, Δ = 1: P(flu)/P(cold) = e^(0.1·(6−3)/2) = e^0.15.
    assert.ok(Math.abs(by.get('flu')!.probability / by.get('cold')!.probability - Math.exp(0.15)) < 1e-12);
    assert.ok(Math.abs(p.body.candidates.reduce((s, c) => s + c.probability, 0) - 1) < 1e-12);
  });

  it('PRAM: E[n′] = Pᵀn with the Chebyshev band √20·σ, and retain moves with its control', async () => {
    const p = await preview('swapped', { retain: 0.5 });
    assert.ok(p.body.kind === 'pram');
    const a = p.body.attributes[0];
    // retain 0.5 over the 3 listed diagnoses: keep 0.5 + 0.5/3 = 2/3, move to each other value 1/6.
    const i = a.labels.indexOf('flu');
    assert.ok(Math.abs(a.matrix[i][i] - 2 / 3) < 1e-12);
    // Issue 21: the PRAM file holds the rows the anonymity block keeps (k 2 at age=2, sex=0 suppresses Kim, the one X,
    // asthma), so the preview counts flu 6, cold 3, asthma 2 over 11 rows.
    // E[n′_flu] = 6·2/3 + 3·1/6 + 2·1/6 = 29/6; Var = 6·(2/3)(1/3) + 5·(1/6)(5/6) = 4/3 + 25/36 = 73/36.
    assert.deepEqual(Object.fromEntries(a.labels.map((l, j) => [l, a.before[j]])), { flu: 6, cold: 3, asthma: 2 });
    assert.ok(Math.abs(a.expected[i] - 29 / 6) < 1e-9);
    assert.ok(Math.abs(a.band[i] - Math.sqrt((20 * 73) / 36)) < 1e-9);
    assert.equal(
      a.draw.reduce((s, x) => s + x, 0),
      11,
    );
    assert.equal(p.budget, undefined);
  });

  it("an unreadable ledger stops the preview with the runner's message instead of a meter that ignores past spends", async () => {
    const ledger = ledgerFileSync(join(dir, 'data', 'people.csv'));
    mkdirSync(dirname(ledger), { recursive: true });
    writeFileSync(ledger, '{ not json');
    try {
      await assert.rejects(preview('by_sex'), /cannot read the spend ledger/);
    } finally {
      rmSync(ledger);
    }
  });

  it('"Write parameters to spec": an edit of the number in the release\'s line; what the panel does not offer is refused', async () => {
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    const params = (controls: PreviewControls, release = 'by_sex') => ({
      uri: document.uri.toString(),
      release,
      controls,
    });
    const { edits } = releaseEdits(document, params({ epsilon: 0.25 }));
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, '0.25');
    // Line 11 (0-based 10) is `release by_sex:   count by sex  laplace epsilon 0.4`; the edit covers its "0.4".
    const line = readFileSync(specFile, 'utf8').split('\n')[edits[0].range.start.line];
    assert.equal(line.slice(edits[0].range.start.character, edits[0].range.end.character), '0.4');
    assert.match(line, /^release by_sex:/);
    assert.throws(() => releaseEdits(document, params({ method: 'privelet' })), /method privelet is not offered/);
    assert.throws(() => releaseEdits(document, params({ epsilon: 50 })), /outside what the panel offers/);
    // Issue 22 item 4: ε 0.6 makes the plan 0.6 + 0.2 + 0.2 + 0.1 = 1.1 > 1, crossing at top; refused with the reason.
    assert.throws(
      () => releaseEdits(document, params({ epsilon: 0.6 })),
      /not written: with these parameters the plan overruns its budget at 'top': needs ε 0\.1, ε 0 remains/,
    );
    assert.equal(releaseEdits(document, params({ epsilon: 0.5 })).edits[0].newText, '0.5');
    assert.equal(releaseEdits(document, params({ retain: 0.6 }, 'swapped')).edits[0].newText, '0.6');
  });

  it('generalize: the whole lattice with satisfied flags, the optimum, and a picked node', async () => {
    const p = await preview('public');
    assert.ok(p.body.kind === 'generalize');
    // Quasi-identifiers age (intervals 10, 20 → height 3) and sex (groups → height 1): 4 × 2 = 8 nodes.
    assert.equal(p.body.lattice.length, 8);
    assert.ok(p.body.latticeComplete);
    assert.equal(p.body.lattice.filter((n) => n.optimal).length, 1);
    // The top node (everything *) puts all 12 rows in one class: it satisfies k=2.
    const heights = p.body.heights;
    assert.ok(p.body.lattice.find((n) => n.levels.every((l, i) => l === heights[i]))!.satisfied);
    // The optimum is the valid node of least loss under the spec's metric (the search's own evaluator and metric).
    const valid = p.body.lattice.filter((n) => n.satisfied);
    const best = Math.min(...valid.map((n) => n.loss));
    assert.equal(p.body.lattice.find((n) => n.optimal)!.loss, best);
    assert.equal(p.body.loss.optimum, best);
    // The search checks the node it chooses (its loss is computed, not inferred); it checks no more than the lattice.
    assert.ok(p.body.lattice.find((n) => n.optimal)!.checked);
    assert.ok(p.body.lattice.filter((n) => n.checked).length <= 8);
    assert.equal(p.body.loss.selected, best);
    const picked = await preview('public', { levels: [0, 0] });
    assert.ok(picked.body.kind === 'generalize');
    assert.deepEqual(picked.body.selected, [0, 0]);
    // At (0, 0) every age is its own class: all 12 rows are below k=2 — more than 10 % may be suppressed.
    assert.equal(picked.body.satisfied, false);
    assert.equal(picked.body.before.classes, 12);
  });
});

/**
 * A spec of its own in a fresh folder (beside a copy of the fixture data unless `data` is false) and a function that
 * loads and validates it, for the describe blocks below; the folder goes when the block ends.
 */
function specInFolder(prefix: string, name: string, text: string, data = true) {
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  if (data) cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  const specFile = join(dir, name);
  writeFileSync(specFile, text);
  const open = async () => {
    const document = await loadSpecText(text, specFile, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };
  return { services, dir, open };
}

// A grid's method switch offers only what the planner accepts with the release's parameter: every offered method
// previews, and the expected RMSE is the chosen method's (the switch once offered nn-wavelet to an ε release, which the
// planner refuses: "nn-wavelet needs 'rho R'").
describe('privspec/previewRelease: a grid method switch offers only methods the release can run', () => {
  const { services, open } = specInFolder(
    'privspec-preview-grid-',
    'grid.privspec',
    [
      'dataset people from "data/people.csv" {',
      '  identifying name',
      '  insensitive age, height, income, sex, zip, diagnosis',
      '}',
      'budget { epsilon 3  delta 1e-6  accounting zcdp }',
      'release in_epsilon: grid age, height size 8 within 0..100, 100..200  privelet epsilon 0.2',
      'release in_rho:     grid age, height size 8 within 0..100, 100..200  nn-wavelet rho 0.01',
      '',
    ].join('\n'),
  );
  const preview = async (release: string, controls: PreviewControls = {}) => {
    const document = await open();
    return releasePreview(services, document, { uri: document.uri.toString(), release, controls });
  };

  for (const [release, offered] of [
    ['in_epsilon', ['privelet', 'laplace']],
    ['in_rho', ['nn-wavelet', 'quadtree', 'gaussian']],
  ] as const) {
    it(`${release}: offers ${offered.join(', ')}, and each previews`, async () => {
      const p = await preview(release);
      const method = p.controls.find((c) => c.name === 'method');
      assert.ok(method && 'options' in method);
      assert.deepEqual(method.options, offered);
      for (const m of offered) {
        const { body } = await preview(release, { method: m });
        assert.ok(body.kind === 'grid', `${m}: ${body.kind}`);
        const chosen = body.method;
        assert.ok(
          body.rmse.some((r) => r.method === chosen),
          `${m}: its own RMSE curve is drawn`,
        );
      }
    });
  }
});

describe('privspec/previewRelease: a spec that overruns its budget is still previewed', () => {
  // ε 0.4 + 0.4 against a budget of 0.5: the second release crosses it (Difference 0.3).
  const { services, open } = specInFolder(
    'privspec-preview-overrun-',
    'over.privspec',
    'dataset people from "data/people.csv" {\n  identifying name\n  insensitive age, sex, zip, diagnosis, income, height\n}\nhierarchy sex { "M", "F", "X" -> "*" }\nhierarchy diagnosis { "flu", "cold", "asthma" -> "*" }\nbudget { epsilon 0.5 }\nrelease a: count by sex  laplace epsilon 0.4\nrelease b: count by diagnosis  laplace epsilon 0.4\n',
  );

  it('shows the figures, says ▶ Run would refuse, and the runner still refuses', async () => {
    const document = await open();
    const p = await releasePreview(services, document, { uri: document.uri.toString(), release: 'b', controls: {} });
    assert.ok(p.body.kind === 'aggregate');
    assert.deepEqual(
      p.body.cells.map((c) => [c.label, c.truth]),
      [
        ['flu', 6],
        ['cold', 3],
        ['asthma', 3],
      ],
    );
    assert.match(
      p.notes[0],
      /^the spec overruns its budget \(budget overrun in 'b'.*\): ▶ Run refuses until that is fixed$/,
    );
    await assert.rejects(
      releaseInput(services, document, 'b'),
      /the spec has 1 error, the first: budget overrun in 'b'/,
    );
  });
});

describe('privspec/previewRelease: a generalization too large to preview whole is previewed on a labelled sample', () => {
  const { services, dir, open } = specInFolder(
    'privspec-preview-sample-',
    's.privspec',
    'dataset d from "people.csv" {\n  quasi age, sex\n  insensitive answer\n  sampling 0.1\n}\nhierarchy age: intervals 10, 20\nhierarchy sex { "M", "F" -> "*" }\nanonymity { k 5 }\nrelease public: generalize\n',
    false,
  );
  const lines = ['age,sex,answer'];
  for (let i = 0; i < 5000; i++) lines.push(`${18 + ((i * 37) % 60)},${i % 2 ? 'F' : 'M'},${i % 3 ? 'yes' : 'no'}`);
  writeFileSync(join(dir, 'people.csv'), `${lines.join('\n')}\n`);

  it('5,000 rows × 8 nodes above a work limit of 8,000: 2,000 sampled rows, labelled, with the caveat about k on a sample', async () => {
    const document = await open();
    const params = { uri: document.uri.toString(), release: 'public', controls: {} };
    const sampled = await releasePreview(services, document, params, { generalizeWork: 8000 });
    assert.deepEqual(sampled.sample, { rows: 2000, of: 5000 });
    assert.ok(
      sampled.notes.some((n) => n.startsWith('k and ℓ are checked on the sample')),
      sampled.notes.join(' | '),
    );
    assert.ok(sampled.body.kind === 'generalize' && sampled.body.before.rows === 2000);
    // Under the default limit the same file is previewed whole, with no caveat.
    const whole = await releasePreview(services, document, params);
    assert.equal(whole.sample, undefined);
    assert.ok(whole.body.kind === 'generalize' && whole.body.before.rows === 5000);
    assert.ok(!whole.notes.some((n) => n.startsWith('k and ℓ')));
  });
});
