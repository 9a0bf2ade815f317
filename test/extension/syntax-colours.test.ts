import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The spec's colouring (syntaxes/privspec.tmLanguage.json) on the lines a newcomer writes. A small reading of the
 * grammar as TextMate reads it: at each position the rule whose match starts first wins, ties going to the earlier rule
 * (TextMate's rule); a `begin`/`end` rule (strings, comments) spans to its end.
 */
interface Rule {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  include?: string;
  patterns?: Rule[];
  captures?: Record<string, { name: string }>;
}
const grammar = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'syntaxes', 'privspec.tmLanguage.json'), 'utf8'),
) as { patterns: Rule[]; repository: Record<string, Rule> };

function flatten(rules: readonly Rule[]): Rule[] {
  return rules.flatMap((r) => {
    if (r.include) {
      const target = grammar.repository[r.include.slice(1)];
      return target.patterns && !target.begin ? flatten(target.patterns) : [target];
    }
    return [r];
  });
}

/** The scope of every word of `line`: `[word, scope]`, the words no rule matches under `''`. */
function scopes(line: string): [string, string][] {
  const rules = flatten(grammar.patterns);
  const out: [string, string][] = [];
  let at = 0;
  while (at < line.length) {
    let best: { start: number; end: number; rule: Rule; m: RegExpExecArray } | undefined;
    for (const rule of rules) {
      const re = new RegExp(rule.match ?? rule.begin!, 'gd');
      re.lastIndex = at;
      const m = re.exec(line);
      if (!m || m[0].length === 0) continue;
      let end = m.index + m[0].length;
      if (rule.begin) {
        const close = new RegExp(rule.end!, 'g');
        close.lastIndex = end;
        const e = close.exec(line);
        end = e ? e.index + e[0].length : line.length;
      }
      if (!best || m.index < best.start) best = { start: m.index, end, rule, m };
    }
    if (!best) break;
    const { rule, m } = best;
    if (rule.captures)
      for (const [group, { name }] of Object.entries(rule.captures)) {
        const span = m.indices![Number(group)];
        if (span) out.push([line.slice(span[0], span[1]), name]);
      }
    else out.push([line.slice(best.start, best.end), rule.name ?? '']);
    at = best.end;
  }
  return out;
}

describe('the spec colouring (TextMate grammar)', () => {
  it('keeps `hierarchy` coloured before a quoted column name (issue 37 item 11, found again by the newcomer tour)', () => {
    const line = 'hierarchy "marital-status" from "adult_hierarchy_marital-status.csv"';
    const s = scopes(line);
    assert.deepEqual(s[0], ['hierarchy', 'storage.type.hierarchy.privspec']);
    assert.deepEqual(s[1], ['"marital-status"', 'string.quoted.double.privspec']);
    assert.deepEqual(s[2], ['from', 'keyword.other.role.privspec']);
    // An unquoted name as before: the keyword and the name.
    assert.deepEqual(scopes('hierarchy sex { "M", "F" -> "*" }').slice(0, 2), [
      ['hierarchy', 'storage.type.hierarchy.privspec'],
      ['sex', 'variable.other.property.privspec'],
    ]);
  });

  it('colours the relational keywords of `count from orders join customers on customer_id  bound unit auto up to 65536`', () => {
    const s = new Map(scopes('count from orders join customers on customer_id  bound unit auto up to 65536'));
    for (const word of ['join', 'on', 'bound', 'auto', 'up to'])
      assert.equal(s.get(word), 'keyword.control.privspec', word);
    assert.equal(new Map(scopes('count pairs from friendships (a, b)')).get('pairs'), 'keyword.control.privspec');
  });
});
