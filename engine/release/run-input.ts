/**
 * Everything a release run reads, resolved by the language from the spec (language/release-input.ts): the dataset, the
 * budget, the releases, the hierarchies and anonymity block, the other files it reads, and how to read the table.
 * Plain data and one reader: the runner (engine/host/run/release-runner.ts), the planner's entry for a run
 * (plan-for.ts) and the preview take it.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import type { EngineChoice } from '../source/engine-choice.js';
import type { Table } from '../table/table.js';
import type {
  AnonymityDescription,
  BudgetDescription,
  DatasetDescription,
  ReleaseDescription,
} from './release-description.js';

/** Everything a run reads, resolved by the language from the spec. */
export interface RunInput {
  readonly specFile: string;
  readonly dataset: DatasetDescription;
  readonly budget: BudgetDescription;
  /** The releases to run (all, or the one `--only` names). */
  readonly releases: readonly ReleaseDescription[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly anonymity?: AnonymityDescription;
  /** Every other file the spec reads (hierarchy files, matrices, edge lists), so that no output replaces one. */
  readonly inputFiles: readonly string[];
  /**
   * Which engine reads the dataset when it is a file (`privspec release --engine`; engine/host/sources/open-source.ts):
   * 'auto' when absent. A Parquet file, a CSV above the size rule and a database table are read at their source.
   */
  readonly engine?: EngineChoice;
  readTable(): Promise<Table>;
  /**
   * The spec's other datasets (tables joined by keys, an edge list), which releases read by name
   * (`ReleaseKind.tablesRead`); the run's `dataset` is the one that carries the privacy unit.
   */
  readonly others?: readonly DatasetDescription[];
  /** Reads one of `others` by its dataset name. */
  readTableOf?(name: string): Promise<Table>;
}
