import type { GeneralizationFix, HierarchySource } from '../protocol.js';
import { plural } from '../../engine/core/plural.js';

/**
 * A generalization said in the data's words rather than as a lattice level: "age in 10-wide bands: 34 → 30-39",
 * "zip with its last 2 characters masked: 45766 → 457**", "visit_date to the month: 2024-03-15 → 2024-03", and for
 * the top level "suppress zip entirely". "Generalize sex to level 1" hid that level 1 was the whole column as `*`.
 */
export function fixWords(
  fix: Pick<GeneralizationFix, 'column' | 'level' | 'height' | 'before' | 'value'>,
  source: HierarchySource | undefined,
): string {
  if (fix.level >= fix.height) return `suppress ${fix.column} entirely`;
  return `${phrase(fix.column, fix.level, source)}: ${fix.before} → ${fix.value}`;
}

/**
 * What a level of a column's hierarchy does, from its declaration: the band's width, the characters masked, the unit.
 */
function phrase(column: string, level: number, source: HierarchySource | undefined): string {
  const step = level - 1;
  switch (source?.kind) {
    case 'intervals':
      return source.widths[step] !== undefined
        ? `${column} in ${source.widths[step]}-wide bands`
        : `${column} at level ${level}`;
    case 'mask': {
      const n = source.counts[step];
      return n !== undefined
        ? `${column} with its last ${plural(n, 'character')} masked`
        : `${column} at level ${level}`;
    }
    case 'date':
      return source.units[step] !== undefined
        ? `${column} to the ${source.units[step]}`
        : `${column} at level ${level}`;
    default:
      return `${column} grouped (level ${level})`;
  }
}

/** The quick fix's title: the words, the spec it edits, and the rows it resolves. */
export function fixTitle(fix: GeneralizationFix, source: HierarchySource | undefined, specName: string): string {
  const words = fixWords(fix, source);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} — in ${specName} (resolves ${plural(fix.resolves, 'row')})`;
}

/** The levels a hierarchy has above the data, when its declaration says (an ARX file's are in the file). */
function heightOf(source: HierarchySource | undefined): number | undefined {
  switch (source?.kind) {
    case 'intervals':
      return source.widths.length + 1;
    case 'mask':
      return source.counts.length + 1;
    case 'date':
      return source.units.length + 1;
    case 'groups':
      return source.levels.length;
    default:
      return undefined;
  }
}

/**
 * One column of a release's transformation in words, for the anonymize notification: "age as is", "zip with its last
 * 1 character masked", "sex suppressed" — the same words as the quick fixes, without the example value.
 */
export function levelWords(column: string, level: number, source: HierarchySource | undefined): string {
  if (level === 0) return `${column} as is`;
  if (level === heightOf(source)) return `${column} suppressed`;
  return phrase(column, level, source);
}
