/**
 * The release kinds a spec uses, loaded before anything plans its releases: the engine's registry loads a kind's module
 * on demand (engine/release/kinds/registry.ts), so that checking or running a spec loads no other kind.
 */
import type { LangiumDocument } from 'langium';
import { loadReleaseKinds } from '../engine/release/kinds/registry.js';
import type { Spec } from './generated/ast.js';
import { isR2tQuery } from './privspec-release-plan.js';

/** Loads the release kinds a spec uses (and no other), so that checking it can plan each of its releases. */
export async function loadKindsOf(document: LangiumDocument): Promise<void> {
  const spec = document.parseResult.value as Spec | undefined;
  // A count or a sum with `bound unit auto` (or a count of pairs or triangles) is an R2T release.
  await loadReleaseKinds(
    (spec?.releases ?? []).flatMap((r) => (r.query?.kind ? [isR2tQuery(r.query) ? 'r2t' : r.query.kind] : [])),
  );
}
