import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { namesHierarchyOf } from '../../language/lsp/hierarchy-files-beside.js';
import { adultDirOrSkip } from '../helpers/adult.js';
import { actionsFor as quickFixesFor } from '../helpers/quick-fixes.js';

// Issue 37 item 6: the domain quick fix offers the hierarchy file beside the data; item 11: the attack demo's six
// `data-dependent-domain` warnings (two PRAM releases of age, sex and zip) are one, pointing at each place.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const services = nodeEditorServices();

async function open(text: string, path: string): Promise<LangiumDocument> {
  const document = await loadSpecText(text, path, services);
  await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
  return document;
}

const actionsFor = (document: LangiumDocument, d: Diagnostic) => quickFixesFor(services, document, d);

const applied = (document: LangiumDocument, action: CodeAction) =>
  TextDocument.applyEdits(
    TextDocument.create('x', 'privspec', 1, document.textDocument.getText()),
    action.edit!.changes![document.uri.toString()],
  );

const withCode = (d: LangiumDocument, code: string) => (d.diagnostics ?? []).filter((x) => x.code === code);

describe('issue 37 items 6 and 11 — hierarchy files beside the data, one warning per cause', function () {
  this.timeout(300_000);

  it("a file names a column's hierarchy as ARX and the examples name them, and no other", () => {
    for (const name of [
      'age.csv',
      'adult_hierarchy_age.csv',
      'hierarchy_age.csv',
      'Age_Hierarchy.CSV',
      'hierarchy-age.txt',
    ])
      assert.ok(namesHierarchyOf(name, 'age'), name);
    for (const name of ['stage.csv', 'adult_hierarchy_age.json', 'ages.csv', 'adult.csv', 'hierarchy_stage.csv'])
      assert.ok(!namesHierarchyOf(name, 'age'), name);
    assert.ok(namesHierarchyOf('adult_hierarchy_marital-status.csv', 'marital-status'));
  });

  it("the attack demo: one data-dependent-domain warning for both PRAM releases' three columns, each place related; one fix uses the three files beside the data", async () => {
    const path = join(root, 'examples', 'attack-demo', 'pram.privspec');
    // The demo names the hierarchies beside its data since the newcomer tour found its warnings; the spec without them
    // is the case, and the fix gives the demo's lines back.
    const committed = readFileSync(path, 'utf8');
    const declared = /\/\/ The hierarchies beside[^\n]*\n(hierarchy \w+ from "\w+\.csv"\n){3}/;
    assert.match(committed, declared);
    const document = await open(committed.replace(declared, ''), path);
    const found = withCode(document, 'data-dependent-domain');
    assert.equal(found.length, 1, found.map((d) => String(d.message as string)).join('\n'));
    assert.equal(
      found[0].message,
      "the domains of 'age', 'sex', 'zip' in 'pram_06' and 'pram_09' would be taken from the data's values, so the matrices (and their ε) depend on the data; declare the values with a hierarchy that lists them (hierarchy age { … }, or one from a file)",
    );
    // Two releases × three columns: six places.
    assert.deepEqual(
      found[0].relatedInformation!.map((r) => r.message),
      [
        "'age' in 'pram_06'",
        "'sex' in 'pram_06'",
        "'zip' in 'pram_06'",
        "'age' in 'pram_09'",
        "'sex' in 'pram_09'",
        "'zip' in 'pram_09'",
      ],
    );
    const actions = await actionsFor(document, found[0]);
    assert.equal(actions[0].title, "Use the hierarchies beside the data for 'age', 'sex', 'zip'");
    assert.ok(actions.some((a) => a.title === "Use hierarchy 'zip.csv' for 'zip'"));
    const fixed = applied(document, actions[0]);
    assert.match(
      fixed,
      /\}\nhierarchy age from "age\.csv"\nhierarchy sex from "sex\.csv"\nhierarchy zip from "zip\.csv"\n/,
    );
    const after = await open(fixed, path);
    assert.deepEqual(withCode(after, 'data-dependent-domain'), []);
    assert.deepEqual(withCode(after, 'quasi-without-hierarchy'), []);
  });

  it("Adult: a histogram's domain and a quasi-identifier without hierarchy offer the ARX file beside the data", async function () {
    const dir = adultDirOrSkip(this);
    const spec = `dataset adult from "${dir}/adult.csv" delimiter ";" {
  quasi age
  insensitive education
}
budget { epsilon 1 }
release n: count by education laplace epsilon 0.5
`;
    const path = join(dir, 'domain-fixes.privspec');
    const document = await open(spec, path);
    const domain = withCode(document, 'data-dependent-domain')[0];
    const actions = await actionsFor(document, domain);
    assert.equal(actions[0].title, "Use hierarchy 'adult_hierarchy_education.csv'");
    const fixed = applied(document, actions[0]);
    assert.ok(fixed.includes(`\n}\nhierarchy education from "${dir}/adult_hierarchy_education.csv"\n`), fixed);
    assert.deepEqual(withCode(await open(fixed, path), 'data-dependent-domain'), []);

    const quasi = withCode(document, 'quasi-without-hierarchy')[0];
    const add = await actionsFor(document, quasi);
    assert.equal(add[0].title, "Use hierarchy 'adult_hierarchy_age.csv'");
    assert.deepEqual(withCode(await open(applied(document, add[0]), path), 'quasi-without-hierarchy'), []);
  });

  // The second newcomer tour: with the Adult files linked into the workspace (as the tour and a user keeping one copy
  // of the data do), the editor said "No code actions available" under the warning on "native-country" (run2/65): the
  // folder's listing gives a link as neither a file nor a folder, and only files were kept.
  it('Adult linked into a folder: a quoted quasi-identifier without hierarchy offers its ARX file', async function () {
    const dir = adultDirOrSkip(this);
    const linked = mkdtempSync(join(tmpdir(), 'privspec-linked-adult-'));
    try {
      for (const f of ['adult.csv', 'adult_hierarchy_sex.csv', 'adult_hierarchy_native-country.csv'])
        symlinkSync(join(dir, f), join(linked, f));
      const spec = `dataset adult from "adult.csv" delimiter ";" {
  quasi sex, "native-country"
}
hierarchy sex from "adult_hierarchy_sex.csv"
anonymity { k 5 }
`;
      const path = join(linked, 'linked.privspec');
      const document = await open(spec, path);
      const quasi = withCode(document, 'quasi-without-hierarchy')[0];
      assert.ok(quasi, 'a quasi-without-hierarchy warning');
      const add = await actionsFor(document, quasi);
      assert.equal(add[0]?.title, "Use hierarchy 'adult_hierarchy_native-country.csv'");
      const fixed = applied(document, add[0]);
      assert.ok(fixed.includes('hierarchy "native-country" from "adult_hierarchy_native-country.csv"\n'), fixed);
      assert.deepEqual(withCode(await open(fixed, path), 'quasi-without-hierarchy'), []);
    } finally {
      rmSync(linked, { recursive: true, force: true });
    }
  });
});
