import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { KeywordDocs } from '../../language/lsp/keyword-docs.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');
const services = nodeEditorServices();

const DATASET = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
  sensitive diagnosis
  insensitive zip, income, height
  unit id
}
hierarchy age: intervals 10, 20
hierarchy sex { "M", "F", "X" -> "*" }
budget { epsilon 1 }
`;

/** Completion at the `|` of `text` (removed before parsing). */
async function complete(text: string): Promise<CompletionItem[]> {
  const at = text.indexOf('|');
  const document = await loadSpecText(text.replace('|', ''), join(fixtures, 'completion.privspec'), services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  const list = await services.lsp.CompletionProvider!.getCompletion(document, {
    textDocument: { uri: document.uri.toString() },
    position: document.textDocument.positionAt(at),
  });
  return list?.items ?? [];
}

// people.csv: id, name, age, sex, zip, diagnosis, income, height. `name` is identifying and `id` the unit, so neither
// is offered in a release; sex and diagnosis are not numeric, so they are not offered to sum.
const RELEASE_COLUMNS = ['age', 'sex', 'zip', 'diagnosis', 'income', 'height'];
const NUMERIC = ['age', 'zip', 'income', 'height'];

const POSITIONS: [string, string, string[]][] = [
  ['after laplace: its parameter only', `${DATASET}release a: count laplace |`, ['epsilon']],
  ['after gaussian: its parameters', `${DATASET}release a: count gaussian |`, ['rho', 'epsilon', 'delta']],
  [
    'after gaussian epsilon: δ, accept or the next declaration',
    `${DATASET}release a: count gaussian epsilon 0.5 |`,
    ['delta', 'accept', 'release', 'dataset', 'hierarchy', 'anonymity', 'budget'],
  ],
  ['after exponential', `${DATASET}release a: mode sex exponential |`, ['epsilon']],
  ['after nn-wavelet', `${DATASET}release a: grid age, height size 8 nn-wavelet |`, ['rho']],
  [
    'after release NAME: the query kinds',
    `${DATASET}release a: |`,
    // Issue 40 adds the local kind.
    ['count', 'sum', 'mean', 'mode', 'pram', 'local', 'generalize', 'grid', 'view'],
  ],
  [
    'after local COLUMN: the two protocols',
    `${DATASET}release a: local age |`,
    ['randomized-response', 'count-mean-sketch'],
  ],
  // Issue 39 adds the table source (`from`) and the edge-list counts (`pairs`, `triangles`).
  [
    'after count: its clauses and mechanisms',
    `${DATASET}release a: count |`,
    ['from', 'by', 'where', 'bound', 'pairs', 'triangles', 'laplace', 'gaussian'],
  ],
  // Issue 37 item 6: "after `count by "x"` only mechanisms valid for a count (not hdpview, nn-wavelet)".
  [
    'after count by "a quoted column": its clauses and the mechanisms a count takes',
    `${DATASET}release a: count by "sex" |`,
    ['where', 'bound', 'laplace', 'gaussian'],
  ],
  ['after count by COL: the same', `${DATASET}release a: count by sex |`, ['where', 'bound', 'laplace', 'gaussian']],
  ['after by: groupable columns', `${DATASET}release a: count by |`, RELEASE_COLUMNS],
  ['after by COL,: groupable columns', `${DATASET}release a: count by sex, |`, RELEASE_COLUMNS],
  ['after where: filterable columns', `${DATASET}release a: count where |`, RELEASE_COLUMNS],
  ['after and: filterable columns', `${DATASET}release a: count where age in 1..9 and |`, RELEASE_COLUMNS],
  ['after sum: numeric columns', `${DATASET}release a: sum |`, NUMERIC],
  ['after mean: numeric columns', `${DATASET}release a: mean |`, NUMERIC],
  ['after grid: numeric columns', `${DATASET}release a: grid |`, NUMERIC],
  ['after mode: columns', `${DATASET}release a: mode |`, RELEASE_COLUMNS],
  ['after bound', `${DATASET}release a: count bound |`, ['unit']],
  // Issue 39 adds `auto` (R2T) to a count's bound.
  ['after bound unit', `${DATASET}release a: count bound unit |`, ['groups', 'rows', 'auto']],
  [
    'after accept: the three risks (issue 21 added linked-releases)',
    `${DATASET}release a: count laplace epsilon 0.1 accept |`,
    ['data-dependent-domain', 'linked-releases', 'unbounded-contribution'],
  ],
  ['after hierarchy: columns without one', `${DATASET}hierarchy |`, ['zip', 'diagnosis', 'income', 'height']],
  ['after hierarchy COL: the builders', `${DATASET}hierarchy zip: |`, ['intervals', 'mask', 'date']],
  ['after date: the units', `${DATASET}hierarchy zip: date |`, ['month', 'year', 'decade']],
  [
    'inside anonymity { }: the clauses',
    `${DATASET}anonymity { |`,
    ['k', 'l-diversity', 't-closeness', 'suppression', 'metric', 'generalize'],
  ],
  [
    'after a k clause: the clauses',
    `${DATASET}anonymity { k 5 |`,
    ['k', 'l-diversity', 't-closeness', 'suppression', 'metric', 'generalize'],
  ],
  ['after metric', `${DATASET}anonymity { k 5 metric |`, ['entropy', 'entropy-nm', 'loss', 'discernibility', 'l1']],
  ['after l-diversity', `${DATASET}anonymity { l-diversity |`, ['distinct', 'entropy', 'recursive']],
  ['after t-closeness: the distances', `${DATASET}anonymity { t-closeness |`, ['equal', 'ordered', 'hierarchical']],
  ['after t-closeness … on: sensitive columns', `${DATASET}anonymity { t-closeness 0.2 on |`, ['diagnosis']],
  ['after generalize in anonymity: quasi with hierarchy', `${DATASET}anonymity { generalize |`, ['age', 'sex']],
  ['after on: sensitive columns', `${DATASET}anonymity { l-diversity 2 on |`, ['diagnosis']],
  [
    'inside budget { }: its clauses not yet written',
    `${DATASET.replace('budget { epsilon 1 }\n', '')}budget { epsilon 1 |`,
    ['delta', 'rho', 'accounting'],
  ],
  [
    'after accounting',
    `${DATASET.replace('budget { epsilon 1 }\n', '')}budget { epsilon 1 accounting |`,
    ['pure', 'approx', 'zcdp'],
  ],
  [
    'after a role: every column (those without a role first)',
    DATASET.replace('insensitive zip, income, height', 'insensitive zip, |'),
    ['id', 'name', 'age', 'sex', 'zip', 'diagnosis', 'income', 'height'],
  ],
  // Issue 37 item 6: "`weight` in the dataset body".
  [
    'after a dataset clause: the roles and every other clause, weight among them',
    DATASET.replace('unit id', 'unit id\n  |'),
    ['identifying', 'quasi', 'sensitive', 'insensitive', 'unit', 'weight', 'sampling', 'correlation'],
  ],
  ['after weight: the numeric columns but the unit', DATASET.replace('unit id', 'unit id\n  weight |'), [...NUMERIC]],
  [
    'after unit: columns that may identify a person',
    DATASET.replace('unit id', 'unit |'),
    ['id', 'name', 'zip', 'income', 'height'],
  ],
];

describe('completion that knows where it is (issue 16 item 1)', () => {
  for (const [what, text, expected] of POSITIONS) {
    it(what, async () => {
      const items = await complete(text);
      assert.deepEqual(items.map((i) => i.label).sort(), [...expected].sort());
    });
  }

  it('offers every keyword with the documentation the hover shows', async () => {
    for (const [, text] of POSITIONS) {
      for (const item of await complete(text)) {
        if (item.kind !== 14) continue; // keywords
        assert.equal((item.documentation as MarkupContent).value, KeywordDocs[item.label].doc, item.label);
      }
    }
  });

  it('inserts a construct as a snippet with tab stops at the start of a declaration', async () => {
    const items = await complete(`${DATASET}|`);
    const release = items.find((i) => i.label === 'release')!;
    assert.equal(release.insertTextFormat, 2);
    assert.match(
      (release.textEdit as { newText: string }).newText,
      /^release \$\{1:name\}: count by \$\{2[:|][^}]*\}.*laplace epsilon \$\{5:0\.1\}$/,
    );
    for (const k of ['dataset', 'hierarchy', 'anonymity', 'budget'])
      assert.match((items.find((i) => i.label === k)!.textEdit as { newText: string }).newText, /\$\{1/, k);
  });

  // Issue 37 item 6: "snippets that use the dataset's columns (the `l-diversity` snippet inserts the example's
  // `diagnosis`)".
  it("fills a snippet's column placeholders with the dataset's columns that fit there", async () => {
    const spec = DATASET.replace('sensitive diagnosis', 'sensitive income').replace('zip, income', 'zip, diagnosis');
    const items = await complete(`${spec}anonymity { |`);
    const snippet = (label: string) => (items.find((i) => i.label === label)!.textEdit as { newText: string }).newText;
    assert.equal(snippet('l-diversity'), 'l-diversity ${1|distinct,entropy,recursive|} ${2:3} on ${3|income|}');
    const top = await complete(`${DATASET}|`);
    const release = (top.find((i) => i.label === 'release')!.textEdit as { newText: string }).newText;
    assert.match(release, /^release \$\{1:name\}: count by \$\{2\|age,sex,zip,diagnosis,income,height\|\} {2}bound/);
    // Without a dataset file the example stays.
    const bare = await complete('anonymity { |');
    assert.match(
      (bare.find((i) => i.label === 'l-diversity')!.textEdit as { newText: string }).newText,
      /\$\{3:diagnosis\}/,
    );
  });

  it('lists the columns without a role first in the dataset block', async () => {
    const items = await complete(DATASET.replace('insensitive zip, income, height', 'insensitive zip, |'));
    assert.deepEqual(items.map((i) => i.label).slice(0, 3), ['id', 'income', 'height']);
  });

  it('never offers an identifying column or the unit inside a release', async () => {
    for (const [, text] of POSITIONS.filter(([, t]) => t.includes('release a'))) {
      const labels = (await complete(text)).map((i) => i.label);
      assert.ok(!labels.includes('name') && !labels.includes('id'), `${text.split('\n').at(-1)}: ${labels.join(' ')}`);
    }
  });
});
