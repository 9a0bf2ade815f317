/**
 * The one place that maps a release kind's name to its module. Kinds are loaded on demand (`loadReleaseKinds`), so that
 * a run loads only the kinds its spec uses: a DP count release never loads the wavelet, view or risk modules that a
 * grid, a view or a PRAM release needs. Code that must look a kind up synchronously (the planner, on every edit) asks
 * `releaseKind`, which answers for a loaded kind; the language server, the preview panel and tests load every kind at
 * once by importing all-release-kinds.ts.
 */
import type { QueryKind } from '../release-description.js';
import type { ReleaseKind } from './release-kind.js';

const LOADERS: Record<QueryKind, () => Promise<ReleaseKind>> = {
  count: async () => (await import('./aggregate/aggregate-kinds.js')).countKind,
  sum: async () => (await import('./aggregate/aggregate-kinds.js')).sumKind,
  mean: async () => (await import('./aggregate/aggregate-kinds.js')).meanKind,
  mode: async () => (await import('./mode/mode-kind.js')).modeKind,
  generalize: async () => (await import('./generalize/generalize-kind.js')).generalizeKind,
  pram: async () => (await import('./pram/pram-kind.js')).pramKind,
  local: async () => (await import('./local/local-kind.js')).localKind,
  grid: async () => (await import('./grid/grid-kind.js')).gridKind,
  view: async () => (await import('./view/view-kind.js')).viewKind,
  r2t: async () => (await import('./r2t/r2t-kind.js')).r2tKind,
};

/** Every release kind's name, in the order the documentation lists them. */
export const RELEASE_KIND_NAMES = Object.keys(LOADERS) as readonly QueryKind[];

/**
 * Microdata kinds write perturbed or generalized records (or, `local`, each unit's randomized report) and spend no
 * central DP budget. This one fact is known without loading a kind, since the budget walk asks it of every release of
 * a spec.
 */
const MICRODATA: ReadonlySet<QueryKind> = new Set<QueryKind>(['generalize', 'pram', 'local']);

/** Whether a query kind is answered with differential-privacy noise (and so spends budget). */
export function spendsBudget(name: QueryKind): boolean {
  return !MICRODATA.has(name);
}

const loaded = new Map<QueryKind, ReleaseKind>();

/** Makes a kind available to `releaseKind`; all-release-kinds.ts registers every kind this way. */
export function registerReleaseKind(kind: ReleaseKind): void {
  loaded.set(kind.name, kind);
}

/** Loads the modules of the named kinds (each once) and registers them. */
export async function loadReleaseKinds(names: Iterable<QueryKind>): Promise<void> {
  const missing = [...new Set(names)].filter((n) => !loaded.has(n) && n in LOADERS);
  for (const kind of await Promise.all(missing.map((n) => LOADERS[n]()))) registerReleaseKind(kind);
}

/** The module of a loaded kind. Asking for one not loaded is a programming error, said in words that name the fix. */
export function releaseKind(name: QueryKind): ReleaseKind {
  const kind = loaded.get(name);
  if (kind) return kind;
  if (!(name in LOADERS)) throw new Error(`unknown release kind '${name}'`);
  throw new Error(
    `the release kind '${name}' is used before it is loaded: await loadReleaseKinds (engine/release/kinds/registry.ts), or import engine/release/kinds/all-release-kinds.ts where every kind is needed synchronously`,
  );
}
