/**
 * One release kind (`count`, `sum`, `mean`, `mode`, `generalize`, `pram`, `grid`, `view`, `r2t`) as the rest of the
 * engine
 * sees it: the facts the planner asks about a kind, its planning step and its preparation for the runner. Each kind
 * lives in its own folder under engine/release/kinds/ and exports one `ReleaseKind`; the registry (registry.ts) is the
 * one place that maps a kind's name to its module, so that no other code switches on the kind and a run loads only the
 * kinds its spec uses.
 */
import type { AggregateAnswer, AggregateRequest, DataSource } from '../../source/data-source.js';
import type { DataLocation, TruncatedSumsAnswer, TruncatedSumsRequest } from '../../source/truncated-sums.js';
import type { SqlRelation, SqlTarget } from '../../source/sql/dialect.js';
import type { Table } from '../../table/table.js';
import type { StreamedRelease } from './generalize/streamed-generalize.js';
import type { PlanProblem } from '../plan-problem.js';
import type { PlanContext, ReleasePlan } from '../release-plan.js';
import type {
  MechanismDescription,
  MechanismKind,
  QueryDescription,
  QueryKind,
  ReleaseDescription,
} from '../release-description.js';
import type { Sensitivity } from '../sensitivity.js';
import type { ColumnUsage } from '../column-roles.js';
import type { MicrodataFile, MicrodataLayout } from '../linked-releases.js';
import type { ShapeLeak } from '../release-risk.js';
import type {
  CellFigures,
  CheckFacts,
  EditorCheck,
  EditorFacts,
  HoverLines,
  HoverPlan,
  MethodSwitch,
  PreviewView,
  QueryControl,
} from './kind-editor-types.js';
import type { PrepareAtSourceContext, PrepareContext } from './prepare-release.js';
import type { Prepared } from './prepared-release.js';

/** The query of one kind, narrowed from the description's union. */
export type QueryOf<K extends QueryKind> = Extract<QueryDescription, { kind: K }>;

/** What the planner has settled before a DP kind builds its measurement: the base plan, its sensitivity and domains. */
export interface PlanStep {
  /** The plan so far: costs empty, no measurement, no problem found. */
  readonly plan: ReleasePlan;
  readonly release: ReleaseDescription;
  readonly mechanism: MechanismDescription;
  readonly sensitivity: Sensitivity;
  readonly context: PlanContext;
  /** The value domains of `domainColumns`, a one-value placeholder where unknown, and whether all are known. */
  readonly domains: readonly (readonly string[])[];
  readonly known: boolean;
}

export interface ReleaseKind {
  readonly name: QueryKind;
  /** Whether the release spends central DP budget (a noise mechanism); microdata kinds (generalize, PRAM) do not. */
  readonly dp: boolean;
  /** The noise mechanisms the kind takes; none for microdata. */
  readonly mechanisms: readonly MechanismKind[];
  /** An example of a mechanism clause, for the message that asks for one. */
  readonly mechanismExample: string;
  /**
   * Whether the kind has a Bayesian-DP calibration for correlated units (Yang, Sato, Nakagawa 2015): sums and counts
   * do; a kind without one is refused on a dataset that declares correlated units, since its ε would understate the
   * leak.
   */
  readonly bayesian: boolean;
  /**
   * Whether the query protects persons whatever the dataset declares: an edge list's endpoints are units (node
   * privacy), so its spend is per person even in a spec without `unit`, and shares a ledger with per-person spends.
   */
  unitLevel?(query: QueryDescription): boolean;
  /** The columns whose value domains the release reads (groups, or the values a mode chooses among). */
  domainColumns(query: QueryDescription): readonly string[];
  /** Problems of the query itself, found without data (PRAM's retention, invariant PRAM). */
  queryProblems?(query: QueryDescription): PlanProblem[];
  /** Problems of the mechanism clause particular to the kind, once the mechanism is one the kind takes. */
  mechanismProblems?(query: QueryDescription, mechanism: MechanismDescription): PlanProblem[];
  /** Problems of the query against the context (a view's dimensions against the declared domains). */
  contextProblems?(query: QueryDescription, mechanism: MechanismDescription, context: PlanContext): PlanProblem[];
  /** A DP kind's plan with its measurement, cost, noise and error; problems found here are added to the plan's. */
  plan?(step: PlanStep): ReleasePlan;
  /** The release prepared for the runner, or the reason it is refused before anything is spent. */
  prepare(release: ReleaseDescription, context: PrepareContext): Prepared;
  /**
   * A microdata release prepared on the frequency tables of data read where it lies (a database table, DuckDB over
   * Parquet or a large CSV), its rows then streamed from `source` through its row transform; `columns` are the
   * source's.
   */
  prepareAtSource?(
    release: ReleaseDescription,
    source: DataSource,
    columns: readonly string[],
    context: PrepareAtSourceContext,
  ): Promise<StreamedRelease>;
  /**
   * Bounds the release reads from the data's extremes, where the spec accepts that leak (a grid without `within` and
   * `accept data-dependent-domain`); the planner prices the release over them.
   */
  boundsFromData?(release: ReleaseDescription, table: Table): PlanContext['gridBounds'];
  /** The same bounds read from a source: `columnTable` gives the frequency table of one column as a table. */
  boundsFromSource?(
    release: ReleaseDescription,
    columnTable: (column: string) => Promise<Table>,
  ): Promise<PlanContext['gridBounds']>;
  /**
   * The bounded aggregate a DP release asks of a data source (engine/source/data-source.ts), or undefined where it
   * cannot be answered so (a grid without public bounds); microdata kinds have none, since they write rows. `bounds`
   * read from the data (the preview's) are written in as if declared.
   */
  aggregateRequest?(
    release: ReleaseDescription,
    sensitivity: Sensitivity | undefined,
    unit: string | undefined,
    seed: string,
    bounds?: PlanContext['gridBounds'],
  ): AggregateRequest | undefined;
  /**
   * Whether its preview shows, beside each cell bounded by contribution bounding, the cell without the bound (a count,
   * sum or mean): a local figure for the data's owner, asked of a source as a second request without the bound.
   */
  readonly previewsUnbounded?: boolean;
  /**
   * Whether its size estimate reads the number of rows (a view's blocks). A run at a source asks the source for its row
   * count before the spend, since the answer that sizes it in memory is asked only after the spend.
   */
  readonly sizesByRows?: boolean;
  /** The exact stage's value from the source's answer to that request: what the measurement's first stage gives. */
  exactFromAnswer?(
    release: ReleaseDescription,
    domains: ReadonlyMap<string, readonly string[]>,
    answer: AggregateAnswer,
  ): unknown;
  /**
   * The truncated sums a source computes in place of reading the tables of `tablesRead` (R2T's, one statement over
   * the join), for a release of data read where it lies; undefined where the source cannot (an edge list, whose LP
   * runs in privspec). `unitTable` is the run's dataset, the source's own table; `locate` places the others.
   */
  truncatedSumsRequest?(
    release: ReleaseDescription,
    unit: string | undefined,
    unitTable: string,
    locate: (dataset: string) => DataLocation | undefined,
  ): TruncatedSumsRequest | undefined;
  /** The exact stage's value from the source's answer to that request. */
  exactFromTruncatedSums?(
    release: ReleaseDescription,
    domains: ReadonlyMap<string, readonly string[]>,
    answer: TruncatedSumsAnswer,
  ): unknown;
  /** The files a release reads besides the data and the hierarchies (a PRAM matrix file). */
  filesRead?(query: QueryDescription): string[];
  /**
   * The SQL `privspec plan` prints for a release that reads several tables (R2T's truncated aggregates), with comment
   * lines on its public parameters; `relationOf` names each dataset's relation in the dialect.
   */
  plannedSql?(
    release: ReleaseDescription,
    target: SqlTarget,
    relationOf: (dataset: string) => SqlRelation,
    unit: string | undefined,
  ): { readonly text?: string; readonly comments: readonly string[] };
  /**
   * The spec's datasets a release reads by name besides the run's own (a join's tables, an edge list): the runner reads
   * each and passes them in `PrepareContext.tables`.
   */
  tablesRead?(query: QueryDescription): readonly string[];
  /** The query with each file it names (`filesRead`) resolved by `resolve`: a spec names them relative to itself. */
  withFilesResolved?(query: QueryDescription, resolve: (path: string) => string): QueryDescription;
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  /**
   * The query's sensitivity for neighbours that differ by one unit (`unit`, the dataset's privacy unit when declared),
   * from the cases of engine/release/sensitivity.ts; problems of its parameters and its bound are appended to
   * `problems`. A microdata kind answers for one row.
   */
  sensitivity(query: QueryDescription, unit: string | undefined, problems: PlanProblem[]): Sensitivity;
  /**
   * Each column whose values the output depends on beyond a clamped aggregate, and how (engine/release/column-roles.ts
   * refuses those whose role forbids it).
   */
  columnUses(query: QueryDescription): readonly ColumnUsage[];
  /** The column a DP release sums under noise (a sum's or a mean's): read and protected, but not let out. */
  summedColumn?(query: QueryDescription): string;
  /**
   * What a microdata release's file holds unrandomized, for the linked-releases check
   * (engine/release/linked-releases.ts); absent for a DP kind, which writes no rows.
   */
  microdataFile?(query: QueryDescription, layout: MicrodataLayout): MicrodataFile;
  /** The columns a microdata release randomizes (PRAM's), which it protects. */
  randomizedColumns?(query: QueryDescription): readonly string[];
  /**
   * What of the output's shape the release takes from the data besides the values of `domainColumns` (a grid's bounds
   * without `within`), a leak the spec must accept (engine/release/release-risk.ts).
   */
  dataDependentShape?(query: QueryDescription): readonly ShapeLeak[];
  /**
   * For a release that does not bound one unit's contributions, the clause that would, as the refusal names it;
   * undefined when it does. Absent for a kind that takes no bound (microdata).
   */
  unboundedRemedy?(query: QueryDescription): string | undefined;
  // The preview and the editor (engine/preview/, language/lsp/ ask these).
  /** The preview panel's view that draws the kind (engine/preview/preview-body.ts). */
  readonly previewView: PreviewView;
  /** A count, sum or mean's figures per cell in its preview: its value, its error and what bounding removes. */
  readonly cellFigures?: CellFigures;
  /** The public bounds the spec writes for a release of the kind (a grid's `within`), which its preview draws over. */
  declaredBounds?(query: QueryDescription): PlanContext['gridBounds'];
  /** The panel's switch between the kind's mechanisms, offering those stated in the release's own parameter. */
  methodSwitch?(mechanism: MechanismDescription): MethodSwitch;
  /** A control on the query's own parameter, which the panel offers in place of the mechanism's (PRAM's retention). */
  readonly queryControl?: QueryControl;
  /** The hover's lines particular to the kind, in the data steward's figures. */
  hover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines>;
  /**
   * ▶ Run's sentence on the local privacy of a kind that spends no central budget (PRAM's local ε), before the run;
   * undefined when it cannot be known without the run.
   */
  localPrivacy?(plan: HoverPlan, facts: EditorFacts): Promise<string | undefined>;
  /** The bound a quick fix adds to a query of the kind that bounds no unit, or none. */
  boundFix?(query: QueryDescription): string | undefined;
  /** Whether a domain read from the data is only a warning on the kind, which no `accept` silences (PRAM's). */
  readonly domainFromDataWarns?: boolean;
  /** Whether the spec writes the kind's bound after its mechanism (`… hdpview epsilon 1 bound unit rows 2`). */
  readonly boundAfterMechanism?: boolean;
  /** Whether the editor's Anonymize CSV… runs a release of the kind: a generalization of the file. */
  readonly anonymizesCsv?: boolean;
  /** The checker's findings on a release of the kind that need no data, beyond the planner's problems. */
  editorChecks?(query: QueryDescription, facts: CheckFacts): EditorCheck[];
}
