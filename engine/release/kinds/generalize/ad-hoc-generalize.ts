/**
 * `privspec anonymize` as an ad-hoc generalize release: the options stand for a spec whose dataset declares the
 * quasi-identifiers, the sensitive column and the kept (insensitive) columns — every other column identifying, as ARX
 * suppresses every attribute not declared — and whose anonymity block has the options' models, suppression limit and
 * metric and no pins. It is decided once, by the generalize kind's one decision (decide-generalization.ts), and its
 * rows are written through the kind's writers: in memory `generalizedTableRows`, at a source `streamedDecisionOf`, the
 * very functions a spec's `generalize` release writes through, so the file holds the lines a spec's release would.
 */
import type { Criterion } from '../../../criteria/criterion.js';
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import type { MetricName } from '../../../metrics/metric-by-name.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import type { Table } from '../../../table/table.js';
import {
  decideGeneralization,
  type Decided,
  type GeneralizationDecision,
  type GeneralizationSpec,
} from '../../decide-generalization.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../../release-description.js';
import { generalizedTableRows } from './generalize-release.js';
import { streamedDecisionOf, type StreamedDecision } from './streamed-generalize.js';

/** What `privspec anonymize` is given: the columns' roles, their hierarchies and the model. */
export interface AdHocOptions {
  /** The data's path or database location. */
  readonly file: string;
  readonly quasi: readonly string[];
  readonly hierarchies: readonly Hierarchy[];
  readonly sensitive?: string;
  /** Insensitive columns, written unchanged. */
  readonly keep: readonly string[];
  readonly criteria: readonly Criterion[];
  readonly suppression: number;
  readonly metric: MetricName;
}

/** The ad-hoc release: its dataset, its anonymity block, and the spec its decision reads. */
export interface AdHocGeneralize {
  readonly dataset: DatasetDescription;
  readonly anonymity: AnonymityDescription;
  readonly spec: GeneralizationSpec;
}

export function adHocGeneralize(o: AdHocOptions): AdHocGeneralize {
  const dataset: DatasetDescription = {
    name: 'anonymize',
    file: o.file,
    identifying: [],
    quasi: o.quasi,
    sensitive: o.sensitive === undefined ? [] : [o.sensitive],
    insensitive: o.keep,
  };
  const anonymity: AnonymityDescription = {
    criteria: [...o.criteria],
    suppression: o.suppression,
    metric: o.metric,
    pins: new Map<string, number>(),
  };
  const hierarchies = new Map(o.quasi.map((q, i) => [q, o.hierarchies[i]]));
  return { dataset, anonymity, spec: { quasi: o.quasi, hierarchies, anonymity } };
}

/**
 * The one decision, on the frequency table of the quasi-identifiers and the sensitive column (read from a file, a
 * source or a warehouse's answer); refused with its reason when nothing satisfies the model.
 */
export function decideAdHoc(frequencies: FrequencyTable, release: AdHocGeneralize): GeneralizationDecision {
  return decideGeneralization(frequencies, release.spec);
}

/** The columns the release writes and those it removes, in the header's order. */
export function adHocColumns(
  release: AdHocGeneralize,
  header: readonly string[],
): { kept: string[]; removed: string[] } {
  return releasableColumns(release.dataset, header);
}

/** The generalized rows of a table in memory, with the input row of each, as the in-memory release writes them. */
export function adHocRows(
  release: AdHocGeneralize,
  table: Table,
  decision: Decided,
): { header: string[]; rows: string[][]; sourceRows: Int32Array } {
  const { kept } = adHocColumns(
    release,
    table.columns.map((c) => c.name),
  );
  return { header: kept, ...generalizedTableRows(table, kept, decision) };
}

/** The decision streamed over a source's columns, as the streamed release streams it. */
export function adHocStreamed(
  release: AdHocGeneralize,
  columns: readonly string[],
  decision: Decided,
): StreamedDecision {
  return streamedDecisionOf(decision, adHocColumns(release, columns).kept);
}
