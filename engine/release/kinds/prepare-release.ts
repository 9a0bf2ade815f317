/**
 * Every release kind prepared the same way for the runner: its kind's module (registry.ts) prepares it. DP kinds come
 * from the planner's plan (the measurement that will run and its cost); `generalize` and `pram` from their modules.
 * Nothing else in the run path looks at the kind.
 */
import type { RandomSource } from '../../core/random.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { Table } from '../../table/table.js';
import type { ReleasePlan } from '../release-plan.js';
import type {
  AnonymityDescription,
  BudgetDescription,
  DatasetDescription,
  ReleaseDescription,
} from '../release-description.js';
import type { DataSource } from '../../source/data-source.js';
import type { StreamedRelease } from './generalize/streamed-generalize.js';
import type { Prepared } from './prepared-release.js';
import { releaseKind } from './registry.js';

export interface PrepareContext {
  readonly table: Table;
  readonly dataset: DatasetDescription;
  readonly budget: BudgetDescription;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  readonly rng: RandomSource;
  /** The tables of the spec's datasets a release reads by name (`tablesRead`: a join's, an edge list), by name. */
  readonly tables?: ReadonlyMap<string, Table>;
  /** The text of every file a release names (`filesRead`), read by the caller. */
  readonly files: ReadonlyMap<string, string>;
  /** The plan of a DP release with the domains it reads (the runner's `planFor`, shared with the preview). */
  planOf(release: ReleaseDescription): ReleasePlan;
  /** The value domains a DP release reads (declared, or the data's where accepted). */
  domainsOf(release: ReleaseDescription): ReadonlyMap<string, readonly string[]>;
  /** The exact stage's value from a data source's answer, when the run takes answers instead of the table. */
  exactOf?(release: ReleaseDescription): unknown;
  /**
   * The answer `exactOf` reads is asked of the source only after the spend is recorded: nothing before the run (the
   * size estimate) may read it.
   */
  readonly answerLater?: boolean;
}

/**
 * What a release prepared at its source reads besides the source: the spec's blocks, the run's generator, its files.
 */
export type PrepareAtSourceContext = Pick<PrepareContext, 'dataset' | 'hierarchies' | 'anonymity' | 'rng' | 'files'>;

/**
 * Whether a release is streamed: a kind that prepares at the source (generalize, PRAM) on data read where it lies
 * (`inputReadsAtSource`: a database table, or DuckDB over Parquet or a CSV above the size rule or under `--engine
 * duckdb`), run on the data rather than on a warehouse's answers.
 */
export function streamsRelease(release: ReleaseDescription, atSource: boolean, fromAggregates: boolean): boolean {
  return atSource && !fromAggregates && releaseKind(release.query.kind).prepareAtSource !== undefined;
}

/** The streamed form of a release, prepared by its kind on `source`'s frequency tables. */
export function prepareReleaseAtSource(
  release: ReleaseDescription,
  source: DataSource,
  columns: readonly string[],
  context: PrepareAtSourceContext,
): Promise<StreamedRelease> {
  const kind = releaseKind(release.query.kind);
  if (!kind.prepareAtSource) throw new Error(`a ${kind.name} release is not streamed from its source`);
  return kind.prepareAtSource(release, source, columns, context);
}

/** The files a release reads besides the data and the hierarchies (a PRAM matrix file). */
export function filesRead(release: ReleaseDescription): string[] {
  return releaseKind(release.query.kind).filesRead?.(release.query) ?? [];
}

/** The spec's datasets a release reads by name besides the run's own (a join's tables, an edge list). */
export function tablesRead(release: ReleaseDescription): readonly string[] {
  return releaseKind(release.query.kind).tablesRead?.(release.query) ?? [];
}

/** The release with each file it names resolved by `resolve` (relative to the spec), as the runner reads them. */
export function withFilesResolved(release: ReleaseDescription, resolve: (path: string) => string): ReleaseDescription {
  const resolved = releaseKind(release.query.kind).withFilesResolved?.(release.query, resolve);
  return resolved ? { ...release, query: resolved } : release;
}

/** The release prepared by its kind's module, or the reason it is refused before anything is spent. */
export function prepareRelease(release: ReleaseDescription, context: PrepareContext): Prepared {
  return releaseKind(release.query.kind).prepare(release, context);
}
