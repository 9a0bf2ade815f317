import { strict as assert } from 'node:assert';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import type * as ast from '../../language/generated/ast.js';
import { createPrivspecServices } from '../../language/privspec-module.js';
import { datasetPlan } from '../../language/privspec-to-engine.js';
import { releaseDescription } from '../../language/privspec-release-plan.js';

const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

// Issue 35 item 5: "the spec lexer also unescapes twice: "a\\b\x" reads abx". docs/language.md (Lexical rules) lists
// the escapes of a STRING: \" and \\, and \t, \n, \r; each is read once, by the value converter, wherever the string is
// used.
describe('spec strings: each escape is read exactly once', () => {
  it('"a\\\\b" is a\\b in a file name, a where value and a column name alike (it read ab where it was unescaped twice)', async () => {
    const document = await parse(String.raw`dataset d from "dir\\a.csv" { quasi "c\\d" }
release r: count where "c\\d" = "v\\w"  laplace epsilon 1
`);
    assert.deepEqual(document.parseResult.parserErrors, []);
    const spec = document.parseResult.value;
    // (The file's path then splits at the backslash as at a Windows separator: resolveSpecPath.)
    assert.equal(spec.datasets[0].file, 'dir\\a.csv');
    assert.deepEqual(datasetPlan(spec.datasets[0], '/s/x.privspec').quasi, ['c\\d']);
    const query = releaseDescription(spec.releases[0])!.query as { where?: ReadonlyMap<string, unknown> };
    assert.deepEqual([...query.where!.entries()], [['c\\d', [{ kind: 'set', values: ['v\\w'] }]]]);
  });

  it('"a\\\\b\\x" is an error at \\x (unknown-escape), its value a\\b\\x: no backslash is lost or doubled', async () => {
    const document = await parse(
      String.raw`dataset d from "a\\b\x.csv" { quasi q }
`,
      { validation: true },
    );
    assert.equal(document.parseResult.value.datasets[0].file, 'a\\b\\x.csv');
    const errors = (document.diagnostics ?? []).filter((d) => d.code === 'unknown-escape');
    assert.equal(errors.length, 1);
    assert.equal(errors[0].severity, 1);
    assert.match(
      typeof errors[0].message === 'string' ? errors[0].message : errors[0].message.value,
      /unknown escape '\\x' in a string: the escapes are \\" \\\\ \\t \\n \\r; write \\\\ for a backslash/,
    );
    // Line 0, the escape's two characters: `dataset d from "a\\b` is 20 characters.
    assert.deepEqual(errors[0].range, { start: { line: 0, character: 20 }, end: { line: 0, character: 22 } });
  });

  it('\\t, \\n, \\r and \\" are read once: a tab delimiter, a line break, a quote', async () => {
    const document = await parse(
      String.raw`dataset d from "x.csv" delimiter "\t" { quasi "say \"hi\"\n" }
`,
      { validation: true },
    );
    const spec = document.parseResult.value;
    assert.equal(datasetPlan(spec.datasets[0], '/s/x.privspec').delimiter, '\t');
    assert.deepEqual(datasetPlan(spec.datasets[0], '/s/x.privspec').quasi, ['say "hi"\n']);
    assert.deepEqual(
      (document.diagnostics ?? []).filter((d) => d.code === 'unknown-escape'),
      [],
    );
  });
});
