import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { KeywordDocs } from '../../language/lsp/keyword-docs.js';

// Issue 39: hovering a keyword of the R2T syntax in examples/r2t/orders.privspec shows its documentation, the same
// text completion shows; the R2T keywords cite the paper (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022).
const services = nodeEditorServices();
const path = resolve('examples/r2t/orders.privspec');
const text = readFileSync(path, 'utf8');

/** The hover's markdown with the cursor inside the first whole word `word` after the `:` of a release line. */
async function hoverOn(word: string, line: string): Promise<string> {
  const document = await loadSpecText(text, path, services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  const query = text.indexOf(line) + line.length;
  assert.ok(query >= line.length, line);
  const at = query + new RegExp(`\\b${word}\\b`).exec(text.slice(query))!.index + 1;
  const hover = await services.lsp.HoverProvider!.getHoverContent(document, {
    textDocument: { uri: document.uri.toString() },
    position: document.textDocument.positionAt(at),
  });
  return (hover?.contents as MarkupContent | undefined)?.value ?? '';
}

const CASES: [string, string][] = [
  ['from', 'release n_orders:'],
  ['join', 'release n_orders:'],
  ['on', 'release n_orders:'],
  ['auto', 'release revenue:'],
  ['up', 'release revenue:'],
  ['to', 'release edges:'],
  ['pairs', 'release edges:'],
  ['triangles', 'release triangles:'],
];

describe('hover on the R2T keywords (issue 39)', () => {
  for (const [word, line] of CASES) {
    it(`\`${word}\` in '${line}' shows its documentation`, async () => {
      const value = await hoverOn(word, line);
      assert.ok(value.endsWith(`\`${word}\` — ${KeywordDocs[word].doc}`), value);
    });
  }

  it("the release's hover states the paper's bound at the release's β = 0.1: 4·L·ln(L/β) per unit of τ*", async () => {
    // n_orders: GS 65536, so L = 16, ε = 1: 4·16·ln(16/0.1) = 64·ln 160 = 324.8.
    // edges: GS 4096, so L = 12: 48·ln 120 = 229.8.
    const orders = await hoverOn('count', 'release n_orders:');
    assert.match(
      orders,
      /Error with probability ≥ 90 % \(1 − β, β = 0\.1\): at most 4·L·ln\(L\/β\)·τ\*\/ε = 325·τ\*, L = 16/,
    );
    assert.match(orders, /exceeds the truth with probability ≤ β\/2 = 5 %/);
    assert.match(orders, /R2T truncation \(Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022\)/);
    assert.match(await hoverOn('count', 'release edges:'), /= 230·τ\*, L = 12/);
  });

  it('cites the R2T paper where R2T decides', () => {
    for (const word of ['join', 'auto', 'pairs', 'triangles'])
      assert.match(KeywordDocs[word].doc, /Dong, Fang, Yi, Tao, Machanavajjhala, .*SIGMOD 2022/, word);
  });

  it('`on` reads for both uses: the sensitive column of ℓ-diversity and a join key', () => {
    assert.match(KeywordDocs.on.doc, /l-diversity … on COL/);
    assert.match(KeywordDocs.on.doc, /from T join U on K/);
  });
});
