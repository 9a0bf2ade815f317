/**
 * The rule that no output may replace an input, by any route.
 *
 * Paths are compared after resolving every symbolic link (`realpath`) and, for files that exist, by device and inode,
 * so that a symlinked output folder, `..` segments, a hard link or a symlink planted at the output's name cannot send a
 * write onto the user's data. An output that does not exist yet is compared through the real path of its folder.
 * The check runs before anything is spent or written; the writer's rename then replaces only what was checked.
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { LEDGER_FOLDER, ledgerRegistry } from './ledger-folder.js';

/** An output that is, or would replace, an input; the message names both paths. */
export class OutputGuardError extends Error {
  constructor(
    message: string,
    readonly output: string,
    readonly input: string,
  ) {
    super(message);
    this.name = 'OutputGuardError';
  }
}

interface Identity {
  readonly path: string;
  readonly real: string;
  readonly stats?: Stats;
}

/**
 * The real path of `path`; for a path that does not exist, the real path of its nearest existing ancestor joined with
 * the rest.
 */
function realOf(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    if (parent === absolute) return absolute;
    return join(realOf(parent), basename(absolute));
  }
}

function identify(path: string): Identity {
  const real = realOf(path);
  let stats: Stats | undefined;
  try {
    stats = statSync(real);
  } catch {
    stats = undefined;
  }
  return { path, real, stats };
}

function sameFile(a: Identity, b: Identity): boolean {
  if (a.real === b.real) return true;
  return a.stats !== undefined && b.stats !== undefined && a.stats.dev === b.stats.dev && a.stats.ino === b.stats.ino;
}

/**
 * Kernel pseudo-filesystems: their files are views of the running system, not storage. Writing there cannot produce a
 * release file, may change the system, and on /proc a recursive mkdir spins forever, so an output there is refused
 * before anything is spent. /dev is not listed: /dev/shm is ordinary storage.
 */
const PSEUDO_FILESYSTEMS = ['/proc', '/sys'];

function refusePseudoFilesystem(path: string, real: string): void {
  for (const root of PSEUDO_FILESYSTEMS) {
    if (real === root || real.startsWith(`${root}/`)) {
      throw new OutputGuardError(
        `the output ${path} is under ${root}, a kernel pseudo-filesystem where nothing is stored${real !== resolve(path) ? ` (it resolves to ${real})` : ''}; choose a folder on a disk`,
        path,
        root,
      );
    }
  }
}

/** The registry's real path, when it exists (an output inside a registry that does not exist replaces no ledger). */
function realRegistry(): string | undefined {
  try {
    return realpathSync(ledgerRegistry());
  } catch {
    return undefined;
  }
}

/**
 * Spend ledgers live in the per-user registry (ledger-folder.ts), and earlier versions kept them in a
 * `.privspec-ledger` folder beside the data, which now holds a pointer. Nothing privspec writes belongs in either:
 * replacing a ledger would erase the record of what was spent, so an output inside one is refused whether or not the
 * caller listed that ledger among its inputs.
 */
function refuseLedgerFolder(path: string, real: string): void {
  const registry = realRegistry();
  if (registry !== undefined && (real === registry || real.startsWith(`${registry}${sep}`))) {
    throw new OutputGuardError(
      `the output ${path} is inside ${registry}, the registry where privspec keeps its spend ledgers${real !== resolve(path) ? ` (it resolves to ${real})` : ''}; choose another output`,
      path,
      registry,
    );
  }
  if (real.split(sep).includes(LEDGER_FOLDER)) {
    throw new OutputGuardError(
      `the output ${path} is inside a ${LEDGER_FOLDER} folder, where privspec keeps its spend ledgers${real !== resolve(path) ? ` (it resolves to ${real})` : ''}; choose another output`,
      path,
      LEDGER_FOLDER,
    );
  }
}

/**
 * Refuses any output file that is an input (same real path or same inode), including an output name that is a
 * symlink to an input. `inputs` are every file the run reads: spec, data, hierarchies, matrices, edge lists, the
 * ledger.
 */
export function guardOutputs(outputs: readonly string[], inputs: readonly string[]): void {
  const ins = inputs.map(identify);
  for (const out of outputs) {
    const o = identify(out);
    refusePseudoFilesystem(out, o.real);
    refuseLedgerFolder(out, o.real);
    // A symlink at the output's own name would be replaced by the rename, not followed; it is refused all the same when
    // it points at an input, since the next reader of that link would no longer find the data.
    let link: string | undefined;
    try {
      if (lstatSync(resolve(out)).isSymbolicLink()) link = realpathSync(resolve(out));
    } catch {
      link = undefined;
    }
    for (const i of ins) {
      if (sameFile(o, i) || (link !== undefined && link === i.real)) {
        throw new OutputGuardError(
          `the output ${out} would replace the input ${i.path}${o.real !== resolve(out) ? ` (it resolves to ${o.real})` : ''}; choose another output`,
          out,
          i.path,
        );
      }
    }
  }
}

/**
 * Refuses an output folder that is the folder of an input or holds it at its top level: releases are never written
 * beside the data, whatever their names.
 */
export function guardOutputFolder(folder: string, inputs: readonly string[]): void {
  const real = realOf(folder);
  refusePseudoFilesystem(folder, real);
  refuseLedgerFolder(folder, real);
  for (const input of inputs) {
    const i = identify(input);
    if (dirname(i.real) === real)
      throw new OutputGuardError(
        `the output folder ${folder} holds the input ${input}${real !== resolve(folder) ? ` (it resolves to ${real})` : ''}; choose a separate folder`,
        folder,
        input,
      );
  }
  let stats: Stats | undefined;
  try {
    stats = statSync(real);
  } catch {
    return;
  }
  if (!stats.isDirectory())
    throw new OutputGuardError(`the output folder ${folder} is a file, not a folder`, folder, folder);
}
