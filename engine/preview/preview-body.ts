import type { RandomSource } from '../core/random.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { AnonymityDescription, DatasetDescription, ReleaseDescription } from '../release/release-description.js';
import { declaredDomains } from '../release/domains.js';
import type { GridBounds } from '../wavelet/bin-points.js';
import type { Table } from '../table/table.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { frequencyTableOf } from '../table/frequency-table-of.js';
import { generalizeColumns } from './frequency-decision.js';
import { exactOfTable, type PreviewExact } from './preview-exact.js';
import { aggregatePreview } from './aggregate-preview.js';
import { generalizePreview } from './generalize-preview.js';
import { gridPreview } from './grid-preview.js';
import { modePreview } from './mode-preview.js';
import { pramColumns, pramPreview } from './pram-preview.js';
import { viewPreview } from './view-preview.js';
import { localPreview } from './local-preview.js';
import { r2tPreview } from './r2t-preview.js';
import type { R2tExact } from '../release/kinds/r2t/r2t-release.js';
import type { ViewExact } from '../release/kinds/view/view-release.js';
import { releaseKind } from '../release/kinds/registry.js';
import type { PreviewBody, PreviewKind } from './preview-types.js';

/**
 * Everything a kind's preview may read: the data — the (possibly sampled) table of a CSV, or, for a Parquet file or a
 * database table, only the aggregates the release itself reads (the exact figures of a DP release, a frequency table
 * for generalize and PRAM) — and, for DP kinds, the plan that will run.
 */
export interface PreviewContext {
  /** The table read in memory; absent when the data is read at its source. */
  readonly table?: Table;
  /** The spec's other datasets the release reads by name (an R2T join's tables, an edge list). */
  readonly tables?: ReadonlyMap<string, Table>;
  /** DP kinds: the exact figures from the source's answers; computed from `table` when absent. */
  readonly exact?: PreviewExact;
  /** Generalize and PRAM: the frequency table over the columns they read; computed from `table` when absent. */
  readonly frequencies?: FrequencyTable;
  readonly dataset: DatasetDescription;
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  readonly description: ReleaseDescription;
  /** DP kinds: the plan with its measurement (domains known). */
  readonly plan?: ReleasePlan;
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly gridBounds?: GridBounds;
  readonly matrixText?: string;
  readonly levels?: readonly number[];
  readonly rng: RandomSource;
  /** Cancels a long preview (a view's error comparison) when a newer one is asked for. */
  readonly signal?: AbortSignal;
}

/** The view each query kind is previewed in: the kind's. */
export function previewKind(d: ReleaseDescription): PreviewKind {
  return releaseKind(d.query.kind).previewView;
}

const EMPTY: Table = { columns: [], rowCount: 0 };

const needPlan = (c: PreviewContext) => {
  if (!c.plan?.measurement) throw new Error(c.plan?.problems[0]?.message ?? 'the release cannot be planned as written');
  return c.plan;
};

const needTable = (c: PreviewContext): Table => {
  if (!c.table) throw new Error(`a ${previewKind(c.description)} preview needs its figures from the data source`);
  return c.table;
};

/** The exact figures of a DP release: the source's, or the measurement's exact stage on the table. */
const figures = (c: PreviewContext): PreviewExact => c.exact ?? exactOfTable(needTable(c), needPlan(c), c.domains);

type PramQuery = Extract<ReleaseDescription['query'], { kind: 'pram' }>;
type LocalQuery = Extract<ReleaseDescription['query'], { kind: 'local' }>;

/** A view of the panel: its body, and what a microdata view reads of data read where it lies. */
export interface Previewer {
  body(c: PreviewContext): PreviewBody | Promise<PreviewBody>;
  /**
   * A microdata view's columns, whose frequency table it decides on (at a source, the only data it reads); undefined
   * when it cannot be drawn (a generalization without anonymity criteria, which its body says).
   */
  frequencyColumns?(
    d: ReleaseDescription,
    dataset: DatasetDescription,
    anonymity: AnonymityDescription | undefined,
  ): string[] | undefined;
  /**
   * Whether the view may be drawn on a uniform sample of the data when rows × lattice nodes pass the work limit: a
   * generalization's search grows with both.
   */
  readonly sampled?: boolean;
}

/**
 * The search's columns, and the unit, so that the risk figures count persons as the Risk Report does (k counted in
 * units groups by the unit already).
 */
const generalizeFrequencyColumns: Previewer['frequencyColumns'] = (_, dataset, anonymity) =>
  anonymity && anonymity.criteria.length > 0
    ? [
        ...new Set([
          ...generalizeColumns(dataset.quasi, anonymity),
          ...(dataset.unit !== undefined ? [dataset.unit] : []),
        ]),
      ]
    : undefined;

const pramFrequencyColumns: Previewer['frequencyColumns'] = (d, dataset, anonymity) =>
  pramColumns(d.query as PramQuery, dataset, anonymity);

/** One module per view: adding a view to the panel is adding a line here, its view in the webview, its kind's name. */
const previewers: Record<PreviewKind, Previewer> = {
  aggregate: {
    body: (c) => {
      const q = c.description.query as { by: readonly string[] };
      return aggregatePreview(
        figures(c),
        needPlan(c),
        q.by.map((b) => c.domains.get(b) ?? []),
      );
    },
  },
  mode: {
    body: (c) =>
      modePreview(figures(c), needPlan(c), c.domains.get((c.description.query as { column: string }).column) ?? []),
  },
  grid: {
    body: (c) => {
      if (!c.gridBounds)
        throw new Error("the grid's bounds are not known: give 'within', or accept data-dependent-domain");
      return gridPreview(figures(c), needPlan(c));
    },
  },
  pram: {
    body: (c) => {
      const q = c.description.query as PramQuery;
      const frequencies =
        c.frequencies ?? frequencyTableOf(needTable(c), pramFrequencyColumns(c.description, c.dataset, c.anonymity)!);
      return pramPreview({
        frequencies,
        dataset: c.dataset,
        query: q,
        domains: declaredDomains(c.hierarchies),
        hierarchies: c.hierarchies,
        anonymity: c.anonymity,
        matrixText: c.matrixText,
        matrixFile: q.matrix,
        rng: c.rng,
      });
    },
    frequencyColumns: pramFrequencyColumns,
  },
  local: {
    body: (c) =>
      localPreview({
        table: needTable(c),
        dataset: c.dataset,
        query: c.description.query as LocalQuery,
        domains: declaredDomains(c.hierarchies),
        rng: c.rng,
      }),
  },
  // The truncated answers come from the measurement's exact stage on the tables the release reads.
  r2t: {
    body: (c) => {
      const plan = needPlan(c);
      const exact =
        c.exact?.bounded ??
        plan.measurement!.stages!.exact({ table: needTable(c), ...(c.tables ? { tables: c.tables } : {}) });
      return r2tPreview(exact as R2tExact, plan);
    },
  },
  // From a source's answer the view is built from its weighted points and the table is never read.
  view: {
    body: (c) =>
      viewPreview(c.exact ? EMPTY : needTable(c), needPlan(c), {
        rng: c.rng,
        signal: c.signal,
        ...(c.exact ? { exact: c.exact.bounded as ViewExact } : {}),
      }),
  },
  generalize: {
    body: (c) => {
      const columns = generalizeFrequencyColumns(c.description, c.dataset, c.anonymity);
      if (!c.anonymity || !columns) throw new Error("generalize needs an 'anonymity { k … }' block");
      // A unit the table lacks (the checker reports it) is left out rather than failing the preview.
      const table = c.frequencies ? undefined : needTable(c);
      const frequencies =
        c.frequencies ??
        frequencyTableOf(
          table!,
          columns.filter((n) => table!.columns.some((t) => t.name === n)),
        );
      return generalizePreview(frequencies, c.dataset, c.hierarchies, c.anonymity, c.levels);
    },
    frequencyColumns: generalizeFrequencyColumns,
    sampled: true,
  },
};

/** The view that draws a release, with what it reads. */
export function previewerOf(d: ReleaseDescription): Previewer {
  return previewers[previewKind(d)];
}

export async function previewBody(c: PreviewContext): Promise<PreviewBody> {
  return previewerOf(c.description).body(c);
}
