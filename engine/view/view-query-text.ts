/**
 * The text of a query to a view, `count where age in 30..39 and sex = "F"`, read into a `ViewQuery`. The condition is
 * the spec language's `where` (docs/language.md): a conjunction of `column in low..high`, `column in {v, …}` and
 * `column = v`, with column names as identifiers or double-quoted strings. A numeric dimension takes numbers (a range
 * keeps the integers inside it); a categorical one takes its values by name (a number is read as its text), and a
 * range `"a".."b"` over its values in the view's order.
 *
 * Errors name the column of the text at fault (and the line, for a workload file) and never guess: a value that is
 * not in a categorical dimension is an error rather than an empty answer, because it is almost always a typo.
 */
import type { DimensionCondition, ViewDimension, ViewQuery } from './view-types.js';

/** A query text that cannot be read, with the 1-based column of the fault. */
export class ViewQueryError extends Error {
  constructor(
    readonly column: number,
    message: string,
  ) {
    super(message);
    this.name = 'ViewQueryError';
  }
}

type Token = {
  kind: 'word' | 'number' | 'string' | 'symbol' | 'end';
  text: string;
  value: string | number;
  at: number;
};

const PATTERN =
  /\s*(?:([_a-zA-Z][\w]*)|(-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)|("(?:[^"\\]|\\.)*")|(\.\.|[{},=]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    PATTERN.lastIndex = at;
    const m = PATTERN.exec(text);
    if (!m) {
      const rest = text.slice(at);
      const skip = rest.length - rest.trimStart().length;
      if (at + skip >= text.length) break;
      throw new ViewQueryError(at + skip + 1, `unexpected '${text[at + skip]}'`);
    }
    const start = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4]).length;
    if (m[1] !== undefined) tokens.push({ kind: 'word', text: m[1], value: m[1], at: start + 1 });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], value: Number(m[2]), at: start + 1 });
    else if (m[3] !== undefined)
      tokens.push({ kind: 'string', text: m[3], value: m[3].slice(1, -1).replace(/\\(.)/g, '$1'), at: start + 1 });
    else tokens.push({ kind: 'symbol', text: m[4], value: m[4], at: start + 1 });
    at = PATTERN.lastIndex;
  }
  tokens.push({ kind: 'end', text: 'the end', value: '', at: text.length + 1 });
  return tokens;
}

type Term = { column: string; at: number } & ({ low: Token; high: Token } | { values: Token[] });

/** Reads `count [where term (and term)*]` into its terms. */
function parseTerms(text: string): Term[] {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const expect = (what: string, ok: (t: Token) => boolean): Token => {
    const t = tokens[i];
    if (!ok(t))
      throw new ViewQueryError(t.at, `expected ${what}, found ${t.kind === 'end' ? 'the end' : `'${t.text}'`}`);
    i++;
    return t;
  };
  const word = (w: string) => (t: Token) => t.kind === 'word' && t.text === w;
  const symbol = (s: string) => (t: Token) => t.kind === 'symbol' && t.text === s;
  const value = () => expect('a number or a "string"', (t) => t.kind === 'number' || t.kind === 'string');
  expect("'count' (a view answers counting queries)", word('count'));
  const terms: Term[] = [];
  if (peek().kind !== 'end') {
    expect("'where' or the end", word('where'));
    do {
      const name = expect('a column name', (t) => t.kind === 'word' || t.kind === 'string');
      if (symbol('=')(peek())) {
        i++;
        terms.push({ column: String(name.value), at: name.at, values: [value()] });
        continue;
      }
      expect("'in' or '='", word('in'));
      if (symbol('{')(peek())) {
        i++;
        const values = [value()];
        while (symbol(',')(peek())) {
          i++;
          values.push(value());
        }
        expect("',' or '}'", symbol('}'));
        terms.push({ column: String(name.value), at: name.at, values });
      } else {
        const low = value();
        expect("'..'", symbol('..'));
        terms.push({ column: String(name.value), at: name.at, low, high: value() });
      }
    } while (word('and')(peek()) && (i++, true));
    expect("'and' or the end", (t) => t.kind === 'end');
  }
  return terms;
}

/**
 * Each categorical dimension's value → index map, built once per dimension rather than once per term: a workload of a
 * million queries on a dimension of thousands of values would otherwise rebuild it a million times.
 */
const valueIndexes = new WeakMap<ViewDimension, Map<string, number>>();

function valueIndex(d: ViewDimension & { kind: 'categorical' }): Map<string, number> {
  let at = valueIndexes.get(d);
  if (at === undefined) valueIndexes.set(d, (at = new Map(d.values.map((v, j) => [v, j]))));
  return at;
}

/** The indices of a dimension a term accepts: an interval (possibly empty, lo > hi) or a set. */
function indicesOf(d: ViewDimension, term: Term): { lo: number; hi: number } | { indices: number[] } {
  if (d.kind === 'range') {
    const num = (t: Token) => {
      if (t.kind !== 'number')
        throw new ViewQueryError(
          t.at,
          `'${d.name}' is numeric (${d.lo}..${d.hi}): compare it with numbers, not ${t.text}`,
        );
      return t.value as number;
    };
    if ('low' in term)
      return {
        lo: Math.max(0, Math.ceil(num(term.low)) - d.lo),
        hi: Math.min(d.hi - d.lo, Math.floor(num(term.high)) - d.lo),
      };
    const inside = term.values.map(num).filter((v) => Number.isInteger(v) && v >= d.lo && v <= d.hi);
    return { indices: [...new Set(inside.map((v) => v - d.lo))].sort((a, b) => a - b) };
  }
  const at = valueIndex(d);
  const index = (t: Token) => {
    const j = at.get(String(t.value));
    if (j === undefined) {
      const shown =
        d.values.length <= 12
          ? d.values.join(', ')
          : `${d.values.slice(0, 12).join(', ')}, … (${d.values.length} values)`;
      throw new ViewQueryError(t.at, `${t.text} is not a value of '${d.name}' (values: ${shown})`);
    }
    return j;
  };
  if ('low' in term) return { lo: index(term.low), hi: index(term.high) };
  return { indices: [...new Set(term.values.map(index))].sort((a, b) => a - b) };
}

/** Two conditions on one dimension: both must hold. */
function intersect(a: DimensionCondition, b: DimensionCondition): DimensionCondition {
  if ('lo' in a && 'lo' in b) return { dimension: a.dimension, lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
  const holds = (c: DimensionCondition, j: number) => ('lo' in c ? j >= c.lo && j <= c.hi : c.indices.includes(j));
  const [list, other] = 'indices' in a ? [a.indices, b] : [(b as { indices: readonly number[] }).indices, a];
  return { dimension: a.dimension, indices: list.filter((j) => holds(other, j)) };
}

/** Reads a query text against a view's dimensions; a `ViewQueryError` names the column of the fault. */
export function parseViewQuery(text: string, dimensions: readonly ViewDimension[]): ViewQuery {
  const byDimension = new Map<number, DimensionCondition>();
  for (const term of parseTerms(text)) {
    const dimension = dimensions.findIndex((d) => d.name === term.column);
    if (dimension < 0)
      throw new ViewQueryError(
        term.at,
        `'${term.column}' is not a dimension of the view (dimensions: ${dimensions.map((d) => d.name).join(', ')})`,
      );
    const c: DimensionCondition = { dimension, ...indicesOf(dimensions[dimension], term) };
    const before = byDimension.get(dimension);
    byDimension.set(dimension, before ? intersect(before, c) : c);
  }
  return { conditions: [...byDimension.values()] };
}
