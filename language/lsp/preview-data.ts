/**
 * What the preview panel reads of a release's data, and the plan it draws from: the table in memory for a CSV (a
 * generalization on a sample when the table is beyond the work limit), or, for a dataset read where it lies (a Parquet
 * file, a CSV DuckDB reads, a PostgreSQL or ClickHouse table), only aggregates — a DP release's exact figures from the
 * source's answer to its own request, the frequency tables generalize and PRAM decide on.
 */
import { cryptoRandom, seededRandom, type RandomSource } from '../../engine/core/random.js';
import { planFor, releaseDomains, type RunInput } from '../../engine/host/run/release-runner.js';
import { openSourceOf, sourceDpFigures, type SourceAccess } from '../../engine/host/run/source-preview.js';
import { sampleFrequencies } from '../../engine/preview/frequency-sample.js';
import { previewerOf } from '../../engine/preview/preview-body.js';
import type { PreviewExact } from '../../engine/preview/preview-exact.js';
import { declaredDomains } from '../../engine/release/domains.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';
import type { ReleasePlan } from '../../engine/release/plan-release.js';
import type { ReleaseDescription } from '../../engine/release/release-description.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import { sampleRows } from '../../engine/table/row-sample.js';
import type { Table } from '../../engine/table/table.js';
import type { GridBounds } from '../../engine/wavelet/bin-points.js';
import type { PrivspecServices } from '../privspec-module.js';

/**
 * Rows × lattice nodes above which a generalization is previewed on a sample. The search's roll-up makes the full data
 * cheap (100,000 rows × 280 nodes in ~165 ms, 500,000 × 280 in ~250–450 ms on the 2-core development machine), and a
 * sample changes the answer — k counted on a tenth of the rows fails classes that pass on all of them — so only files
 * beyond this size are sampled, with that said in the panel.
 */
const GENERALIZE_WORK = 200_000_000;

/** What a preview reads of the data: the table in memory, or a source's aggregates; and the plan that will run. */
export interface PreviewData {
  readonly table?: Table;
  readonly exact?: PreviewExact;
  readonly frequencies?: FrequencyTable;
  readonly plan?: ReleasePlan;
  readonly domains: ReadonlyMap<string, readonly string[]>;
  readonly gridBounds?: GridBounds;
  /** The dataset, its `sampling` scaled when the preview reads a sample. */
  readonly dataset: RunInput['dataset'];
  readonly sample?: { rows: number; of: number };
  readonly notes: string[];
}

export interface DataOptions {
  readonly rng: RandomSource;
  readonly correlation?: { maxLeakage: number; unit: string };
  readonly generalizeWork?: number;
}

const SAMPLE_NOTE =
  'k and ℓ are checked on the sample, where classes are smaller than on all rows: the lattice and the optimum can differ from what the release finds';

/** The lattice's nodes: Π (height + 1) over the quasi-identifiers. */
const latticeNodes = (input: RunInput) =>
  input.dataset.quasi.reduce((n, q) => n * ((input.hierarchies.get(q)?.height ?? 0) + 1), 1);

/**
 * The table in memory (a CSV): the DP plan on it, and a generalization on a sample when the table is beyond the work
 * limit.
 */
export async function inMemory(input: RunInput, description: ReleaseDescription, o: DataOptions): Promise<PreviewData> {
  const full = await input.readTable();
  const kind = releaseKind(description.query.kind);
  let table = full;
  let dataset = input.dataset;
  const notes: string[] = [];
  if (previewerOf(description).sampled) {
    const nodes = latticeNodes(input);
    const work = o.generalizeWork ?? GENERALIZE_WORK;
    const rows = Math.max(2000, Math.floor(work / nodes));
    if (full.rowCount * nodes > work && rows < full.rowCount) {
      table = sampleRows(full, rows, o.rng);
      notes.push(SAMPLE_NOTE);
      // The sample is a sample of the declared sample: population uniqueness (Dankar et al. 2012) needs the product.
      if (dataset.sampling !== undefined)
        dataset = { ...dataset, sampling: (dataset.sampling * table.rowCount) / full.rowCount };
    }
  }
  const plan = kind.dp ? planFor(input, description, table, o.rng, o.correlation) : undefined;
  // Bounds read from the data's extremes, where the spec accepts that leak (a grid without `within`).
  const gridBounds = kind.boundsFromData?.(description, table);
  return {
    table,
    plan,
    domains: releaseDomains(input, description, table),
    gridBounds,
    dataset,
    notes,
    ...(table !== full ? { sample: { rows: table.rowCount, of: full.rowCount } } : {}),
  };
}

/**
 * A dataset read where it lies (a Parquet file, a CSV DuckDB reads, a database table): a DP release's exact figures are
 * the source's answer to the release's own request, generalize and PRAM read the frequency table of the columns they
 * decide on (cached by the store); no row is read. A generalization is previewed on a sample only when the frequency
 * table itself is beyond the work limit.
 */
export async function atSource(
  services: PrivspecServices,
  input: RunInput,
  description: ReleaseDescription,
  o: DataOptions & { seed?: number },
): Promise<PreviewData> {
  const store = services.data.CsvStore;
  const file = input.dataset.file;
  const access: SourceAccess = {
    frequencies: (columns) => store.frequencies(file, columns, input.dataset.delimiter),
    open: () => openSourceOf(file, input.dataset.delimiter),
  };
  const declared = new Map(declaredDomains(input.hierarchies));
  const previewer = previewerOf(description);
  if (previewer.frequencyColumns) {
    // A microdata release (generalize, PRAM) decides on the frequency table of the columns it reads.
    const columns = previewer.frequencyColumns(description, input.dataset, input.anonymity);
    if (!columns) return { domains: declared, dataset: input.dataset, notes: [] };
    const full = await access.frequencies(columns);
    if (!previewer.sampled) return { frequencies: full, domains: declared, dataset: input.dataset, notes: [] };
    const nodes = latticeNodes(input);
    const work = o.generalizeWork ?? GENERALIZE_WORK;
    const rows = Math.max(2000, Math.floor(work / nodes));
    if (full.count * nodes <= work || rows >= full.rowCount)
      return { frequencies: full, domains: declared, dataset: input.dataset, notes: [] };
    const frequencies = sampleFrequencies(full, rows, o.rng);
    const sampling = input.dataset.sampling;
    return {
      frequencies,
      domains: declared,
      dataset:
        sampling === undefined
          ? input.dataset
          : { ...input.dataset, sampling: (sampling * frequencies.rowCount) / full.rowCount },
      notes: [SAMPLE_NOTE],
      sample: { rows: frequencies.rowCount, of: full.rowCount },
    };
  }
  const boundingRng = o.seed !== undefined ? seededRandom(`bounding:${o.seed}`) : cryptoRandom();
  const figures = await sourceDpFigures(input, description, access, o.rng, boundingRng, o.correlation);
  return { ...figures, dataset: input.dataset, notes: [] };
}
