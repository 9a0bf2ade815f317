import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { tableFromRows, type Table } from '../../engine/table/table.js';

/** The nine columns of ARX's Adult file, in file order; each has a hierarchy `adult_hierarchy_<column>.csv`. */
export const ADULT_COLUMNS = [
  'sex',
  'age',
  'race',
  'marital-status',
  'education',
  'native-country',
  'workclass',
  'occupation',
  'salary-class',
] as const;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folder holding ARX's Adult data and hierarchies: $PRIVSPEC_ADULT_DIR, or `../shared/data/adult` beside the repo.
 * Undefined when absent, so that tests can skip with a clear message instead of failing.
 */
export function adultDir(): string | undefined {
  const dir = process.env.PRIVSPEC_ADULT_DIR ?? join(repoRoot, '..', 'shared', 'data', 'adult');
  return existsSync(join(dir, 'adult.csv')) ? dir : undefined;
}

/** Why a test that needs Adult skipped (or, with CI set, failed). */
export const ADULT_MISSING = 'Adult data not found: set PRIVSPEC_ADULT_DIR or put it at ../shared/data/adult';

/**
 * A deliberately trivial reader for Adult (`;`-separated, no quoting, CRLF): enough for tests and benchmarks, and
 * independent of the product's CSV parser so that tests of the search do not depend on it.
 */
export function loadAdult(dir = adultDir(), times = 1): Table {
  if (!dir) throw new Error(ADULT_MISSING);
  const lines = readFileSync(join(dir, 'adult.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const header = lines[0].split(';');
  const rows = lines.slice(1).map((l) => l.split(';'));
  const repeated = times === 1 ? rows : Array.from({ length: times }, () => rows).flat();
  return tableFromRows(header, repeated, join(dir, 'adult.csv'));
}

/**
 * Skips the test or suite with a message saying why — except in CI, where a skipped golden test is a failure: the
 * numbers it guards would go unchecked without anyone noticing.
 */
export function skipOrFail(context: Mocha.Context, why: string): never {
  if (process.env.CI) throw new Error(`${why} (CI=${process.env.CI}: this test must run, not skip)`);
  console.warn(`      skipped: ${why}`);
  context.skip();
}

/** Adult's folder, or the test or suite skipped (failed with CI set) with a message saying where it was looked for. */
export function adultDirOrSkip(context: Mocha.Context): string {
  const dir = adultDir();
  if (!dir) skipOrFail(context, ADULT_MISSING);
  return dir;
}

/** For a suite's `before` hook: Adult, or the suite skipped with a message saying where the data was looked for. */
export function loadAdultOrSkip(suite: Mocha.Context, times = 1): Table {
  const dir = adultDir();
  if (!dir) skipOrFail(suite, ADULT_MISSING);
  return loadAdult(dir, times);
}

/** ARX's hierarchy for one Adult column. */
export function adultHierarchy(name: string, dir = adultDir()): Hierarchy {
  if (!dir) throw new Error(ADULT_MISSING);
  const path = join(dir, `adult_hierarchy_${name}.csv`);
  return parseArxHierarchy(readFileSync(path, 'utf8'), path);
}
