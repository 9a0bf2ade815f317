/**
 * Leaks that a release's stated privacy loss does not cover, found from the spec alone:
 *
 * - `data-dependent-domain`: a histogram's groups, a mode's candidates or a grid's bounds would be read from the data;
 *   which values exist then shows in the output's shape, and no noise on the counts hides it.
 * - `unbounded-contribution`: the dataset names a privacy unit but the release does not bound what one unit
 *   contributes,
 *   so the stated ε protects one row, not one person.
 *
 * Such a release is refused unless the spec accepts the leak explicitly (`accept data-dependent-domain`), and then the
 * report repeats the acceptance.
 */
import { releaseKind } from './kinds/registry.js';
import type { AcceptedRisk, ReleaseDescription } from './release-description.js';

export interface ReleaseRisk {
  readonly code: AcceptedRisk;
  /** The leak and its remedy: what a refusal says. */
  readonly message: string;
  /**
   * The leak alone, without the remedy: what an accepted risk's note and diagnostic say (never "or write 'accept …'").
   */
  readonly leak: string;
  /** The column at fault, for data-dependent domains. */
  readonly column?: string;
  readonly accepted: boolean;
}

/** A leak of the output's shape beyond the values of its domain columns (a grid's bounds read from the data). */
export interface ShapeLeak {
  /** The leak alone, as `ReleaseRisk.leak`. */
  readonly leak: string;
  /** The leak and its remedy, as `ReleaseRisk.message`. */
  readonly message: string;
}

/**
 * The leaks of one release, each accepted or not; the release's kind says which columns' values it takes from the data
 * (`domainColumns`), what else of its shape does (`dataDependentShape`) and whether a unit's contributions go unbounded
 * (`unboundedRemedy`), and must be loaded (engine/release/kinds/registry.ts).
 */
export function releaseRisks(
  release: ReleaseDescription,
  unit: string | undefined,
  declaredDomains: ReadonlySet<string>,
): ReleaseRisk[] {
  const q = release.query;
  const risks: ReleaseRisk[] = [];
  const accepted = (code: AcceptedRisk) => release.accepts.includes(code);
  const kind = releaseKind(q.kind);
  // The columns whose values a release takes from the data unless declared (`domainColumns`): groups and candidates.
  for (const column of kind.domainColumns(q)) {
    if (declaredDomains.has(column)) continue;
    const leak = `the values of '${column}' are taken from the data, so which values exist is not protected by the noise`;
    risks.push({
      code: 'data-dependent-domain',
      column,
      accepted: accepted('data-dependent-domain'),
      leak,
      message: `the values of '${column}' would be taken from the data, so which values exist is not protected by the noise; declare them with a hierarchy that lists them (hierarchy ${column} from "….csv" or hierarchy ${column} { … }), or write 'accept data-dependent-domain'`,
    });
  }
  for (const { leak, message } of kind.dataDependentShape?.(q) ?? [])
    risks.push({ code: 'data-dependent-domain', accepted: accepted('data-dependent-domain'), leak, message });
  // A release that does not bound a unit's contributions names the clause that would (a microdata kind takes none).
  const fix = unit !== undefined ? kind.unboundedRemedy?.(q) : undefined;
  if (unit !== undefined && fix !== undefined) {
    risks.push({
      code: 'unbounded-contribution',
      accepted: accepted('unbounded-contribution'),
      leak: `each '${unit}' may contribute any number of rows, so the stated privacy loss covers one row, not one ${unit}`,
      message: `the dataset's privacy unit is '${unit}', but this release does not bound its contributions, so it protects single rows, not units (${fix}), or write 'accept unbounded-contribution'`,
    });
  }
  return risks;
}

/**
 * The one wording of an accepted risk, for the release's notes and the spec's diagnostic alike: the accepted clause,
 * then what leaks. (It used to repeat the refusal's remedy, "or write 'accept …'", to a spec that had written it.)
 */
export function acceptedRiskText(r: Pick<ReleaseRisk, 'code' | 'leak'>): string {
  return `accepted ${r.code}: ${r.leak} (the release's report says so)`;
}
