/**
 * A hierarchy declaration as plain data (the builder and its parameters, or an ARX file's path), and the one function
 * that turns it into an engine hierarchy. The language's `buildHierarchy` (for ▶ Run, `privspec release`, `check`, the
 * risk report and the hover) and the editor's CSV worker (for the live diagnostics at the pinned levels) both build
 * with it, so that a pin means the same generalization everywhere.
 */
import { parseArxHierarchy } from './arx-hierarchy.js';
import { dateHierarchy, type DateLevel } from './date-hierarchy.js';
import { groupingHierarchy } from './grouping-hierarchy.js';
import type { Hierarchy } from './hierarchy.js';
import { intervalHierarchy } from './interval-hierarchy.js';
import { maskingHierarchy } from './masking-hierarchy.js';

export type HierarchySource =
  | { readonly kind: 'arx'; readonly path: string }
  | { readonly kind: 'intervals'; readonly widths: readonly number[]; readonly origin?: number }
  | { readonly kind: 'mask'; readonly counts: readonly number[] }
  | { readonly kind: 'date'; readonly units: readonly string[] }
  /** One list of (value, parent) pairs per level, as the language's `groupingLevels` derives them from the spec. */
  | { readonly kind: 'groups'; readonly levels: readonly (readonly (readonly [string, string])[])[] };

/**
 * `readText` reads an ARX file (the caller decides how: the language server's CSV store, or the worker's cache).
 * `label` names a grouping in its errors. Throws the builders' `TableError` for a hierarchy that cannot be built.
 */
export function hierarchyFromSource(
  source: HierarchySource,
  readText: (path: string) => string,
  label?: string,
): Hierarchy {
  switch (source.kind) {
    case 'arx':
      return parseArxHierarchy(readText(source.path), source.path);
    case 'intervals':
      return intervalHierarchy(source.widths, { origin: source.origin ?? 0 });
    case 'mask':
      return maskingHierarchy(source.counts);
    case 'date':
      return dateHierarchy({ levels: source.units as DateLevel[] });
    case 'groups':
      return groupingHierarchy(
        source.levels.map((level) => new Map(level)),
        label,
      );
  }
}
