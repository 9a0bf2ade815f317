import { percentText } from '../../engine/core/percent-text.js';

/** A small element builder: attributes, then children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  name: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/**
 * A table in its own horizontal scroll box (the caption stays above it, in the page's width): numbers right-aligned and
 * never wrapped, text cells cut at 14em with the whole text as a tooltip.
 */
export function table(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  id?: string,
): HTMLElement {
  return h(
    'div',
    { class: 'table-box' },
    h('p', { class: 'caption' }, caption),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { ...(id ? { id } : {}), 'aria-label': caption },
        h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, truncated(c))))),
        h(
          'tbody',
          {},
          ...rows.map((r) =>
            h(
              'tr',
              {},
              ...r.map((c) => (typeof c === 'number' ? h('td', { class: 'n' }, value(c)) : h('td', {}, truncated(c)))),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A label that may be long (a category, a column name): one line, cut with an ellipsis, the whole text on hover. */
export function truncated(text: string): HTMLElement | string {
  return text.length <= 12 ? text : h('span', { class: 'trunc', title: text }, text);
}

/** Three significant figures, as privspec states costs and parameters everywhere. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return Math.abs(x) >= 1e-3 || x === 0 ? String(Number(x.toPrecision(3))) : x.toExponential(2);
}

/**
 * A figure of the data (a count, a sum, a draw, a loss): every integer digit, since rounding 25,098 to 25,100 would
 * hide the very noise the preview shows; below 1,000 three significant figures.
 */
export function value(x: number): string {
  return Number.isFinite(x) && Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en-US') : fmt(x);
}

/** A share, one formatter for every panel (engine/core/percent-text.ts). */
export const percent = percentText;

/** Okabe & Ito's colour-blind-safe palette. */
export const PALETTE = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  orange: '#E69F00',
  sky: '#56B4E9',
  purple: '#CC79A7',
};

/** Width available to a chart inside `el` (its parent's width when it is not laid out yet). */
export function widthOf(el: HTMLElement): number {
  return Math.max(200, Math.floor(el.clientWidth || el.parentElement?.clientWidth || document.body.clientWidth - 40));
}
