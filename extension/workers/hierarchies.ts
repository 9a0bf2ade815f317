import { readFileSync, statSync } from 'node:fs';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import { bindHierarchy, type BoundHierarchy } from '../../engine/hierarchy/bound-hierarchy.js';
import { dateHierarchy, type DateLevel } from '../../engine/hierarchy/date-hierarchy.js';
import { groupingHierarchy } from '../../engine/hierarchy/grouping-hierarchy.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { intervalHierarchy } from '../../engine/hierarchy/interval-hierarchy.js';
import { maskingHierarchy } from '../../engine/hierarchy/masking-hierarchy.js';
import type { Generalization } from '../../engine/anonymity/equivalence-classes.js';
import { column, type Column, type Table } from '../../engine/table/table.js';
import type { CsvModel, HierarchySource } from '../protocol.js';

/** ARX files by path, re-read when their modification time changes. */
const arxCache = new Map<string, { mtimeMs: number; hierarchy: Hierarchy }>();

/** The engine hierarchy a spec's declaration describes (as the language server sent it); ARX files are read here, in the worker. */
export function buildHierarchy(source: HierarchySource): Hierarchy {
  switch (source.kind) {
    case 'arx': {
      const mtimeMs = statSync(source.path).mtimeMs;
      const cached = arxCache.get(source.path);
      if (cached && cached.mtimeMs === mtimeMs) return cached.hierarchy;
      const hierarchy = parseArxHierarchy(readFileSync(source.path, 'utf8'), source.path);
      arxCache.set(source.path, { mtimeMs, hierarchy });
      return hierarchy;
    }
    case 'intervals':
      return intervalHierarchy(source.widths, { origin: source.origin ?? 0 });
    case 'mask':
      return maskingHierarchy(source.counts);
    case 'date':
      return dateHierarchy({ levels: source.units as DateLevel[] });
    case 'groups':
      // One map per level, as the language server's bridge (`groupingLevels`) derived it from the spec.
      return groupingHierarchy(source.levels.map((level) => new Map(level)));
  }
}

/** Level 0 only: a column without a hierarchy still takes part in a generalization, unchanged. */
export function identityHierarchy(col: Column): BoundHierarchy {
  const codes = new Int32Array(col.dictionary.length);
  for (let i = 0; i < codes.length; i++) codes[i] = i;
  return { column: col.name, height: 0, levelCodes: [codes], levelValues: [col.dictionary] };
}

/** The bound hierarchy of every quasi-identifier (identity where the model has none), in `model.qi` order. */
export function bindAll(table: Table, model: CsvModel): BoundHierarchy[] {
  return model.qi.map((name) => {
    const col = column(table, name);
    const source = model.hierarchies[name];
    return source ? bindHierarchy(buildHierarchy(source), col).bound : identityHierarchy(col);
  });
}

/**
 * The generalization the model asks for, or undefined when every level is 0 (the data as it stands).
 * A level above a hierarchy's height is clamped to the height, so a stale spec cannot break the check.
 */
export function modelGeneralization(bound: readonly BoundHierarchy[], model: CsvModel): Generalization | undefined {
  const levels = model.qi.map((name, i) => Math.min(model.levels[name] ?? 0, bound[i].height));
  return levels.some((l) => l > 0) ? { hierarchies: bound, levels } : undefined;
}
