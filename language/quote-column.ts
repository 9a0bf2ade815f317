/**
 * The one way a column name is written into a spec by an edit or a draft (quick fixes, the CSV's "Generalize" fix, the
 * preview's parameter edits, `Create Spec from CSV`): bare when it is an identifier that no rule of the grammar reads
 * as a keyword, else a STRING. The keywords are read from the generated grammar, so a keyword added to
 * `privspec.langium` is quoted without anyone updating a list. Soft keywords (`date`, `k`, … which the token builder
 * also accepts as names) are quoted too: a quoted name is never ambiguous, and it reads the same to the parser.
 */
import { AstUtils, GrammarAST } from 'langium';
import { PrivspecGrammar } from './generated/grammar.js';
import { decodeString, stringBody } from './privspec-text.js';

/** The ID terminal of the grammar (`terminal ID: /[_a-zA-Z][\w]*\/`). */
const ID = /^[_a-zA-Z]\w*$/;

let keywords: ReadonlySet<string> | undefined;

/** Every keyword of the grammar that the ID terminal would also match (`where`, `by`, `k`, `date`, …). */
export function wordKeywords(): ReadonlySet<string> {
  keywords ??= new Set(
    AstUtils.streamAst(PrivspecGrammar())
      .filter(GrammarAST.isKeyword)
      .map((k) => k.value)
      .filter((v) => ID.test(v)),
  );
  return keywords;
}

/**
 * `name` as the spec writes it. A STRING escapes `"` and `\` with a backslash, and a line break as `\n` or `\r` since a
 * string ends at its line's end (privspec-text.ts's `decodeString`, the one decoder, reads exactly those back); every
 * other character stands as it is. (JSON.stringify's `\u00e9` would be an unknown escape.)
 */
export function quoteColumn(name: string): string {
  return ID.test(name) && !wordKeywords().has(name) ? name : quoteString(name);
}

/** Any text as a STRING token (a value of a hierarchy's groups, a path): the same escapes as a quoted column. */
export function quoteString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

/** The inverse, for a token as written (bare or quoted): what the parser gives the spec's column reference. */
export function unquoteColumn(token: string): string {
  return token.startsWith('"') ? decodeString(stringBody(token)) : token;
}
