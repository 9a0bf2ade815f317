/**
 * Category labels on a chart's axis in a narrow panel: which of them fit without crossing, how many characters fit into
 * the margin they are drawn in, and the whole names behind the cut ones (label-titles.ts puts them on hover; issue 37
 * item 10).
 */

/** The average advance of one character of the charts' 11 px system-ui type, rounded up (digits are 6.1 px wide). */
export const CHAR_PX = 6.5;

/** The least distance between two labels' centres across their lines: one line of 11 px type and a 3 px gap. */
export const LABEL_PITCH_PX = 14;

/** Every how many categories an axis of `count` of them along `lengthPx` can label without two labels crossing. */
export function labelStep(count: number, lengthPx: number): number {
  const fit = Math.max(1, Math.floor(lengthPx / LABEL_PITCH_PX));
  return Math.max(1, Math.ceil(count / fit));
}

/** How many characters of a label fit into `px` (the room beside or under an axis): at least 3, with the ellipsis. */
export function charsIn(px: number): number {
  return Math.max(3, Math.floor(px / CHAR_PX));
}

/** A label cut to `n` characters, its last one an ellipsis; a label that fits is kept whole. */
export function cutLabel(label: string, n: number): string {
  const s = String(label);
  return s.length > n ? `${s.slice(0, Math.max(1, n - 1))}…` : s;
}

/**
 * A tick format that cuts each label to `n` characters and remembers the whole name of each cut one in `whole`; names
 * cut to the same text ("Married-civ-spouse", "Married-spouse-absent") are all named, since the tooltip cannot tell
 * which tick it is on.
 */
export function cutTicks(n: number, whole: Map<string, string>) {
  const names = new Map<string, string[]>();
  return (label: string): string => {
    const name = String(label);
    const shown = cutLabel(name, n);
    if (shown === name) return shown;
    const all = names.get(shown) ?? [];
    if (!all.includes(name)) all.push(name);
    names.set(shown, all);
    whole.set(shown, all.join(' or '));
    return shown;
  };
}
