/**
 * What may come next at a completion position, as keywords or a column slot; undefined where the grammar's own
 * next-token sets are exact enough (Langium's default then answers, with the shared keyword docs added).
 */
import type { ColumnSlot } from './completion-columns.js';
import type { CompletionPosition } from './completion-position.js';

export type Choices =
  | { readonly keywords: readonly string[] }
  | { readonly columns: ColumnSlot }
  /** The spec's datasets, but `except` (the table a join already names). */
  | { readonly tables: { readonly except?: string } }
  /** The columns every one of these datasets has: a join's key, an edge list's endpoints. */
  | { readonly keysOf: readonly string[] }
  | undefined;

export const MECHANISM_PARAMS: Readonly<Record<string, readonly string[]>> = {
  laplace: ['epsilon'],
  gaussian: ['rho', 'epsilon', 'delta'],
  exponential: ['epsilon'],
  'nn-wavelet': ['rho'],
  privelet: ['epsilon'],
  quadtree: ['rho'],
  hdpview: ['epsilon'],
  privtree: ['epsilon'],
  identity: ['epsilon'],
};

/** The mechanisms each query takes (as the planner allows them). */
const MECHANISMS: Readonly<Record<string, readonly string[]>> = {
  count: ['laplace', 'gaussian'],
  sum: ['laplace', 'gaussian'],
  mean: ['laplace', 'gaussian'],
  mode: ['exponential'],
  grid: ['nn-wavelet', 'privelet', 'quadtree', 'laplace', 'gaussian'],
  view: ['hdpview', 'privtree', 'identity'],
};
/** `bound unit auto` is R2T, which adds Laplace noise to each candidate (engine/release/kinds/r2t/r2t-kind.ts). */
const R2T_MECHANISMS = ['laplace'];

const DECLARATIONS = ['release', 'dataset', 'hierarchy', 'anonymity', 'budget'];
const QUERIES = ['count', 'sum', 'mean', 'mode', 'pram', 'local', 'generalize', 'grid', 'view'];
const RISKS = ['data-dependent-domain', 'unbounded-contribution', 'linked-releases'];
const ROLES = ['identifying', 'quasi', 'sensitive', 'insensitive'];
const isWord = (t: string | undefined) => t !== undefined && /^[A-Za-z_]/.test(t);
/** A column as written: a word or a quoted name (the position's tokens show every string as `"…"`). */
const isName = (t: string | undefined) => isWord(t) || t === '"…"';

/**
 * The R2T clauses (issue 39): `from T [join U on K]` after a count or a sum, `count pairs|triangles from T (a, b)`,
 * and `bound unit auto up to GS`. Undefined where the other rules of `releaseChoices` answer.
 */
function r2tChoices(rest: readonly string[], kind: string | undefined): Choices {
  const prev = rest.at(-1);
  const from = rest.indexOf('from');
  const table = from >= 0 ? rest[from + 1] : undefined;
  const shape = kind === 'count' && (rest[3] === 'pairs' || rest[3] === 'triangles');
  if (shape) {
    if (rest.length === 4) return { keywords: ['from'] };
    if (prev === 'from') return { tables: {} };
    // `(` comes next, which is not a keyword.
    if (rest.at(-2) === 'from') return { keywords: [] };
    if (prev === '(' || (prev === ',' && rest.at(-3) === '('))
      return table === undefined ? undefined : { keysOf: [table] };
    if (prev === ')') return { keywords: ['bound', ...R2T_MECHANISMS] };
  }
  if (prev === 'from' && (kind === 'count' || kind === 'sum')) return { tables: {} };
  if (prev === 'join') return { tables: { except: table } };
  if (isName(prev) && rest.at(-2) === 'join') return { keywords: ['on'] };
  if (prev === 'on') {
    const joined = rest[rest.lastIndexOf('join') + 1];
    return table === undefined || joined === undefined ? undefined : { keysOf: [table, joined] };
  }
  if (prev === 'auto' && rest.at(-2) === 'unit') return { keywords: ['up'] };
  if (prev === 'up' && rest.at(-2) === 'auto') return { keywords: ['to'] };
  return undefined;
}

function releaseChoices(rest: readonly string[]): Choices {
  const prev = rest.at(-1);
  if (rest.length === 2 && prev === ':') return { keywords: QUERIES };
  const kind = rest[2];
  const r2t = r2tChoices(rest, kind);
  if (r2t) return r2t;
  if (prev === 'accept') return { keywords: RISKS };
  if (prev !== undefined && MECHANISM_PARAMS[prev]) return { keywords: MECHANISM_PARAMS[prev] };
  const mechanism = rest.find((t) => MECHANISM_PARAMS[t]);
  if (mechanism) {
    // After `gaussian epsilon 1`: the parameters not yet written, or an accept.
    if (prev !== '0') return undefined;
    const written = new Set(rest.slice(rest.indexOf(mechanism)));
    // A Gaussian is stated either in ρ or in (ε, δ); once one is written the other does not apply.
    const excluded = written.has('rho')
      ? ['epsilon', 'delta']
      : written.has('epsilon') || written.has('delta')
        ? ['rho']
        : [];
    // The release may also end here, so the declarations that can follow it come too.
    return {
      keywords: [
        ...MECHANISM_PARAMS[mechanism].filter((p) => !written.has(p) && !excluded.includes(p)),
        'accept',
        ...DECLARATIONS,
      ],
    };
  }
  const lastKeyword = [...rest]
    .reverse()
    .find((t) => ['by', 'where', 'and', 'grid', 'pram', 'clamp', 'bound', 'in', '='].includes(t));
  if (prev === 'by' || (prev === ',' && lastKeyword === 'by')) return { columns: 'group' };
  if (prev === 'where' || prev === 'and') return { columns: 'where' };
  if (rest.length === 3 && (prev === 'sum' || prev === 'mean')) return { columns: 'numeric' };
  if (rest.length === 3 && prev === 'mode') return { columns: 'mode' };
  if ((rest.length === 3 && prev === 'pram') || (prev === ',' && lastKeyword === 'pram')) return { columns: 'pram' };
  if (rest.length === 3 && prev === 'local') return { columns: 'pram' };
  if (rest.length === 4 && kind === 'local') return { keywords: ['randomized-response', 'count-mean-sketch'] };
  if ((rest.length === 3 && prev === 'grid') || (prev === ',' && lastKeyword === 'grid' && rest.length === 5))
    return { columns: 'numeric' };
  if (prev === 'bound') return { keywords: ['unit'] };
  if (prev === 'unit' && lastKeyword === 'bound')
    return { keywords: ['groups', 'rows', ...(kind === 'count' || kind === 'sum' ? ['auto'] : [])] };
  // After a complete count / sum / mean query part: the clauses still open and the mechanisms it takes.
  // After `from T` or `join U on K` the table source is complete too.
  const afterSource = isName(prev) && (rest.at(-2) === 'from' || rest.at(-2) === 'on');
  const complete =
    prev === kind ||
    prev === '0' ||
    afterSource ||
    (isName(prev) &&
      ['by', 'where', 'and'].includes(lastKeyword ?? '') &&
      rest.at(-2) !== 'where' &&
      rest.at(-2) !== 'and');
  if (
    (kind === 'count' || ((kind === 'sum' || kind === 'mean') && rest.includes('clamp'))) &&
    complete &&
    (prev !== kind || kind === 'count')
  ) {
    // The grammar reads the table source before the filters, and R2T takes no `where` over a join.
    const source =
      (kind === 'count' || kind === 'sum') && !['from', 'by', 'where', 'bound'].some((k) => rest.includes(k))
        ? ['from']
        : [];
    const open = ['by', 'where', 'bound'].filter((k) => !rest.includes(k) && !(k === 'where' && rest.includes('join')));
    const shapes = prev === 'count' ? ['pairs', 'triangles'] : [];
    const join = rest.at(-2) === 'from' ? ['join'] : [];
    const mechanisms = rest.includes('auto') ? R2T_MECHANISMS : MECHANISMS[kind];
    return { keywords: [...join, ...(rest.includes('bound') ? [] : [...source, ...open]), ...shapes, ...mechanisms] };
  }
  return undefined;
}

export function choicesAt(p: CompletionPosition): Choices {
  const prev = p.tokens.at(-1);
  const before = p.tokens.at(-2);
  if (p.inString) return undefined;
  if (p.statement === 'release' && p.block === undefined) return releaseChoices(p.rest);
  if (p.statement === 'hierarchy' && p.block === undefined) {
    if (p.rest.length === 0) return { columns: 'hierarchy' };
    if (p.rest.length === 2 && prev === ':') return { keywords: ['intervals', 'mask', 'date'] };
    if (p.rest.includes('date') && (prev === 'date' || prev === ',')) return { keywords: ['month', 'year', 'decade'] };
    return undefined;
  }
  if (p.block === 'anonymity') {
    if (prev === 'metric') return { keywords: ['entropy', 'entropy-nm', 'loss', 'discernibility', 'l1'] };
    if (prev === 'l-diversity') return { keywords: ['distinct', 'entropy', 'recursive'] };
    if (prev === 't-closeness') return { keywords: ['equal', 'ordered', 'hierarchical'] };
    if (prev === 'on') return { columns: 'sensitive' };
    if (prev === 'generalize') return { columns: 'pin' };
    if (prev === '{' || prev === '0' || prev === '%' || before === 'on' || before === 'metric')
      return { keywords: ['k', 'l-diversity', 't-closeness', 'suppression', 'metric', 'generalize'] };
    return undefined;
  }
  if (p.block === 'budget') {
    if (prev === 'accounting') return { keywords: ['pure', 'approx', 'zcdp'] };
    if (prev === '{' || prev === '0' || before === 'accounting')
      return {
        keywords: ['epsilon', 'delta', 'rho', 'accounting'].filter(
          (k) => !p.tokens.slice(p.tokens.lastIndexOf('{')).includes(k),
        ),
      };
    return undefined;
  }
  if (p.block === 'dataset') {
    if (prev === 'unit') return { columns: 'unit' };
    if (prev === 'weight') return { columns: 'weight' };
    if ((prev !== undefined && ROLES.includes(prev)) || (prev === ',' && ROLES.includes(p.statement ?? '')))
      return { columns: 'role' };
    const clauseEnd =
      prev === '{' ||
      prev === '0' ||
      prev === '"…"' ||
      (isWord(prev) && before !== undefined && (before === ',' || ROLES.includes(before) || before === 'unit'));
    if (clauseEnd) return { keywords: [...ROLES, 'unit', 'weight', 'sampling', 'correlation'] };
  }
  return undefined;
}
