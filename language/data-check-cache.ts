/**
 * The results of the spec's data scans, kept per store and keyed by exactly what the scans read: the data's identity
 * (path, modification time and size), the hierarchy files' identities, and the text of the dataset block, the
 * hierarchy declarations and the anonymity block. An edit of a release line or the budget leaves the key unchanged, so
 * the next validation replays the scans' diagnostics instead of scanning 30,000 rows again on every keystroke.
 */
import { DefaultAstNodeLocator, type AstNode, type ValidationAcceptor } from 'langium';
import type { CsvStore } from '../engine/host/sources/csv/csv-store.js';
import type * as ast from './generated/ast.js';

type Severity = Parameters<ValidationAcceptor>[0];
type Info = Parameters<ValidationAcceptor>[2];

/** One diagnostic of a scan, with its node as a path from the spec (the next parse has new nodes). */
interface Finding {
  readonly severity: Severity;
  readonly message: string;
  readonly path: string;
  readonly info: Omit<Info, 'node'>;
}

interface Entry<T> {
  readonly findings: readonly Finding[];
  readonly value: T;
}

/** Keys kept per store: the editor's current spec, its recent states and a few other specs open beside it. */
const ENTRIES = 16;

const locator = new DefaultAstNodeLocator();

/** The node's path from the spec, as the key's spec parts and the replay locate it. */
export function nodePath(node: AstNode): string {
  return locator.getAstNodePath(node);
}

export class DataCheckCache {
  /** How many times a scan ran (a miss); the tests count them across edits. */
  evaluations = 0;
  /** How many times a scan's diagnostics were replayed (a hit). */
  hits = 0;
  private readonly entries = new Map<string, Entry<unknown>>();

  /**
   * Runs `scan` with an acceptor that records its diagnostics, or replays those of an earlier run under the same key,
   * onto the nodes at the same paths of `spec`. A cancelled scan (it throws) leaves nothing behind.
   */
  async run<T>(
    key: string,
    spec: ast.Spec,
    sink: ValidationAcceptor,
    scan: (accept: ValidationAcceptor) => Promise<T>,
  ): Promise<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry) {
      this.hits++;
      // Most recently used last: the oldest key is the one dropped.
      this.entries.delete(key);
    } else {
      this.evaluations++;
      const findings: Finding[] = [];
      const record: ValidationAcceptor = (severity, message, info) => {
        const { node, ...rest } = info;
        findings.push({ severity, message, path: nodePath(node), info: rest });
      };
      entry = { findings, value: await scan(record) };
      for (const old of [...this.entries.keys()].slice(0, Math.max(0, this.entries.size - ENTRIES + 1)))
        this.entries.delete(old);
    }
    this.entries.set(key, entry);
    for (const f of entry.findings) {
      // The key holds the paths of the parts the scans report on, so the node is there; a miss would be a key that
      // forgot a part, and is left silent rather than reported on the wrong node.
      const node = locator.getAstNode(spec, f.path);
      if (node) sink(f.severity, f.message, { ...f.info, node });
    }
    return entry.value;
  }
}

const caches = new WeakMap<CsvStore, DataCheckCache>();

/** The cache of the scans made through `store` (one per language server, one per `privspec check`). */
export function dataCheckCache(store: CsvStore): DataCheckCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new DataCheckCache()));
  return cache;
}
