import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { budgetResponse } from '../../language/lsp/privspec-requests.js';
import { expectedRmse } from '../../engine/wavelet/expected-rmse.js';
import {
  calibrateComposedDiscreteGaussian,
  composedDiscreteGaussianEpsilon,
} from '../../engine/dp/accounting/discrete-gaussian-composed.js';

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${a} ≠ ${b}`);

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeEditorServices();

/** Parses and validates `text` as if it were the file `name` in the fixture folder, so that data paths resolve. */
async function open(text: string, name = 'lsp-test.privspec'): Promise<LangiumDocument> {
  const document = await loadSpecText(text, join(fixtures, name), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return document;
}

/** The position of the n-th occurrence of `needle` (plus `offset` characters). */
function at(document: LangiumDocument, needle: string, offset = 0, nth = 0) {
  const text = document.textDocument.getText();
  let index = -1;
  for (let i = 0; i <= nth; i++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, `'${needle}' not found`);
  return document.textDocument.positionAt(index + offset);
}

const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  sensitive diagnosis
}
hierarchy age: intervals 10, 20
hierarchy sex { "M", "F", "X" -> "*" }
budget { epsilon 1  delta 1e-6  accounting approx }
release by_sex: count by sex  laplace epsilon 0.5
release older: count where sex = "F"  gaussian epsilon 0.5 delta 1e-7
`;

/** 0.5 (Laplace) plus the engine's certified ε of the Gaussian release, as the budget figures print it (6 digits). */
/** The Gaussian count's σ: calibrated on the exact discrete-Gaussian profile (one cell shifted by one), and its ε. */
function olderGaussian(): { sigma: number; epsilon: number } {
  const sigma = calibrateComposedDiscreteGaussian({ epsilon: 0.5, delta: 1e-7, groups: 1, rows: 1 });
  return { sigma, epsilon: composedDiscreteGaussianEpsilon(sigma, 1, 1, 1e-7) };
}

/** The budget label: ε 0.5 (Laplace) + the Gaussian's ε, three digits; δ 1e-7 of 1e-6. */
function spentLabel(): string {
  return `ε ${Number((0.5 + olderGaussian().epsilon).toPrecision(3))} of 1, δ 1e-7 of 1e-6`;
}

const hoverText = (h: Hover | undefined) => (h?.contents as MarkupContent | undefined)?.value ?? '';

describe('language server features', () => {
  it('completes column names from the CSV header where a column goes', async () => {
    const document = await open(SPEC.replace('sensitive diagnosis', 'sensitive '));
    const list = await services.lsp.CompletionProvider!.getCompletion(document, {
      textDocument: { uri: document.uri.toString() },
      position: at(document, 'sensitive ', 10),
    });
    const labels = list!.items.map((i) => i.label);
    for (const c of ['id', 'name', 'age', 'sex', 'zip', 'diagnosis', 'income', 'height'])
      assert.ok(labels.includes(c), `missing ${c} in ${labels.join(' ')}`);
    assert.equal(list!.items.find((i) => i.label === 'age')!.detail, 'quasi, has hierarchy');
  });

  it('completes keywords at the start of a declaration', async () => {
    const document = await open(`${SPEC}\n`);
    const end = document.textDocument.positionAt(document.textDocument.getText().length);
    const labels = (await services.lsp.CompletionProvider!.getCompletion(document, {
      textDocument: { uri: document.uri.toString() },
      position: end,
    }))!.items.map((i) => i.label);
    for (const k of ['release', 'hierarchy', 'budget', 'anonymity'])
      assert.ok(labels.includes(k), `missing keyword ${k}`);
  });

  it('completes category values inside a where clause once the data has been read', async () => {
    const document = await open(SPEC.replace('where sex = "F"', 'where sex = "'));
    const list = await services.lsp.CompletionProvider!.getCompletion(document, {
      textDocument: { uri: document.uri.toString() },
      position: at(document, 'sex = "', 7),
    });
    const labels = list!.items.map((i) => i.label);
    for (const v of ['"F"', '"M"', '"X"']) assert.ok(labels.includes(v), `missing ${v} in ${labels.join(' ')}`);
  });

  it('hovers a release with its noise scale, 95 % error bound and cost in every notion', async () => {
    const document = await open(SPEC);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'by_sex', 2),
      }),
    );
    // Hand-computed: Δ₁ = 1, ε = 0.5 → b = 2; 95 %: 2·ln 20 = 5.991, 5.99 to three significant digits; ρ = ε²/2 =
    // 0.125.
    assert.match(h, /Laplace, scale b = Δ₁\/ε = 2\b/);
    assert.match(h, /95 % error bound: ±5\.99 per group/);
    // Issue 37 item 1: the cost in the budget's notion only; the other notions apart, as the mechanism's own guarantee.
    assert.match(h, /Privacy cost \(approx accounting\): ε 0\.5\n/);
    assert.doesNotMatch(h, /On its own|-zCDP/);
    assert.match(h, /Budget \(approx\): adds ε 0\.5; plan total after it ε 0\.5 of 1/);
  });

  // Issue 37 item 6: "the hierarchy suggestion quotes names that need it".
  it('suggests \'hierarchy "marital status": …\' for a quasi-identifier whose name needs quotes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'privspec-quote-'));
    writeFileSync(join(folder, 'm.csv'), 'age,marital status\n30,single\n40,married\n');
    const document = await loadSpecText(
      'dataset m from "m.csv" { quasi age, "marital status" }\nhierarchy age: intervals 10\n',
      join(folder, 'm.privspec'),
      services,
    );
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const messages = (document.diagnostics ?? []).map((d) =>
      typeof d.message === 'string' ? d.message : d.message.value,
    );
    assert.ok(
      messages.includes(
        "quasi-identifier 'marital status' has no hierarchy, so it can only be kept or suppressed whole; add 'hierarchy \"marital status\": …'",
      ),
      messages.join('\n'),
    );
  });

  // Issue 37 item 6: "the `metric` hover explains entropy vs entropy-nm".
  it('hovers the metrics entropy and entropy-nm with when to choose which', async () => {
    const document = await open(`${SPEC}anonymity { k 2  metric entropy-nm }\n`);
    const hover = async (word: string, n: number) =>
      hoverText(
        await services.lsp.HoverProvider!.getHoverContent(document, {
          textDocument: { uri: document.uri.toString() },
          position: at(document, word, n),
        }),
      );
    const nm = await hover('entropy-nm', 9);
    assert.match(nm, /suppressing a row costs what it hides/);
    assert.match(nm, /Choose it over `entropy` when transformations differ mainly in how much they suppress/);
    const plain = await open(`${SPEC}anonymity { k 2  metric entropy }\n`);
    const m = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(plain, {
        textDocument: { uri: plain.uri.toString() },
        position: at(plain, 'metric entropy', 9),
      }),
    );
    assert.match(m, /monotonic: a suppressed row counts as if only generalized/);
    assert.match(m, /prefer `entropy-nm` when the suppression limit is large/);
  });

  it('hovers a view release with its public domain and what answering from it costs', async () => {
    const document = await open(`${SPEC}release explore: view age within 0..99, sex  hdpview epsilon 0.2\n`);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'explore', 2),
      }),
    );
    assert.match(h, /release `explore`\*\* — view, hdpview/);
    assert.match(
      h,
      /A DP view over `age` 0\.\.99 × `sex` \(3 values\): a partition into blocks, each with a noisy count\. Any number of counting queries/,
    );
    assert.match(h, /Privacy cost \(approx accounting\): ε 0\.2\n/);
    assert.doesNotMatch(h, /On its own|-zCDP/);
  });

  it('hovers a Gaussian release with σ and its zCDP reading', async () => {
    const document = await open(SPEC);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'older', 1),
      }),
    );
    // The classic calibration σ = √(2 ln(1.25/1e-7))/0.5 = 11.43 over-noises; the exact discrete-Gaussian profile
    // (Canonne, Kamath, Steinke 2020, Theorem 7) meets (0.5, 1e-7) at σ ≈ 8.99, and ρ = 1/(2σ²).
    const { sigma, epsilon } = olderGaussian();
    assert.ok(sigma > 8.9 && sigma < 9.1, String(sigma));
    assert.match(h, new RegExp(`Gaussian, σ = ${Number(sigma.toPrecision(3))}\\b`));
    assert.ok(epsilon <= 0.5);
    assert.ok(h.includes(`Privacy cost (approx accounting): ε ${Number(epsilon.toPrecision(3))}, δ 1e-7\n`), h);
  });

  it('hovers a column with its role, distinct count and sample values', async () => {
    const document = await open(SPEC);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'sex', 1),
      }),
    );
    assert.match(h, /Role: quasi/);
    assert.match(h, /3 distinct values in 12 rows: `F`, `M`, `X`/);
  });

  it('hovers the dataset with its re-identification risk as it stands', async () => {
    const document = await open(SPEC.replace('sensitive diagnosis', 'sensitive diagnosis\n  sampling 0.5'));
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'people', 2),
      }),
    );
    // Hand-counted: every (age, sex) pair of people.csv is unique: 12 classes of 1 row, average and highest risk 1.
    assert.match(h, /12 rows, 8 columns/);
    assert.match(
      h,
      /Risk as it stands on age, sex \(prosecutor model\): 12 classes, 12 sample uniques, average risk 1, highest 1/,
    );
    assert.match(h, /Population uniqueness at sampling 0\.5/);
  });

  it('hovers a hierarchy with the chains of a few values from the data', async () => {
    const document = await open(SPEC);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'intervals', 2),
      }),
    );
    // Hand-computed: 34 in 10-wide intervals is 30-39, in 20-wide ones 20-39, then *.
    assert.match(h, /3 levels above the original values/);
    assert.match(h, /`34` → `30-39` → `20-39` → `\*`/);
  });

  it('hovers the budget block with the limit and each release’s share', async () => {
    const document = await open(SPEC);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'accounting', 2),
      }),
    );
    assert.match(h, /^\*\*budget\*\* \(approx accounting\)/);
    assert.match(h, /- `by_sex`: ε 0\.5$/m);
  });

  it('hovers a PRAM release with its keep probability and its local-DP ε', async () => {
    const document = await open(`${SPEC}release swapped: pram diagnosis retain 0.8\n`);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'swapped', 2),
      }),
    );
    // Hand-computed: |V| = 3 diagnoses; P(keep) = 0.8 + 0.2/3 = 0.8667, P(other) = 0.06667; ε = ln 13 = 2.565 (three
    // significant digits shown).
    assert.match(
      h,
      /`diagnosis` \(\|V\| = 3\): P\(keep\) = 0\.867, P\(each other value\) = 0\.0667; as local DP, ε = ln\(0\.867\/0\.0667\) = 2\.56/,
    );
  });

  it('goes from a column use to its hierarchy, and from the file name to the CSV', async () => {
    const document = await open(SPEC);
    const uri = document.uri.toString();
    const toHierarchy = await services.lsp.DefinitionProvider!.getDefinition(document, {
      textDocument: { uri },
      position: at(document, 'count by sex', 10),
    });
    assert.equal(toHierarchy![0].targetRange.start.line, 6);
    const toFile = await services.lsp.DefinitionProvider!.getDefinition(document, {
      textDocument: { uri },
      position: at(document, 'data/people', 2),
    });
    assert.equal(toFile![0].targetUri, `file://${join(fixtures, 'data', 'people.csv')}`);
  });

  it('lists the outline: dataset with columns, hierarchies, budget, releases', async () => {
    const document = await open(SPEC);
    const symbols = await services.lsp.DocumentSymbolProvider!.getSymbols(document, {
      textDocument: { uri: document.uri.toString() },
    });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['people', 'hierarchy age', 'hierarchy sex', 'budget', 'by_sex', 'older'],
    );
    assert.deepEqual(
      symbols[0].children!.map((s) => `${s.detail} ${s.name}`),
      ['identifying name', 'quasi age', 'quasi sex', 'sensitive diagnosis'],
    );
  });

  it('formats a spec into one declaration per line with indented blocks, keeping one-line blocks on one line', async () => {
    const messy =
      'dataset   people from "data/people.csv"{quasi age ,sex}\nhierarchy age :intervals 10 ,20\nbudget{epsilon 1}\nrelease a :count where age in 10 .. 20   laplace epsilon 0.5';
    const document = await open(messy);
    const edits = await services.lsp.Formatter!.formatDocument(document, {
      textDocument: { uri: document.uri.toString() },
      options: { tabSize: 2, insertSpaces: true },
    });
    const formatted = TextDocument.applyEdits(TextDocument.create('x', 'privspec', 1, messy), edits);
    // Blocks written on one line stay on one line (issue 24: `budget { epsilon 1 }` was spread over three lines).
    assert.equal(
      formatted,
      // Issue 37 item 11: a clause the author set apart by two or more spaces stays two apart; the file ends in a
      // newline.
      'dataset people from "data/people.csv" { quasi age, sex }\nhierarchy age: intervals 10, 20\nbudget { epsilon 1 }\nrelease a: count where age in 10..20  laplace epsilon 0.5\n',
    );
    const spread = 'budget{\nepsilon 1}';
    const again = await services.lsp.Formatter!.formatDocument(await open(spread), {
      textDocument: { uri: document.uri.toString() },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(
      TextDocument.applyEdits(TextDocument.create('x', 'privspec', 1, spread), again),
      'budget {\n  epsilon 1\n}\n',
    );
  });

  it('colours a column named like a keyword as a column', async () => {
    const document = await open(
      'dataset d from "data/people.csv" { quasi "date", sex }\nrelease c: count by sex laplace epsilon 0.1\n',
    );
    const tokens = await services.lsp.SemanticTokenProvider!.semanticHighlight(document, {
      textDocument: { uri: document.uri.toString() },
    });
    const legend = services.lsp.SemanticTokenProvider!.tokenTypes;
    const types = Object.fromEntries(Object.entries(legend).map(([k, v]) => [v, k]));
    const decoded: string[] = [];
    for (let i = 0; i < tokens.data.length; i += 5) decoded.push(types[tokens.data[i + 3]]);
    assert.ok(decoded.filter((t) => t === 'property').length >= 3, decoded.join(' '));
    assert.ok(decoded.includes('function'), 'the release name c is a declaration even though c is a keyword');
  });

  it('offers the did-you-mean column as a quick fix for an unknown column', async () => {
    const document = await open(SPEC.replace('quasi age, sex', 'quasi agee, sex'));
    const diagnostic = document.diagnostics!.find((d) => d.code === 'unknown-column')!;
    const actions = await services.lsp.CodeActionProvider!.getCodeActions(document, {
      textDocument: { uri: document.uri.toString() },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    });
    const action = actions![0] as import('vscode-languageserver').CodeAction;
    assert.equal(action.title, "Change to 'age'");
    assert.deepEqual(action.edit!.changes![document.uri.toString()], [{ range: diagnostic.range, newText: 'age' }]);
  });

  it('puts ▶ Run and its cost on every release and the budget figure on the budget block', async () => {
    const document = await open(SPEC);
    const lenses = await services.lsp.CodeLensProvider!.provideCodeLens(document, {
      textDocument: { uri: document.uri.toString() },
    });
    assert.deepEqual(
      lenses!.map((l) => l.command!.title),
      [
        `Budget ${spentLabel()}`,
        '▶ Preview',
        '▶ Run',
        // Under (ε, δ) a total states both against the limit (issue 37 item 1: approx is ε and δ).
        'ε 0.5 · plan ε 0.5 of 1, δ 0 of 1e-6',
        '▶ Preview',
        '▶ Run',
        `ε ${Number(olderGaussian().epsilon.toPrecision(3))}, δ 1e-7 · plan ε ${Number((0.5 + olderGaussian().epsilon).toPrecision(3))} of 1, δ 1e-7 of 1e-6`,
      ],
    );
    assert.deepEqual(lenses![1].command!.arguments, [{ uri: document.uri.toString(), release: 'by_sex' }]);
    assert.equal(lenses![1].command!.command, 'privspec.previewRelease');
    assert.deepEqual(lenses![2].command!.arguments, [{ uri: document.uri.toString(), release: 'by_sex' }]);
    assert.equal(lenses![2].command!.command, 'privspec.runRelease');
  });

  it('runs the data checks (the slow category) and the optimal-transformation search (its own) on every editor update', () => {
    const categories = (
      services.shared.workspace.DocumentBuilder.updateBuildOptions.validation as { categories: string[] }
    ).categories;
    assert.deepEqual([...categories].sort(), ['built-in', 'fast', 'search', 'slow']);
  });

  it('answers privspec/budget with the spec budget summary', async () => {
    const document = await open(SPEC);
    const b = budgetResponse(document);
    assert.equal(b.accounting, 'approx');
    assert.equal(b.label, spentLabel());
    assert.deepEqual(
      b.releases.map((r) => [r.name, r.line, r.overrun]),
      [
        ['by_sex', 8, false],
        ['older', 9, false],
      ],
    );
    close(b.spent.epsilon!, 0.5 + olderGaussian().epsilon);
  });
});

describe('hovers on grid releases and correlated datasets', () => {
  it('a grid release shows its method, the expected error of a cell and of a 10 × 10 range in rows, and the RMSE by range side (issues 13, 24)', async () => {
    const document = await open(`dataset people from "data/people.csv" {
  quasi age, height
}
budget { rho 1 }
release map: grid age, height size 16 within 0..100, 100..200  nn-wavelet rho 0.5
`);
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'map', 1),
      }),
    );
    // Issue 24: in the user's units (rows, and the cell's extent: 100 / 16 = 6.25 years of age × 6.25 of height), from
    // the one RMSE function the chart uses, at ρ 0.5 — not "noise per level".
    const cell = expectedRmse('nn-wavelet-zcdp', { rho: 0.5 }, 16, 1);
    const range = expectedRmse('nn-wavelet-zcdp', { rho: 0.5 }, 16, 10);
    assert.ok(
      h.includes(
        `Method: nn-wavelet-zcdp on a 16 × 16 grid (a cell is 6.25 age × 6.25 height). Expected error (RMSE) of one cell's count: ±${Number(cell.toPrecision(3))} rows; of a 10 × 10-cell range: ±${Number(range.toPrecision(3))} rows`,
      ),
      h,
    );
    assert.doesNotMatch(h, /per level/);
    assert.match(h, /Expected RMSE of a square range count, by side: 1: [\d.]+ · 4: [\d.]+ · 16: [\d.]+/);
  });

  it('a sum over correlated units shows max ℓ, the most exposed unit and both scales (issue 14 item 3)', async () => {
    const fixturesDir = resolve(fixtures, '..', 'correlated-spec');
    const text = (await import('node:fs')).readFileSync(join(fixturesDir, 'correlated.privspec'), 'utf8');
    const document = await loadSpecText(text, join(fixturesDir, 'hover.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const h = hoverText(
      await services.lsp.HoverProvider!.getHoverContent(document, {
        textDocument: { uri: document.uri.toString() },
        position: at(document, 'total', 1),
      }),
    );
    // Scale without correlation: M/ε = 50/0.5 = 100.
    assert.match(
      h,
      /Correlated units \(5, Gaussian model, τ = 0\.1\): max ℓ = [\d.]+, most exposed unit `h2a`; for ε-Bayesian DP the Laplace scale is 100 × \(1 \+ max ℓ\) = [\d.]+ \(without the correlation: 100\)/,
    );
  });
});
