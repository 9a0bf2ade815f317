import { readFileSync, statSync } from 'node:fs';
import { hierarchyFromSource } from '../../engine/hierarchy/hierarchy-source.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import type { CsvModel } from '../protocol.js';

/**
 * Transport only: the hierarchies the language server described (`privspec/csvModels`), built in the worker by the
 * engine's one `hierarchyFromSource`, as the server builds them for a release. What this file adds is an ARX file's
 * text, re-read when its modification time changes, so that a keystroke in a CSV does not re-read every hierarchy.
 */
const arxCache = new Map<string, { mtimeMs: number; text: string }>();

function readArx(path: string): string {
  const mtimeMs = statSync(path).mtimeMs;
  const cached = arxCache.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached.text;
  const text = readFileSync(path, 'utf8');
  arxCache.set(path, { mtimeMs, text });
  return text;
}

/** The model's hierarchies by column, and its pins, in the engine's types. */
export function modelHierarchies(model: CsvModel): { hierarchies: Map<string, Hierarchy>; pins: Map<string, number> } {
  const hierarchies = new Map(
    Object.entries(model.hierarchies).map(
      ([name, source]) => [name, hierarchyFromSource(source, readArx, `hierarchy ${name}`)] as const,
    ),
  );
  return { hierarchies, pins: new Map(Object.entries(model.levels)) };
}
