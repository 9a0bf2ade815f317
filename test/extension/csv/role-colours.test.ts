import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The foreground of the most specific rule of a theme whose scope is a prefix of `scope` (TextMate's selector rule),
 * from the token colours below.
 */
function colour(theme: Readonly<Record<string, string>>, scope: string): string | undefined {
  const parts = scope.split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = theme[parts.slice(0, n).join('.')];
    if (found) return found.toLowerCase();
  }
  return undefined;
}

// The token colours of VS Code's default themes for the scopes the roles may map to, as shipped in VS Code 1.100
// (extensions/theme-defaults/themes/dark_vs.json + dark_plus.json, light_vs.json + light_plus.json, the themes of
// code-server 4.100.3): Dark Modern and Light Modern include them.
const DARK: Record<string, string> = {
  invalid: '#f44747',
  comment: '#6A9955',
  string: '#ce9178',
  'keyword.control': '#C586C0',
  'entity.name.type': '#4EC9B0',
  'variable.other.constant': '#4FC1FF',
};
const LIGHT: Record<string, string> = {
  invalid: '#cd3131',
  comment: '#008000',
  string: '#a31515',
  'keyword.control': '#AF00DB',
  'entity.name.type': '#267f99',
  'variable.other.constant': '#0070C1',
};

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { semanticTokenScopes: { scopes: Record<string, string[]> }[] };
};
const scopes = manifest.contributes.semanticTokenScopes[0].scopes;

// Issue 37 item 11: "identifying and sensitive columns get different colours and undeclared columns read as
// identifying". In Light+ an identifying column (invalid, #cd3131) and a sensitive one (string, #a31515) were both red,
// and an undeclared column was greyed out as a comment although privspec treats it as identifying.
describe("a CSV's column roles in the default themes", () => {
  for (const [name, theme] of [
    ['Dark+', DARK],
    ['Light+', LIGHT],
  ] as const) {
    it(`${name}: every role but undeclared has its own colour; undeclared is coloured as identifying`, () => {
      const of = (role: string) => colour(theme, scopes[`privspec-${role}`][0]);
      const roles = ['identifying', 'unit', 'quasi', 'sensitive'];
      const colours = roles.map(of);
      assert.ok(
        colours.every((c) => c !== undefined),
        `a role without a colour: ${roles.join(', ')} → ${colours.join(', ')}`,
      );
      assert.equal(new Set(colours).size, roles.length, `${roles.join(', ')} → ${colours.join(', ')}`);
      assert.equal(of('undeclared'), of('identifying'));
    });
  }
});
