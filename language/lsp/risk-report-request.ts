/**
 * `privspec/riskReport`: the editor's risk report, computed by the engine's `riskReportFigures` from the inputs the
 * release reads — the spec's dataset (unit, sensitive columns, sampling fraction), the hierarchies built by the
 * release's own loop, the anonymity block with its pins and suppression limit — on the table the server's CSV store
 * reads, as the runner reads it. The dataset hover states the same figures (`specRiskInput` below), and `privspec risk`
 * counts with the same `riskReportOfClasses`.
 */
import { URI, type LangiumDocument } from 'langium';
import { RequestType, type Connection } from 'vscode-languageserver';
import { readsAtSource, type CsvStore } from '../../engine/host/sources/csv/csv-store.js';
import { expandedRows } from '../../engine/table/expand-frequency-table.js';
import type { AnonymityDescription, DatasetDescription } from '../../engine/release/release-description.js';
import { riskReportFigures, type RiskFiguresInput } from '../../engine/report/risk-report-figures.js';
import type { Table } from '../../engine/table/table.js';
import { riskReportRequestMethod, type RiskReportParams, type RiskReportResponse } from '../editor-request-types.js';
import { analyzeDocument, specPath, type SpecAnalysis } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { anonymityPlan } from '../privspec-to-engine.js';
import { SpecNotRunnable } from '../spec-not-runnable.js';
import { specHierarchies } from '../spec-hierarchies.js';
import { abortOn } from './request-cancellation.js';
import { toResponseError } from './request-errors.js';

export const riskReportRequest = new RequestType<RiskReportParams, RiskReportResponse, void>(riskReportRequestMethod);

/** k of the editor's default, used by a spec that states none; the validator asks for one before any release. */
const FALLBACK_K = 5;

/**
 * The anonymity block through the one bridge; a block the engine rejects (k 0) gives none, since the spec's own
 * diagnostics report it and figures against a broken block would mislead.
 */
function anonymityOf(analysis: SpecAnalysis): AnonymityDescription | undefined {
  const block = analysis.parts.anonymity;
  if (!block) return undefined;
  try {
    return anonymityPlan(block);
  } catch {
    return undefined;
  }
}

/**
 * The risk figures' inputs for a spec, or undefined when it declares no dataset with quasi-identifiers. `table` reads
 * the dataset (the hover passes the store's already-scanned table and gives up when there is none yet).
 */
export async function specRiskInput(
  store: CsvStore,
  document: LangiumDocument,
  options: { defaultK?: number; source?: string; table?: (d: DatasetDescription) => Promise<Table | undefined> } = {},
): Promise<RiskFiguresInput | undefined> {
  const analysis = analyzeDocument(document);
  const dataset = analysis.dataset;
  if (!dataset || dataset.quasi.length === 0) return undefined;
  const table = await (options.table ?? ((d) => riskTable(store, d, anonymityOf(analysis))))(dataset);
  if (!table) return undefined;
  const { hierarchies } = await specHierarchies(store, analysis, specPath(document));
  const anonymity = anonymityOf(analysis);
  return {
    table,
    source: options.source ?? dataset.file,
    dataset,
    k: anonymity?.k ?? options.defaultK ?? FALLBACK_K,
    hierarchies,
    anonymity,
  };
}

/**
 * Rows a Parquet or database dataset's risk report expands its frequency table to: 4 bytes a cell over the few columns
 * the report reads, 200 MB at most for six of them. Beyond it the command line's report, which counts on the frequency
 * table itself, is the one to run.
 */
export const RISK_EXPAND_ROWS = 8_000_000;

/**
 * The table the report counts on: a CSV's, or, for a dataset read at its source (a Parquet file, a database table),
 * the source's frequency table over the columns the report reads (quasi-identifiers, unit, sensitive columns, weight)
 * repeated by its counts — the same classes, sizes and sensitive values as the rows, while no row leaves the source.
 */
async function riskTable(
  store: CsvStore,
  d: DatasetDescription,
  anonymity: AnonymityDescription | undefined,
): Promise<Table> {
  if (!readsAtSource(d.file)) return store.table(d.file, d.delimiter);
  const header = (await store.header(d.file, d.delimiter)).header;
  const wanted = [
    ...d.quasi,
    ...(d.unit !== undefined ? [d.unit] : []),
    ...d.sensitive,
    ...(d.weight !== undefined ? [d.weight] : []),
    ...(anonymity?.criteria ?? []).flatMap((c) => (c.sensitive !== undefined ? [c.sensitive] : [])),
  ];
  const columns = [...new Set(wanted)].filter((c) => header.includes(c));
  const frequencies = await store.frequencies(d.file, columns, d.delimiter);
  if (frequencies.rowCount > RISK_EXPAND_ROWS) {
    throw new SpecNotRunnable(
      `${d.file} has ${frequencies.rowCount} rows, beyond the editor's risk report (${RISK_EXPAND_ROWS}); run 'privspec risk' on it, which counts on the source's frequency table`,
      'input',
    );
  }
  return expandedRows(frequencies);
}

/** A CSV the workspace settings describe: its quasi-identifiers and k, nothing else (no spec, no pins, no unit). */
function settingsDataset(path: string, delimiter: string | undefined, qi: readonly string[]): DatasetDescription {
  return { name: '', file: path, delimiter, identifying: [], quasi: qi, sensitive: [], insensitive: [] };
}

export async function riskReportResponse(
  services: PrivspecServices,
  params: RiskReportParams,
  signal?: AbortSignal,
): Promise<RiskReportResponse> {
  const store = services.data.CsvStore;
  if ('csv' in params) {
    const { path, delimiter, qi, k } = params.csv;
    const table = await store.table(path, delimiter);
    return riskReportFigures(
      { table, source: params.source, dataset: settingsDataset(path, delimiter, qi), k, hierarchies: new Map() },
      { signal },
    );
  }
  const document = await services.shared.workspace.LangiumDocuments.getOrCreateDocument(URI.parse(params.uri));
  const input = await specRiskInput(store, document, { defaultK: params.defaultK, source: params.source });
  if (!input) throw new SpecNotRunnable(`${specPath(document)} declares no dataset with quasi-identifiers`, 'input');
  return riskReportFigures({ ...input, riskThreshold: params.riskThreshold }, { signal });
}

export function registerRiskReportRequest(connection: Connection, services: PrivspecServices): void {
  connection.onRequest(riskReportRequest, async (params, token) => {
    const { signal, dispose } = abortOn(token);
    try {
      return await riskReportResponse(services, params, signal);
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    } finally {
      dispose();
    }
  });
}
