import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import type { MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeEditorServices();

async function open(text: string): Promise<LangiumDocument> {
  const document = await loadSpecText(text, join(fixtures, 'readable-costs.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return document;
}

async function hover(document: LangiumDocument, needle: string): Promise<string> {
  const position = document.textDocument.positionAt(document.textDocument.getText().indexOf(needle) + 1);
  const h = await services.lsp.HoverProvider!.getHoverContent(document, {
    textDocument: { uri: document.uri.toString() },
    position,
  });
  return (h?.contents as MarkupContent | undefined)?.value ?? '';
}

const lensTitles = async (document: LangiumDocument) =>
  (
    (await services.lsp.CodeLensProvider!.provideCodeLens(document, {
      textDocument: { uri: document.uri.toString() },
    })) ?? []
  ).map((l) => l.command!.title);

const ZCDP = `dataset people from "data/people.csv" { quasi sex }
hierarchy sex { "M", "F", "X" -> "*" }
budget { epsilon 3 delta 1e-6 accounting zcdp }
release a: count gaussian rho 0.01
release b: count laplace epsilon 0.2
`;

describe('costs you can read (issue 16 item 4)', () => {
  it('a zCDP budget written as (ε, δ): each release in ρ only, the totals in ρ with their converted ε labelled', async () => {
    // Bun & Steinke 2016, Prop. 1.3, by hand with ln(1/δ) = 13.8155: the limit ρ solves ρ + 2√(13.8155 ρ) = 3,
    // √ρ = √16.8155 − √13.8155 = 0.38375, ρ = 0.147. Spent: ρ 0.01 + 0.2²/2 = 0.03 → ε = 0.03 + 2√(0.03 · 13.8155) =
    // 1.32. After a alone: 0.01 + 2√(0.01 · 13.8155) = 0.753. Issue 37 item 1 replaces issue 16's "ε 0.2 (ρ 0.02)":
    // b's cost is ρ 0.02, and the lens figures (ρ 0.01 + 0.02) add up to the plan's ρ 0.03.
    const document = await open(ZCDP);
    assert.deepEqual(await lensTitles(document), [
      'Budget ρ 0.03 of 0.147 (ε, δ = 1.32 of 3, 1e-6 by Bun & Steinke 2016)',
      '▶ Preview',
      '▶ Run',
      'ρ 0.01 · plan ρ 0.01 of 0.147 (ε, δ = 0.753 of 3, 1e-6 by Bun & Steinke 2016)',
      '▶ Preview',
      '▶ Run',
      'ρ 0.02 · plan ρ 0.03 of 0.147 (ε, δ = 1.32 of 3, 1e-6 by Bun & Steinke 2016)',
    ]);
    assert.match(
      await hover(document, 'budget'),
      /^\*\*budget\*\* \(zcdp accounting\): ρ 0\.03 of 0\.147 \(ε, δ = 1\.32 of 3, 1e-6 by Bun & Steinke 2016\) planned/,
    );
    const b = await hover(document, 'b: count');
    assert.match(b, /Privacy cost \(zcdp accounting\): ρ 0\.02\n/);
    // Its effect on the ε total is the difference of the converted totals, 1.3176 − 0.7534 = 0.564, and says so.
    assert.match(
      b,
      /Budget \(zcdp\): adds ρ 0\.02; plan total after it ρ 0\.03 of 0\.147 \(ε, δ = 1\.32 of 3, 1e-6 by Bun & Steinke 2016\); the converted total \(δ 1e-6\) goes from ε 0\.753 to ε 1\.32 \(\+0\.564: a difference of converted totals/,
    );
    assert.doesNotMatch(b, /ε 0\.2 \(ρ/);
  });

  it('figures are rounded to three significant digits', async () => {
    const document = await open(`${ZCDP}release c: count laplace epsilon 0.123456\n`);
    const h = await hover(document, 'c: count');
    // ρ = ε²/2 = 0.0076207, shown as 0.00762; the Laplace scale 1/0.123456 = 8.10005 as 8.1. The cost is the ρ the
    // budget adds up; the mechanism's own ε is stated apart, as what it guarantees on its own.
    assert.match(h, /Privacy cost \(zcdp accounting\): ρ 0\.00762\n/);
    // The newcomer tour: no second, per-release ε beside the ρ (issue 37's rule), labelled or not.
    assert.doesNotMatch(h, /On its own|-DP\b|\(ε, δ\) = \(/);
    assert.match(h, /scale b = Δ₁\/ε = 8\.1\b/);
  });

  it("a mean's error is stated on the mean: ±b/n, with the data's n when it is read", async () => {
    const document = await open(`dataset people from "data/people.csv" { quasi sex }
budget { epsilon 1 }
release m: mean income clamp 0..100000 laplace epsilon 1
`);
    const h = await hover(document, 'm: mean');
    const match =
      /95 % error bound on the mean: ±b\/n for n rows averaged, b = ([\d.e+]+) the noisy sum's 95 % bound .*; with the data's n = 12, ±([\d.e+]+)/.exec(
        h,
      );
    assert.ok(match, h);
    // The sum gets ε/2 = 0.5 with Δ₁ = 100000: Laplace scale 200000, and P(|X| > b ln 20) = 5 %: b = 599146 → 599000;
    // on the mean of people.csv's 12 rows, 599146/12 = 49929 → 49900.
    assert.equal(match[1], '599000');
    assert.equal(match[2], '49900');
  });

  it('hovering a keyword shows the documentation completion gives it', async () => {
    const document = await open(ZCDP);
    assert.match(await hover(document, 'laplace'), /`laplace` — Laplace noise of scale Δ₁\/ε/);
  });
});
