/**
 * Where the cursor is, in the grammar's terms, read from the tokens before it: which block it is inside and what the
 * last tokens were. Completion needs this for positions the parser cannot tell apart on a half-written spec (after
 * `laplace ` the grammar would also allow every declaration keyword, because a release may end there).
 */

export type Block = 'dataset' | 'budget' | 'anonymity' | 'hierarchy' | undefined;

export interface CompletionPosition {
  /**
   * The tokens before the cursor, without comments; strings are `"…"`, numbers `0`. The word being typed is left out.
   */
  readonly tokens: readonly string[];
  /** The brace block the cursor is inside. */
  readonly block: Block;
  /** The keyword that starts the current statement (`release`, `hierarchy`, a dataset or anonymity clause, …). */
  readonly statement?: string;
  /** The tokens of the current statement after its keyword. */
  readonly rest: readonly string[];
  /** Whether the cursor is inside a string (value completion is then the parser's business). */
  readonly inString: boolean;
}

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"(?:\\.|[^"\\])*"?|[A-Za-z_]\w*(?:-[A-Za-z_]\w*)*|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|->|\.\.|[{}:,=%]|\S/g;

/** Keywords that start a statement at the top level or inside a block. */
const TOP = new Set(['dataset', 'hierarchy', 'anonymity', 'budget', 'release']);
const CLAUSES: Record<string, ReadonlySet<string>> = {
  dataset: new Set(['identifying', 'quasi', 'sensitive', 'insensitive', 'unit', 'weight', 'sampling', 'correlation']),
  anonymity: new Set(['k', 'l-diversity', 't-closeness', 'suppression', 'metric', 'generalize']),
  budget: new Set(['epsilon', 'delta', 'rho', 'accounting']),
};

export function completionPosition(textBefore: string): CompletionPosition {
  const raw = textBefore.match(TOKEN) ?? [];
  const last = raw.at(-1) ?? '';
  const inString = last.startsWith('"') && (last.length === 1 || !last.endsWith('"') || last.endsWith('\\"'));
  let tokens = raw
    .filter((t) => !t.startsWith('//') && !t.startsWith('/*'))
    .map((t) => (t.startsWith('"') ? '"…"' : /^-?\d/.test(t) ? '0' : t));
  // A word touching the cursor is being typed: the position is before it.
  if (/[\w-]$/.test(textBefore) && tokens.length > 0 && /^[A-Za-z_]/.test(tokens.at(-1)!)) tokens = tokens.slice(0, -1);
  const blocks: { kind: Block; at: number }[] = [];
  let start = 0;
  let statement: string | undefined;
  tokens.forEach((t, i) => {
    if (t === '{') {
      const owner = blockOwner(tokens, i);
      blocks.push({ kind: owner, at: i });
      // A value set (`in { … }`) stays inside its release; a block starts its own clauses.
      if (owner !== 'hierarchy' && owner !== undefined) statement = undefined;
    } else if (t === '}') {
      blocks.pop();
      statement = undefined;
      start = i + 1;
    }
    const block = blocks.at(-1)?.kind;
    const starts =
      block === undefined
        ? TOP.has(t)
        : block !== 'hierarchy' &&
          CLAUSES[block]?.has(t) &&
          !(block === 'anonymity' && t === 'k' && statement === 'l-diversity' && tokens[i - 1] === 'c');
    // `k` after `recursive 3 c` is not a new clause; neither is a role keyword used as a column name after a comma.
    if (starts && tokens[i - 1] !== ',' && !(t === 'k' && tokens[i - 1] === 'c')) {
      statement = t;
      start = i + 1;
    }
  });
  const block = blocks.at(-1)?.kind;
  return { tokens, block, statement, rest: statement === undefined ? [] : tokens.slice(start), inString };
}

function blockOwner(tokens: readonly string[], brace: number): Block {
  for (let i = brace - 1; i >= 0; i--) {
    const t = tokens[i];
    if (t === 'dataset' || t === 'budget' || t === 'anonymity' || t === 'hierarchy') return t;
    if (t === '}' || t === 'release') return undefined;
  }
  return undefined;
}
