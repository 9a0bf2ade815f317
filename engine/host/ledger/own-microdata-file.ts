/**
 * A microdata file written outside a spec, at a path of the user's choice (`privspec anonymize --out`, with or without
 * `--with-pram`, lattice or Mondrian): recorded in the data's ledger as a microdata run (it spends no DP budget; a PRAM
 * run states its local ε), with the file's digest and its private row key (row-key.ts), so that `privspec attack` can
 * score an attack on it although its rows are shuffled and suppressed records are left out.
 *
 * Order, as for a release: the rows are shuffled, the run checked against the data's earlier releases and recorded
 * under the ledger's lock with the file's digest, the key written (0600, beside the ledger), then the file created
 * exclusively (release-files.ts `writeOwnFile`). A file streamed from a source is recorded before its first row is
 * read, and its digest added once it is written. Where the ledger cannot be written, nothing is: a file privspec
 * writes is always on record.
 */
import { basename } from 'node:path';
import type { RandomSource } from '../../core/random.js';
import type { LedgerEntry, PublishedRecord, ReleasedFile } from '../../release/ledger-entry.js';
import { crossSpecCheck, type NewRelease } from '../../release/cross-spec-links.js';
import { appendToLedger, ledgerFor, newEntryId, recordFiles, type LedgerLocation } from './ledger-file.js';
import { writeOwnFile } from '../files/release-files.js';
import { sha256Text, writeRowKey } from './row-key.js';
import { keyRows, shuffledMicrodataCsv } from '../files/write-csv.js';

/** What the ledger records of the run. */
export interface OwnMicrodataRun {
  readonly kind: 'generalize' | 'pram';
  /** The quasi-identifiers it generalized or randomized. */
  readonly columns: readonly string[];
  readonly localEpsilon?: number;
  /**
   * What the file publishes (its columns at their levels), checked against the earlier releases of the same data as a
   * spec's release is (cross-spec-links.ts): a file that would link with one is refused unless the user says why.
   */
  readonly published?: PublishedRecord;
  /** The reason given with --accept-linked-releases. */
  readonly acceptLinked?: string;
}

/**
 * A file refused before anything is written: it would link with an earlier release of the same data
 * (cross-spec-links.ts), or its run cannot be recorded.
 */
export class OwnFileRefused extends Error {}

/** Where the new file stands among the data's releases, as cross-spec-links.ts sees a spec's release. */
function asNewRelease(path: string, run: OwnMicrodataRun, published: PublishedRecord): NewRelease {
  return {
    name: `anonymize --out ${basename(path)}`,
    spec: '',
    published,
    ...(run.acceptLinked !== undefined ? { accepts: { reason: run.acceptLinked } } : {}),
    howToAccept: '--accept-linked-releases',
  };
}

/**
 * The columns a file written outside a spec publishes: each quasi-identifier at its level (a number; `'search'` with
 * `decidedBy` when its classes are the data's own, as Mondrian's are; `'pram'` when randomized), every other column as
 * it is.
 */
export function ownFilePublished(
  written: readonly string[],
  quasi: readonly string[],
  level: (column: string) => number | 'search' | 'pram',
  decidedBy?: string,
): PublishedRecord {
  const columns: Record<string, number | 'search' | 'pram'> = {};
  for (const c of written) columns[c] = quasi.includes(c) ? level(c) : 0;
  const searched = Object.values(columns).includes('search');
  return {
    columns,
    quasi: quasi.filter((q) => written.includes(q)),
    ...(searched && decidedBy !== undefined ? { decidedBy } : {}),
  };
}

/** Errors that mean the ledger's folder cannot be written: the file is refused, as a release would be. */
const NO_LEDGER_HERE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR']);

function entryFor(path: string, run: OwnMicrodataRun, released: ReleasedFile | undefined): LedgerEntry {
  return {
    id: newEntryId(),
    release: `anonymize --out ${basename(path)}`,
    at: new Date().toISOString(),
    costs: {},
    userLevel: false,
    microdata: {
      kind: run.kind,
      columns: [...run.columns],
      ...(run.localEpsilon !== undefined ? { localEpsilon: run.localEpsilon } : {}),
    },
    files: [path],
    ...(released ? { released: [released] } : {}),
    ...(run.published ? { published: run.published } : {}),
    ...(run.acceptLinked !== undefined ? { acceptedLinks: run.acceptLinked } : {}),
  };
}

/**
 * Records the run under the ledger's lock, after the cross-spec check against every earlier release of the data.
 * Returns the links the user's reason accepted, in words, for the terminal.
 */
async function record(location: LedgerLocation, path: string, entry: LedgerEntry, run: OwnMicrodataRun) {
  const result = await appendToLedger(location, (ledger) => {
    const linked = run.published && crossSpecCheck(ledger.summary.published, asNewRelease(path, run, run.published));
    if (linked?.refusal) return { refusal: linked.refusal };
    return {
      entry,
      // One line per earlier entry, as each entry of a group links alike.
      accepted: (linked?.accepted ?? []).flatMap((l) =>
        Array<string>(l.earlier.count ?? 1).fill(`accepted linked-releases ("${l.acceptedBecause}"): ${l.what}`),
      ),
    };
  });
  if (result.refusal !== undefined) throw new OwnFileRefused(result.refusal);
  return result.accepted ?? [];
}

/** The ledger of `data`, and a refusal in words when it cannot be written. */
async function recorded<T>(path: string, data: string, work: (location: LedgerLocation) => Promise<T>): Promise<T> {
  let location: LedgerLocation | undefined;
  try {
    location = await ledgerFor(data);
    return await work(location);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (!NO_LEDGER_HERE.has(code)) throw e;
    throw new OwnFileRefused(
      `not written: ${path}: the ledger of ${data} cannot be written${location ? ` (${location.file}: ${code})` : ` (${code})`}, and privspec writes no file it has not recorded; set PRIVSPEC_LEDGER_DIR to a folder you may write`,
    );
  }
}

/**
 * Shuffles `rows` (line j of the file is `rows[order[j]]`, from input row `sourceRows[order[j]]`, or `order[j]` when
 * every input row was written in order), records the run with the file's digest and key, and writes the file.
 * Returns the links the user accepted, for the terminal.
 */
export async function writeOwnMicrodataFile(
  path: string,
  data: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: {
    rng: RandomSource;
    delimiter?: string;
    force?: boolean;
    sourceRows?: ArrayLike<number>;
    dataRows: number;
    run: OwnMicrodataRun;
  },
): Promise<{ accepted: string[] }> {
  const { text, order } = shuffledMicrodataCsv(header, rows, options.rng, options.delimiter);
  const sourceRows = keyRows(order, options.sourceRows);
  const accepted = await recorded(path, data, async (location) => {
    const sha256 = sha256Text(text);
    const entry = entryFor(path, options.run, {
      file: path,
      sha256,
      rows: rows.length,
      rowKey: `row-keys/${sha256}.json`,
    });
    const links = await record(location, path, entry, options.run);
    await writeRowKey(location, text, sourceRows, options.dataRows, entry.id);
    return links;
  });
  await writeOwnFile(path, text, { force: options.force });
  return { accepted };
}

/**
 * Records a file about to be streamed from a source (write-microdata-stream.ts), before its first row is read; the
 * returned `written` adds its digest once it is on disk, and that it has no key (the source's shuffled rows carry no
 * input row numbers).
 */
export async function recordStreamedOwnFile(
  path: string,
  data: string,
  run: OwnMicrodataRun,
): Promise<{ accepted: string[]; written: (file: { sha256: string; rows: number }) => Promise<void> }> {
  return await recorded(path, data, async (location) => {
    const entry = entryFor(path, run, undefined);
    const accepted = await record(location, path, entry, run);
    return {
      accepted,
      written: async (file) =>
        await recordFiles(
          location,
          entry.id,
          [path],
          [
            {
              file: path,
              sha256: file.sha256,
              rows: file.rows,
              noRowKey:
                "its rows were streamed from the source in the source's own shuffled order, which carries no input row numbers; anonymize a CSV read in memory (--engine memory) to attack it with a row key",
            },
          ],
        ),
    };
  });
}
