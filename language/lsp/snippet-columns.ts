/**
 * A snippet's column placeholders filled with the dataset's own columns: the `l-diversity` snippet offers the spec's
 * sensitive columns where it wrote the example's `diagnosis`, a `count by` the columns that may be grouped on, a
 * `grid` the numeric ones. Each placeholder becomes a choice of the columns that fit its slot (the first is the one
 * inserted), so a snippet never inserts a name the dataset does not have; where no column fits, the example stays.
 */
import type { ColumnSlot } from './completion-columns.js';

/** The column slot of each placeholder (by its number) in the snippets of keyword-docs.ts. */
export const SNIPPET_SLOTS: Readonly<Record<string, Readonly<Record<number, ColumnSlot>>>> = {
  hierarchy: { 1: 'hierarchy' },
  release: { 2: 'group' },
  weight: { 1: 'weight' },
  'l-diversity': { 3: 'sensitive' },
  't-closeness': { 3: 'sensitive' },
  count: { 1: 'group' },
  sum: { 1: 'numeric' },
  mean: { 1: 'numeric' },
  mode: { 1: 'mode' },
  pram: { 1: 'pram' },
  local: { 1: 'pram' },
  grid: { 1: 'numeric', 2: 'numeric' },
  view: { 1: 'numeric', 4: 'group' },
};

/** At most this many columns in one choice: a longer list is what plain completion of the column is for. */
const MAX_CHOICES = 8;

/** A snippet choice's text: `,`, `|`, `$`, `}` and `\` are escaped (VS Code's snippet syntax). */
const choiceText = (name: string) => name.replace(/[,|$}\\]/g, '\\$&');

/**
 * The snippet with each slotted placeholder `${n:example}` replaced by `${n|a,b,c|}` over the columns `columnsOf`
 * gives for its slot, written as the spec writes them (`quote`). A second placeholder of the same slot (a grid's y)
 * starts at the next column.
 */
export function withColumns(
  keyword: string,
  snippet: string,
  columnsOf: (slot: ColumnSlot) => readonly string[],
  quote: (name: string) => string,
): string {
  const slots = SNIPPET_SLOTS[keyword];
  if (!slots) return snippet;
  const used = new Map<ColumnSlot, number>();
  return snippet.replace(/\$\{(\d+):([^}]*)\}/g, (placeholder: string, n: string) => {
    const slot = slots[Number(n)];
    if (!slot) return placeholder;
    const columns = columnsOf(slot);
    if (columns.length === 0) return placeholder;
    const skip = used.get(slot) ?? 0;
    used.set(slot, skip + 1);
    const ordered = [...columns.slice(skip), ...columns.slice(0, skip)].slice(0, MAX_CHOICES);
    return `\${${n}|${ordered.map((c) => choiceText(quote(c))).join(',')}|}`;
  });
}
