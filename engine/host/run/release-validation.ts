/**
 * Step 1 of a run: everything the write will need, checked before anything is spent — a release that spends and then
 * cannot write its files has lost its budget for nothing. Every output against every input (output-guard.ts), the
 * byte length of every final and temporary name, that the folder can be written, and (per release, just before its
 * spend) room for the estimated size of its files. Also here: outputs in the folder that cite a ledger entry the
 * dataset's ledger does not hold, the trace of a deleted or replaced ledger.
 */
import { constants } from 'node:fs';
import { access, lstat, mkdir, readdir, readFile, realpath, stat, statfs } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { readLogId } from '../ledger/ledger-log.js';
import { ledgerName, type LedgerLocation } from '../ledger/dataset-identity.js';
import { guardOutputFolder, guardOutputs } from '../files/output-guard.js';
import { releaseFiles } from '../files/release-files.js';
import { nameProblem } from '../files/write-file-atomic.js';

/** A problem that stops the whole run before anything is spent: `input` (exit 2) or `spec` (exit 1). */
export class RunRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'spec' | 'input' = 'input',
  ) {
    super(message);
    this.name = 'RunRefused';
  }
}

/** Room kept free beyond a release's estimated files: its JSON report and the ledger's next write. */
const MARGIN = 1 << 20;

/** The highest run number whose names are checked: `<name>-9999.json` (later runs are refused by their own check). */
const LAST_RUN_CHECKED = 9999;

export interface OutputCheck {
  readonly out: string;
  readonly names: readonly string[];
  readonly inputs: readonly string[];
  /** Folders whose files the output folder may not sit beside (the data's, the ledger's). */
  readonly inputFolders: readonly string[];
  /** The folder of the data's ledger, beside the data: it must be writable too. */
  readonly ledgerFolder: string;
  readonly dryRun: boolean;
}

export async function validateOutputs(c: OutputCheck): Promise<void> {
  const files = c.names.flatMap((n) => releaseFiles(c.out, n));
  try {
    guardOutputFolder(c.out, c.inputFolders);
    guardOutputs(files, c.inputs);
  } catch (e) {
    throw new RunRefused((e as Error).message);
  }
  for (const name of c.names) {
    for (const file of releaseFiles(c.out, name, LAST_RUN_CHECKED)) {
      const problem = nameProblem(basename(file));
      if (problem)
        throw new RunRefused(
          `release '${name.length > 40 ? `${name.slice(0, 40)}…` : name}': ${problem}; nothing was spent`,
          'spec',
        );
    }
  }
  for (const file of files) {
    const st = await lstat(file).catch(() => undefined);
    if (st && !st.isFile())
      throw new RunRefused(`the output ${file} exists and is not a file; choose another output folder`);
  }
  if (c.dryRun) return;
  try {
    await mkdir(c.out, { recursive: true });
    await access(c.out, constants.W_OK);
  } catch (e) {
    throw new RunRefused(
      `--out ${c.out}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  try {
    await mkdir(c.ledgerFolder, { recursive: true });
    await access(c.ledgerFolder, constants.W_OK);
  } catch (e) {
    throw new RunRefused(
      `${c.ledgerFolder}: cannot write the data's spend ledger there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the ledger registry (PRIVSPEC_LEDGER_DIR, else $XDG_DATA_HOME/privspec/ledgers) must be writable by whoever releases; set PRIVSPEC_LEDGER_DIR to a folder you may write`,
    );
  }
}

/** Free bytes for an unprivileged writer on the folder's file system (undefined where the system cannot say). */
export async function freeBytes(folder: string): Promise<number | undefined> {
  const fs = await statfs(folder).catch(() => undefined);
  return fs ? fs.bavail * fs.bsize : undefined;
}

/** Why a release of about `bytes` cannot be written to `out`, or undefined. */
export async function spaceProblem(
  out: string,
  bytes: number,
  free: (folder: string) => Promise<number | undefined> = freeBytes,
): Promise<string | undefined> {
  const available = await free(out);
  if (available === undefined || available >= bytes + MARGIN) return undefined;
  const mib = (x: number) => `${(x / (1 << 20)).toFixed(1)} MiB`;
  return `not run: its files need about ${mib(bytes + MARGIN)} and ${out} has ${mib(available)} free; nothing was spent — free space or choose another --out`;
}

/** Release reports bigger than this are not ours: the scan for orphaned outputs skips them. */
const REPORT_LIMIT = 4 << 20;
const SCAN_LIMIT = 10_000;

/**
 * Outputs in `out` that cite a ledger entry the dataset's ledger does not hold: a report of this ledger (its id) whose
 * entry is gone (the ledger was replaced or rolled back), or, when the ledger was never written (deleted with its
 * marker), a report of this spec that cites a ledger entry. Spending now would spend as if those releases had not
 * happened. Reports are matched by ids and the spec's path, never by anything computed from the data.
 */
export async function orphanedOutputs(
  out: string,
  specFile: string,
  location: LedgerLocation,
  ledger: { readonly id?: string; readonly holds: (entry: string) => Promise<boolean> },
): Promise<string | undefined> {
  const names = await readdir(out).catch(() => [] as string[]);
  // Only reports that cite a ledger entry can be orphaned: without one in `out`, nothing else is read.
  const reports: { file: string; ledger: string; ledgerEntry: string; spec?: unknown }[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).slice(0, SCAN_LIMIT)) {
    const file = join(out, name);
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile() || st.size > REPORT_LIMIT) continue;
    let report: { ledger?: unknown; ledgerEntry?: unknown; spec?: unknown };
    try {
      report = JSON.parse(await readFile(file, 'utf8')) as typeof report;
    } catch {
      continue;
    }
    if (typeof report?.ledgerEntry !== 'string' || typeof report.ledger !== 'string') continue;
    reports.push({ file, ledger: report.ledger, ledgerEntry: report.ledgerEntry, spec: report.spec });
  }
  if (reports.length === 0) return undefined;
  // Ledgers of earlier contents of this data stand beside its ledger, in the registry: a report of one of them is not a
  // trace of a deletion (the data changed, and changed data is another dataset to the ledger; docs/dp.md says what that
  // cannot promise).
  const folder = dirname(location.file);
  const known = new Set<string>();
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    // The registry holds every dataset's ledger: another dataset's ledger that cannot be read or parsed is its own
    // runs' refusal to make, never this one's, so it only adds no id here.
    let id: unknown;
    if (/^ledger-[0-9a-f]{64}\.jsonl$/.test(name)) id = await readLogId(join(folder, name));
    else if (/^ledger-[0-9a-f]{64}\.json$/.test(name)) {
      try {
        id = (JSON.parse(await readFile(join(folder, name), 'utf8')) as { id?: unknown } | null)?.id;
      } catch {
        id = undefined;
      }
    }
    if (typeof id === 'string') known.add(id);
  }
  const spec = await realpath(specFile).catch(() => resolve(specFile));
  for (const report of reports) {
    if (await ledger.holds(report.ledgerEntry)) continue;
    if (report.ledger !== ledger.id && known.has(report.ledger)) continue;
    const ours =
      ledger.id !== undefined
        ? report.ledger === ledger.id
        : typeof report.spec === 'string' &&
          (await realpath(resolve(out, report.spec)).catch(() => undefined)) === spec;
    if (ours) {
      return `${report.file} was released under entry ${report.ledgerEntry} of ledger ${report.ledger}, which ${ledgerName(location)} does not hold: the data's ledger was deleted or replaced — restore it from a backup (privspec refuses to spend as if nothing had been spent; if this spec now reads other data, release into another folder)`;
    }
  }
  return undefined;
}
