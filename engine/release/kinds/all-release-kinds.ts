/**
 * Every release kind, loaded and registered at once: the synchronous registry of the language server (hover, lenses and
 * the checker on every edit), the preview panel and tests. The command line's release path does not import this file;
 * it loads only the kinds its spec uses (registry.ts).
 */
import { countKind, meanKind, sumKind } from './aggregate/aggregate-kinds.js';
import { generalizeKind } from './generalize/generalize-kind.js';
import { gridKind } from './grid/grid-kind.js';
import { localKind } from './local/local-kind.js';
import { modeKind } from './mode/mode-kind.js';
import { pramKind } from './pram/pram-kind.js';
import { r2tKind } from './r2t/r2t-kind.js';
import { registerReleaseKind } from './registry.js';
import { viewKind } from './view/view-kind.js';

for (const kind of [
  countKind,
  sumKind,
  meanKind,
  modeKind,
  generalizeKind,
  pramKind,
  localKind,
  gridKind,
  viewKind,
  r2tKind,
])
  registerReleaseKind(kind);
