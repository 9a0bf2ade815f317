import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * The project's import graph, read from the sources as text (the architecture test's rules on cycles): one edge per
 * relative import of a file that exists, marked `typeOnly` for `import type` / `export type` (erased when compiled).
 */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

export function importGraph(roots: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of roots.flatMap(sources)) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = normalize(join(dirname(file), m[2])).replace(/\.js$/, '.ts');
      if (existsSync(to)) edges.push({ from: file, to, typeOnly: m[1] !== undefined });
    }
  }
  return edges;
}

/** The strongly connected components of more than one node (Tarjan), each sorted: the cycles of the graph. */
export function cycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The engine folder of a file (`engine/search`, `engine/host`), or its top folder outside the engine. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'engine' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}
