/**
 * The checks that read the files a spec names: the dataset's header (column names), the hierarchy files, and the
 * whole table (hierarchy coverage, k-anonymity and ℓ-diversity of the data as it stands, δ against the row count).
 * They run asynchronously and give way to cancellation between steps, so that typing never waits for a scan.
 */
import { AstUtils, Cancellation, delayNextTick, OperationCancelled, type ValidationAcceptor } from 'langium';
import { equivalenceClasses } from '../engine/anonymity/equivalence-classes.js';
import { kAnonymityViolations } from '../engine/anonymity/k-anonymity-report.js';
import { belowK } from '../engine/anonymity/below-k.js';
import {
  blankUnitsMessage,
  blankUnitsOfFrequencies,
  blankUnitsOfTable,
  type BlankUnits,
} from '../engine/anonymity/blank-units.js';
import { criterionReport, lDiversityReport } from '../engine/anonymity/criterion-report.js';
import { classStats } from '../engine/anonymity/class-stats.js';
import type { EquivalenceClasses } from '../engine/anonymity/equivalence-classes.js';
import { bindCriteria } from '../engine/criteria/bind-criteria.js';
import type { ClassStats, Criterion } from '../engine/criteria/criterion.js';
import { UnboundTCloseness } from '../engine/criteria/unbound-t-closeness.js';
import { frequencyColumn } from '../engine/table/frequency-table-of.js';
import { KAnonymity } from '../engine/criteria/k-anonymity.js';
import { bindHierarchy } from '../engine/hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { HierarchyIssueCodes, validateHierarchy } from '../engine/hierarchy/validate-hierarchy.js';
import { column, TableError, type Table } from '../engine/table/table.js';
import { CsvFileError, readsAtSource, type CsvStore } from '../engine/host/sources/csv/csv-store.js';
import { frequencyClasses, frequencyTableView } from '../engine/anonymity/frequency-classes.js';
import type { FrequencyTable } from '../engine/table/frequency-table.js';
import { checkedColumns } from './checked-columns.js';
import * as ast from './generated/ast.js';
import { analyzeSpec } from './privspec-analysis.js';
import { anonymityPlan, buildHierarchy, datasetPlan, resolveSpecPath } from './privspec-to-engine.js';
import { IssueCodes } from './issue-codes.js';
import { joinsOnAnotherKey, summedTableOf } from './privspec-r2t-checks.js';
import type { QuickFixData } from './lsp/privspec-code-actions.js';
import { didYouMean } from './did-you-mean.js';
import { findOptimalTransformation } from './privspec-search.js';
import { correlationLeakage } from './lsp/correlation-hover.js';
import { plural } from '../engine/core/plural.js';
import { dataCheckCache, nodePath } from './data-check-cache.js';

/** Races a promise against cancellation, so a validation can be abandoned while a shared read goes on. */
export async function unlessCancelled<T>(promise: Promise<T>, token: Cancellation.CancellationToken): Promise<T> {
  // Langium's cancellation is the OperationCancelled symbol, which its builder recognizes (isOperationCancelled).
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the reason is above
  if (token.isCancellationRequested) throw OperationCancelled;
  let dispose: (() => void) | undefined;
  const cancelled = new Promise<never>((_, reject) => {
    // Langium's cancellation is the OperationCancelled symbol (isOperationCancelled).
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the reason is above
    const subscription = token.onCancellationRequested(() => reject(OperationCancelled));
    dispose = () => subscription.dispose();
  });
  try {
    return await Promise.race([promise, cancelled]);
  } finally {
    dispose?.();
  }
}

/**
 * The datasets a column reference names a column of: the dataset block it is in, the tables a release reads by name
 * (`from T join U on K`, an edge list), or else the spec's dataset.
 */
function tablesOfRef(ref: ast.ColumnRef, main: string): string[] {
  const block = AstUtils.getContainerOfType(ref, ast.isDataset);
  if (block) return [block.name];
  const count = AstUtils.getContainerOfType(ref, ast.isCountQuery);
  if (count?.edges !== undefined) return [count.edges];
  const query = count ?? AstUtils.getContainerOfType(ref, ast.isSumQuery);
  const source = query?.source;
  if (source?.table !== undefined) return [source.table, ...(source.join !== undefined ? [source.join] : [])];
  return [main];
}

/** The headers of the spec's datasets other than `main`, by name; a missing or unreadable file is reported. */
async function otherHeaders(
  spec: ast.Spec,
  main: ast.Dataset,
  path: string,
  store: CsvStore,
  accept: ValidationAcceptor,
  token: Cancellation.CancellationToken,
): Promise<Map<string, { header: readonly string[]; file: string }>> {
  const headers = new Map<string, { header: readonly string[]; file: string }>();
  for (const d of spec.datasets) {
    if (d === main || headers.has(d.name) || (d.file === undefined && d.table === undefined)) continue;
    const plan = datasetPlan(d, path);
    const property = d.file !== undefined ? 'file' : 'table';
    if (!(await store.exists(plan.file))) {
      accept('error', `file not found: ${plan.file}`, { node: d, property, code: IssueCodes.MissingFile });
      continue;
    }
    try {
      const { header } = await unlessCancelled(store.header(plan.file, plan.delimiter), token);
      headers.set(d.name, { header, file: d.file ?? plan.file });
    } catch (e) {
      if (e === OperationCancelled) throw e;
      accept('error', `cannot read ${plan.file}: ${(e as Error).message}`, {
        node: d,
        property,
        code: IssueCodes.UnreadableFile,
      });
    }
  }
  return headers;
}

/**
 * `files`: the checks that read only headers and small files (missing files, unknown columns, hierarchy files), cheap
 * enough for every keystroke. `data`: the scans of the whole table; it repeats the file steps silently to get the
 * header and the hierarchies, which the caches make free. `search`: the optimal-transformation hint that follows a k /
 * ℓ violation; it repeats the steps before it silently (the table comes from the store's cache) and reports the hint
 * alone. It is a step of its own so that what only needs the errors (a release, a preview) does not run the search:
 * a release decides its generalization once, in the release.
 */
export async function checkSpecData(
  spec: ast.Spec,
  path: string,
  store: CsvStore,
  sink: ValidationAcceptor,
  token: Cancellation.CancellationToken,
  part: 'files' | 'data' | 'search',
): Promise<void> {
  const silent: ValidationAcceptor = () => {};
  const accept = part === 'files' ? sink : silent;
  // The correlation's check reports here; the scans report through the cache (below).
  const report = part === 'data' ? sink : silent;
  const analysis = analyzeSpec(spec, path);
  const dataset = analysis.parts.dataset;
  const plan = analysis.dataset;
  if (!dataset || !plan) return;

  if (!(await store.exists(plan.file))) {
    accept('error', `file not found: ${plan.file}`, { node: dataset, property: 'file', code: IssueCodes.MissingFile });
    return;
  }
  const correlation = dataset.clauses.find((c): c is ast.CorrelationClause => c.$type === 'CorrelationClause');
  if (correlation && plan.correlation && !(await store.exists(plan.correlation.file))) {
    accept('error', `file not found: ${plan.correlation.file} (the correlation edge list)`, {
      node: correlation,
      property: 'file',
      code: IssueCodes.MissingFile,
    });
  } else if (correlation && plan.correlation && part === 'data') {
    // The very computation a release runs (edgeListLeakage, cached by text): what it refuses, check refuses too.
    const leakage = await unlessCancelled(
      correlationLeakage(store, plan.correlation.file, plan.correlation.prior ?? 0),
      token,
    );
    if (typeof leakage === 'string')
      report('error', `the correlation edge list cannot be used: ${leakage}`, {
        node: correlation,
        property: 'file',
        code: IssueCodes.UnreadableFile,
      });
  }
  let header: readonly string[];
  try {
    header = (await unlessCancelled(store.header(plan.file, plan.delimiter), token)).header;
  } catch (e) {
    if (e === OperationCancelled) throw e;
    accept('error', `cannot read ${plan.file}: ${(e as Error).message}`, {
      node: dataset,
      property: dataset.file !== undefined ? 'file' : 'table',
      code: IssueCodes.UnreadableFile,
    });
    return;
  }
  const known = new Set(header);
  // The spec's other datasets (tables joined by keys, an edge list): their headers, for the columns named in them.
  const others = await otherHeaders(spec, dataset, path, store, accept, token);
  const headers = new Map<string, { header: readonly string[]; file: string }>([
    [dataset.name, { header, file: dataset.file ?? plan.file }],
    ...others,
  ]);
  let unknown = false;
  for (const ref of AstUtils.streamAllContents(spec).filter(ast.isColumnRef)) {
    const tables = tablesOfRef(ref, dataset.name);
    // A dataset whose file is missing or unreadable has its own error; its columns are not checked.
    if (tables.some((t) => !headers.has(t))) continue;
    const named = tables.map((t) => headers.get(t)!);
    const source = ref.$container;
    if (ast.isTableSource(source) && source.key === ref) {
      // The join key: it must be a column of both tables. A key that is not the unit is one error already, the
      // foreign-key rule's (privspec-r2t-checks.ts).
      if (joinsOnAnotherKey(source, spec)) continue;
      const missing = tables.filter((t) => !headers.get(t)!.header.includes(ref.name));
      if (missing.length > 0) {
        unknown = true;
        accept(
          'error',
          `the join key '${ref.name}' must be a column of both tables; ${missing.map((t) => `'${t}' (${headers.get(t)!.file}) has ${headers.get(t)!.header.join(', ')}`).join('; ')}`,
          { node: ref, property: 'name', code: IssueCodes.JoinKey },
        );
      }
      continue;
    }
    // A sum over a join adds a column of the joined table, and of it alone (summedTableOf).
    if (ast.isSumQuery(source) && source.column === ref && source.source?.join !== undefined) {
      const summed = summedTableOf(source, spec);
      const other = tables.find((t) => t !== summed);
      const inSummed = summed !== undefined && headers.get(summed)?.header.includes(ref.name) === true;
      const inOther = other !== undefined && headers.get(other)?.header.includes(ref.name) === true;
      if (summed !== undefined && other !== undefined && inOther) {
        unknown = true;
        accept(
          'error',
          inSummed
            ? `'${ref.name}' is a column of both '${summed}' and '${other}': a sum over a join adds the joined table's column ('${summed}'), and the spec cannot say which one it means; rename the column in one of the files`
            : `'${ref.name}' is a column of '${other}', the unit's table: a sum over a join adds a column of the joined table '${summed}' (each joined row's amount), since '${other}'s own value would count once per joined row; sum it without the join`,
          { node: ref, property: 'name', code: IssueCodes.UnknownColumn },
        );
        continue;
      }
    }
    if (named.some((n) => n.header.includes(ref.name))) continue;
    unknown = true;
    const columns = named.flatMap((n) => n.header);
    const guess = didYouMean(ref.name, columns);
    const hint = guess ? ` (did you mean '${guess}'?)` : `; the columns are ${columns.join(', ')}`;
    const data: QuickFixData = { code: IssueCodes.UnknownColumn, replacement: guess };
    accept('error', `unknown column '${ref.name}' in ${named.map((n) => n.file).join(' or ')}${hint}`, {
      node: ref,
      property: 'name',
      code: IssueCodes.UnknownColumn,
      data,
    });
  }

  const hierarchies = new Map<string, ReturnType<typeof buildHierarchy>>();
  for (const [name, node] of analysis.parts.hierarchies) {
    const file = node.file === undefined ? undefined : resolveSpecPath(path, node.file);
    if (file !== undefined && !(await store.exists(file))) {
      accept('error', `hierarchy file not found: ${file}`, { node, property: 'file', code: IssueCodes.MissingFile });
      continue;
    }
    try {
      const texts = file === undefined ? undefined : await unlessCancelled(store.text(file), token);
      hierarchies.set(
        name,
        buildHierarchy(node, () => texts ?? '', path),
      );
    } catch (e) {
      if (e === OperationCancelled) throw e;
      const where = e instanceof TableError && e.line !== undefined ? ` (${node.file ?? ''}:${e.line})` : '';
      if (file !== undefined)
        accept('error', `${(e as Error).message}${where}`, {
          node,
          property: 'file',
          code: IssueCodes.HierarchyInvalid,
        });
      // Builders' errors are reported by the fast check on the hierarchy itself.
    }
  }
  if (unknown || part === 'files') return;
  const block = analysis.parts.anonymity;
  // The scans read the data, the hierarchies, the dataset block and the anonymity block, and nothing else of the spec:
  // keyed by these, an edit of a release line or the budget replays their diagnostics (data-check-cache.ts).
  const key = await scanKey(part, path, plan, store, [dataset, ...analysis.parts.hierarchies.values(), block]);
  const rowCount = await dataCheckCache(store).run(key, spec, sink, async (out): Promise<number | undefined> => {
    const report = part === 'data' ? out : silent;
    const hint = part === 'search' ? out : undefined;

    let table: Table;
    let frequencies: FrequencyTable | undefined;
    try {
      if (readsAtSource(plan.file)) {
        // A Parquet file or a database table: only the frequency table over the columns these checks read leaves it.
        frequencies = await unlessCancelled(
          store.frequencies(
            plan.file,
            checkedColumns(analysis.parts.anonymity, dataset, plan.quasi, [...hierarchies.keys()], known),
          ),
          token,
        );
        table = frequencyTableView(frequencies);
      } else table = await unlessCancelled(store.table(plan.file, plan.delimiter), token);
    } catch (e) {
      if (e === OperationCancelled) throw e;
      const line =
        e instanceof CsvFileError && e.line
          ? `:${e.line}`
          : (e as { line?: number }).line
            ? `:${(e as { line?: number }).line}`
            : '';
      report('error', `cannot read ${plan.file}${line}: ${(e as Error).message}`, {
        node: dataset,
        property: dataset.file !== undefined ? 'file' : 'table',
        code: IssueCodes.UnreadableFile,
      });
      return undefined;
    }

    // The anonymity checks on the data; the search part gives them its hint sink, the data part none.
    const anonymityOnData = async () => {
      if (block && plan.quasi.length > 0)
        await checkAnonymityOnData({
          table,
          frequencies,
          quasi: plan.quasi,
          hierarchies,
          block,
          analysis,
          path,
          store,
          report,
          ...(hint ? { hint } : {}),
          token,
        });
    };
    if (part === 'search') {
      await anonymityOnData();
      return undefined;
    }
    for (const [name, hierarchy] of hierarchies) {
      const node = analysis.parts.hierarchies.get(name)!;
      for (const p of validateHierarchy(hierarchy, column(table, name))) {
        const code =
          p.code === HierarchyIssueCodes.MissingValues
            ? IssueCodes.HierarchyMissingValues
            : IssueCodes.HierarchyInconsistent;
        const where = p.line !== undefined && node.file !== undefined ? ` (${node.file}:${p.line})` : '';
        report('error', `${p.message}${where}`, { node, property: 'column', code });
      }
    }
    // Let other requests (completion, hover) in between the read and the scans below.
    await delayNextTick();
    // Langium's cancellation is the OperationCancelled symbol, which its builder recognizes (isOperationCancelled).
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the reason is above
    if (token.isCancellationRequested) throw OperationCancelled;

    const rowCount = frequencies?.rowCount ?? table.rowCount;
    // A blank unit is no person: every release refuses such data (engine/anonymity/blank-units.ts), so check says so
    // first.
    const unitClause = dataset.clauses.find(ast.isUnitClause);
    const unit = unitClause?.column?.name;
    // At its source the checks' frequency table need not hold the unit (grouped by it, it would hold a record per
    // person): the source is asked the one count the release asks.
    if (unitClause && unit !== undefined && known.has(unit)) {
      let blank: BlankUnits;
      try {
        blank = !frequencies
          ? blankUnitsOfTable(table, unit)
          : frequencies.columns.some((c) => c.name === unit)
            ? { rows: blankUnitsOfFrequencies(frequencies, unit) }
            : await unlessCancelled(store.blankUnits(plan.file, unit, plan.delimiter), token);
      } catch (e) {
        if (e === OperationCancelled) throw e;
        report('error', `cannot read ${plan.file}: ${(e as Error).message}`, {
          node: dataset,
          property: dataset.file !== undefined ? 'file' : 'table',
          code: IssueCodes.UnreadableFile,
        });
        return rowCount;
      }
      if (blank.rows > 0)
        report('error', blankUnitsMessage(dataset.file ?? plan.file, unit, blank), {
          node: unitClause,
          property: 'column',
          code: IssueCodes.BlankUnit,
        });
    }
    const weight = dataset.clauses.find(ast.isWeightClause);
    if (weight?.column && table.columns.some((c) => c.name === weight.column.name)) {
      try {
        // Loaded only for a spec that declares weights: a check of any other spec reads no risk module.
        const { surveyWeights } = await import('../engine/risk/survey-weights.js');
        surveyWeights(table, weight.column.name);
      } catch (e) {
        // The first bad weight, with its line in the CSV, on the clause that declares the column.
        // A frequency table's records have no line in a file.
        const where =
          e instanceof TableError && e.line !== undefined && dataset.file !== undefined && !frequencies
            ? ` (${dataset.file}:${e.line})`
            : '';
        report('error', `${(e as Error).message}${where}`, {
          node: weight,
          property: 'column',
          code: IssueCodes.InvalidWeight,
        });
      }
    }
    await anonymityOnData();
    return rowCount;
  });
  // δ against n reads the release lines and the budget: checked on every validation, with n from the scans.
  if (part === 'data' && rowCount !== undefined) checkDeltas(spec, rowCount, sink);
}

/**
 * The key of a part's scans: the data's and the hierarchy files' identities as the store sees them, and the text and
 * place of each spec part the scans read (the place, because their diagnostics are replayed onto the node there).
 */
async function scanKey(
  part: 'data' | 'search',
  path: string,
  plan: NonNullable<ReturnType<typeof analyzeSpec>['dataset']>,
  store: CsvStore,
  nodes: readonly (ast.Dataset | ast.Hierarchy | ast.Anonymity | undefined)[],
): Promise<string> {
  const files = [plan.file, ...(plan.correlation ? [plan.correlation.file] : [])];
  for (const node of nodes)
    if (node && ast.isHierarchy(node) && node.file !== undefined) files.push(resolveSpecPath(path, node.file));
  const identities = await Promise.all(files.map((f) => store.identity(f).catch(() => 'missing')));
  const parts = nodes.map((n) => (n ? [nodePath(n), n.$cstNode?.text ?? ''] : null));
  return JSON.stringify([part, path, files, identities, parts]);
}

interface AnonymityCheck {
  /** The rows, or a frequency table's records (`frequencyTableView`) when `frequencies` is given. */
  readonly table: Table;
  readonly frequencies?: FrequencyTable;
  readonly quasi: readonly string[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly block: ast.Anonymity;
  readonly analysis: ReturnType<typeof analyzeSpec>;
  readonly path: string;
  readonly store: CsvStore;
  readonly report: ValidationAcceptor;
  /** Where the optimal-transformation hint goes after a violation; without it the search is not run. */
  readonly hint?: ValidationAcceptor;
  readonly token: Cancellation.CancellationToken;
}

/**
 * The data as it stands (or at the pinned levels) against each criterion of the anonymity block, each warning on the
 * clause that states the criterion; after a violation, the optimal transformation as a hint (when `hint` is given).
 */
async function checkAnonymityOnData(c: AnonymityCheck): Promise<void> {
  const { table, frequencies, quasi, hierarchies, block, analysis, path, store, report, hint, token } = c;
  const rowCount = frequencies?.rowCount ?? table.rowCount;
  let anonymity: ReturnType<typeof anonymityPlan>;
  try {
    anonymity = anonymityPlan(block);
  } catch {
    return; // Parameter errors are the fast checks' business.
  }
  // Pinned columns (`generalize zip 1`) are counted at their pinned level, the others as they stand.
  const pinned = pinnedGeneralization(table, quasi, hierarchies, anonymity.pins, block, report);
  if (pinned === null) return;
  const classes = frequencies
    ? frequencyClasses(frequencies, quasi, pinned?.generalization)
    : equivalenceClasses(table, quasi, pinned?.generalization);
  const stands = pinned ? `at the pinned levels (${pinned.label})` : 'as it stands';
  let violated = false;
  for (const criterion of anonymity.criteria) {
    const clause = anonymity.clauses.get(criterion);
    if (!clause) continue;
    if (
      criterion instanceof KAnonymity &&
      criterion.unit !== undefined &&
      table.columns.some((col) => col.name === criterion.unit)
    ) {
      // Rows of one person do not hide each other: k counts distinct units (Wang & Fung, KDD 2006).
      const unit = column(table, criterion.unit);
      // The one count of who is below k (engine/anonymity/below-k.ts), as `privspec risk --unit` states it.
      const r = belowK(classes, criterion.k, { codes: unit.codes, cardinality: unit.dictionary.length });
      if (r.classes === 0) continue;
      violated = true;
      report(
        'warning',
        `the data ${stands} violates ${criterion.k}-anonymity on ${quasi.join(', ')} counted in distinct ${criterion.unit}: ${r.rows} of ${rowCount} rows (${r.persons} ${criterion.unit}) are in ${plural(r.classes, 'class', 'classes')} with fewer than ${criterion.k} distinct ${criterion.unit}`,
        { node: clause, code: IssueCodes.KAnonymityViolated },
      );
    } else if (criterion.sensitive === undefined) {
      const v = kAnonymityViolations(classes, criterion.minClassSize);
      if (v.classes === 0) continue;
      violated = true;
      report(
        'warning',
        `the data ${stands} violates ${criterion.minClassSize}-anonymity on ${quasi.join(', ')}: ${v.records} of ${rowCount} rows are in ${plural(v.classes, 'class', 'classes')} smaller than ${criterion.minClassSize}`,
        { node: clause, code: IssueCodes.KAnonymityViolated },
      );
    } else if (criterion instanceof UnboundTCloseness) {
      if (!table.columns.some((col) => col.name === criterion.sensitive)) continue;
      const r = tClosenessOnData(criterion, table, frequencies, hierarchies, classes);
      if (!r) continue;
      violated = true;
      report(
        'warning',
        `the data ${stands} violates ${criterion.name}: ${r.records} of ${rowCount} rows are in ${r.classes} of ${plural(classes.classCount, 'class', 'classes')} farther than ${criterion.t} from the overall distribution of ${criterion.sensitive}; ${r.first}`,
        { node: clause, code: IssueCodes.TClosenessViolated },
      );
    } else if (table.columns.some((col) => col.name === criterion.sensitive)) {
      const r = lDiversityReport(table, classes, criterion);
      if (r.classes === 0) continue;
      violated = true;
      report(
        'warning',
        `the data ${stands} violates ${criterion.name}: ${r.records} of ${rowCount} rows are in ${r.classes} of ${plural(classes.classCount, 'class', 'classes')} that fail it`,
        { node: clause, code: IssueCodes.LDiversityViolated },
      );
    }
  }
  if (!violated || !hint) return;
  // The key holds the hierarchies' and the block's text (files included); the table is the cache's own key.
  const texts = quasi.map((q) => analysis.parts.hierarchies.get(q)?.$cstNode?.text ?? '');
  const files = await Promise.all(
    quasi.map(async (q) => {
      const f = analysis.parts.hierarchies.get(q)?.file;
      return f === undefined ? '' : await store.text(resolveSpecPath(path, f)).catch(() => '');
    }),
  );
  const specKey = JSON.stringify([texts, files, block.$cstNode?.text ?? '']);
  // The search reads the frequency table (a source's as it comes, a CSV's table grouped), within the editor's search
  // limit, which counts rows whichever it reads, so the hint is the same for a CSV and its Parquet copy.
  const found = findOptimalTransformation(frequencies ?? table, quasi, hierarchies, anonymity, token, specKey);
  // A cancelled search yields no hint, and that absence must not be kept as the answer (data-check-cache.ts).
  // Langium's cancellation is the OperationCancelled symbol, which its builder recognizes (isOperationCancelled).
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the reason is above
  if (token.isCancellationRequested) throw OperationCancelled;
  if (found) hint('info', found.message, { node: block, code: IssueCodes.OptimalTransformation });
}

/**
 * t-closeness on the data's classes: the model bound (`bindCriteria`, as the search binds it) to the sensitive
 * column's distribution over all rows, then every class checked. Undefined when every class passes, or when the model
 * cannot be bound (a hierarchy that does not cover the column: the hierarchy checks report it). `first` names the
 * first failing class's distance and, when the entries are rows, its rows (numbered from 1 after the header).
 */
function tClosenessOnData(
  criterion: UnboundTCloseness,
  table: Table,
  frequencies: FrequencyTable | undefined,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  classes: EquivalenceClasses,
): { classes: number; records: number; first: string } | undefined {
  let bound: Criterion;
  try {
    [bound] = bindCriteria(
      [criterion],
      (name) => (frequencies ? frequencyColumn(frequencies, name) : column(table, name)),
      (name) => hierarchies.get(name),
    );
  } catch (e) {
    if (e instanceof TableError) return undefined;
    throw e;
  }
  const stats = classStats(table, classes, criterion.sensitive);
  const r = criterionReport(bound, stats);
  if (r.classes === 0) return undefined;
  const id = r.failingClassIds[0];
  const distance = (bound as Criterion & { distance(c: ClassStats): number }).distance(stats[id]);
  const shown = Number(distance.toPrecision(3));
  if (classes.weights) return { ...r, first: `the first such class is at distance ${shown}` };
  const rows: number[] = [];
  for (let row = 0; row < classes.classOf.length && rows.length < 5; row++)
    if (classes.classOf[row] === id) rows.push(row + 1);
  const more = classes.sizes[id] > rows.length ? ', …' : '';
  const word = rows.length === 1 && more === '' ? 'row' : 'rows';
  return { ...r, first: `the first such class (${word} ${rows.join(', ')}${more}) is at distance ${shown}` };
}

/**
 * The generalization the pins describe (pinned columns at their level, the rest at 0), undefined without pins, or
 * null after reporting a pin above its hierarchy's top level.
 */
function pinnedGeneralization(
  table: Table,
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  pins: ReadonlyMap<string, number>,
  block: ast.Anonymity,
  report: ValidationAcceptor,
) {
  const used = quasi.filter((q) => pins.has(q) && hierarchies.has(q));
  if (used.length === 0) return undefined;
  for (const q of used) {
    const height = hierarchies.get(q)!.height;
    if (pins.get(q)! > height) {
      const clause = [...block.clauses]
        .reverse()
        .find((c): c is ast.LevelClause => ast.isLevelClause(c) && c.column?.name === q);
      const message = `'${q}' is pinned to level ${pins.get(q)}, but its hierarchy's top level is ${height}`;
      if (clause) report('error', message, { node: clause, property: 'level', code: IssueCodes.ParameterOutOfRange });
      else report('error', message, { node: block, code: IssueCodes.ParameterOutOfRange });
      return null;
    }
  }
  const bound = quasi.map((q) => hierarchies.get(q) ?? identityHierarchy);
  const generalization = {
    hierarchies: quasi.map((q, i) => bindHierarchy(bound[i], column(table, q)).bound),
    levels: quasi.map((q) => (used.includes(q) ? pins.get(q)! : 0)),
  };
  return { generalization, label: used.map((q) => `${q}=${pins.get(q)}`).join(', ') };
}

/** Level 0 only: what an unpinned column without a hierarchy is counted with. */
const identityHierarchy: Hierarchy = { height: 0, generalize: (v) => [v] };

/** δ must be below 1/n: a δ of 1/n allows a mechanism that publishes one whole random record. */
function checkDeltas(spec: ast.Spec, n: number, accept: ValidationAcceptor): void {
  const check = (value: number | undefined, node: ast.BudgetClause | ast.MechanismParam) => {
    if (value !== undefined && value > 0 && n > 0 && value >= 1 / n) {
      accept(
        'error',
        `δ=${value} is not below 1/n = 1/${n} = ${Number((1 / n).toPrecision(3))}: such a δ allows publishing whole records; use δ ≪ 1/n`,
        { node, property: 'value', code: IssueCodes.ParameterOutOfRange },
      );
    }
  };
  for (const b of spec.budgets) for (const c of b.clauses) if (c.name === 'delta') check(c.value, c);
  for (const r of spec.releases) for (const p of r.mechanism?.params ?? []) if (p.name === 'delta') check(p.value, p);
}
