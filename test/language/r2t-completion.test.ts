import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { KeywordDocs } from '../../language/lsp/keyword-docs.js';

// Issue 39: completion knows the R2T syntax — the tables after `from` and `join`, the key after `on`, the endpoint
// columns in `(a, b)`, and the keywords `from join on auto up to pairs triangles` where they fit. The spec sits beside
// examples/r2t's CSVs (customers: customer_id, name, region; orders: order_id, customer_id, amount; friendships: a, b).
const services = nodeEditorServices();

const HEAD = `dataset customers from "customers.csv" { identifying name  unit customer_id  insensitive region }
dataset orders from "orders.csv" { insensitive customer_id, amount }
dataset friendships from "friendships.csv" { insensitive a, b }
hierarchy region { "north", "south", "east", "west" -> "*" }
budget { epsilon 4 }
`;

async function complete(release: string): Promise<CompletionItem[]> {
  const text = HEAD + release;
  const at = text.indexOf('|');
  const document = await loadSpecText(text.replace('|', ''), resolve('examples/r2t/completion.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  const list = await services.lsp.CompletionProvider!.getCompletion(document, {
    textDocument: { uri: document.uri.toString() },
    position: document.textDocument.positionAt(at),
  });
  return list?.items ?? [];
}

const POSITIONS: [string, string, string[]][] = [
  [
    'after count: from, pairs and triangles beside the clauses',
    'release x: count |',
    ['from', 'by', 'where', 'bound', 'pairs', 'triangles', 'laplace', 'gaussian'],
  ],
  ['after from: the datasets', 'release x: count from |', ['customers', 'orders', 'friendships']],
  [
    'after from T: join and the clauses',
    'release x: count from orders |',
    ['join', 'by', 'where', 'bound', 'laplace', 'gaussian'],
  ],
  ['after join: the datasets but the one joined', 'release x: count from orders join |', ['customers', 'friendships']],
  ['after join U: on', 'release x: count from orders join customers |', ['on']],
  // customer_id is the only column both tables carry; it is the unit, and still the key.
  ['after on: the columns both tables carry', 'release x: count from orders join customers on |', ['customer_id']],
  [
    'after the join: the clauses R2T takes (no where)',
    'release x: count from orders join customers on customer_id |',
    ['by', 'bound', 'laplace', 'gaussian'],
  ],
  [
    'after a sum’s clamp: from among the clauses',
    'release x: sum amount clamp 0..1000 |',
    ['from', 'by', 'where', 'bound', 'laplace', 'gaussian'],
  ],
  ['after count pairs: from', 'release x: count pairs |', ['from']],
  [
    'after count triangles from: the datasets',
    'release x: count triangles from |',
    ['customers', 'orders', 'friendships'],
  ],
  ['inside (: the edge list’s columns', 'release x: count pairs from friendships (|', ['a', 'b']],
  ['after (a,: the edge list’s columns', 'release x: count pairs from friendships (a, |', ['a', 'b']],
  ['after (a, b): bound or laplace', 'release x: count pairs from friendships (a, b) |', ['bound', 'laplace']],
  ['after bound unit on a count: auto too', 'release x: count bound unit |', ['groups', 'rows', 'auto']],
  ['after bound unit on a mode: no auto', 'release x: mode region bound unit |', ['groups', 'rows']],
  ['after auto: up', 'release x: count from orders join customers on customer_id bound unit auto |', ['up']],
  ['after up: to', 'release x: count bound unit auto up |', ['to']],
  ['after up to GS: R2T’s one mechanism', 'release x: count bound unit auto up to 4096 |', ['laplace']],
];

describe('completion of the R2T syntax (issue 39)', () => {
  for (const [what, text, expected] of POSITIONS) {
    it(what, async () => {
      const items = await complete(text);
      assert.deepEqual(items.map((i) => i.label).sort(), [...expected].sort());
    });
  }

  it('documents every keyword offered with the text the hover shows', async () => {
    const seen = new Set<string>();
    for (const [, text] of POSITIONS)
      for (const item of await complete(text)) {
        if (item.kind !== 14) continue; // keywords
        assert.equal((item.documentation as MarkupContent).value, KeywordDocs[item.label].doc, item.label);
        seen.add(item.label);
      }
    for (const k of ['from', 'join', 'on', 'auto', 'up', 'to', 'pairs', 'triangles']) assert.ok(seen.has(k), k);
  });

  it('says which dataset carries the unit, and where a key comes from', async () => {
    const tables = await complete('release x: count from |');
    assert.equal(tables.find((i) => i.label === 'customers')!.detail, 'dataset (carries the privacy unit)');
    assert.equal(tables.find((i) => i.label === 'orders')!.detail, 'dataset');
    const key = await complete('release x: count from orders join customers on |');
    assert.equal(key[0].detail, 'in orders and customers');
  });

  it('inserts auto with its bound as a snippet', async () => {
    const [auto] = (await complete('release x: count bound unit |')).filter((i) => i.label === 'auto');
    assert.equal((auto.textEdit as { newText: string }).newText, 'auto up to ${1:65536}');
    assert.equal(auto.insertTextFormat, 2);
  });

  it('offers no key when a named table is not declared', async () => {
    assert.deepEqual(await complete('release x: count from orders join nowhere on |'), []);
  });
});
