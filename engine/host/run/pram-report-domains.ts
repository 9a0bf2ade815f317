/**
 * The PRAM domains a release's report states beside its file. A PRAM release over a declared domain (a hierarchy's
 * values, as a spec with `hierarchy age from "age.csv"` draws) randomizes over values the data need not hold, so an
 * attack that took the original column's values as the domain (privspec's default when no hierarchy declares one)
 * found released values "not in the domain". The report privspec writes beside the file (`pram_06.json` beside
 * `pram_06.csv`) lists each attribute's labels in `pram.attributes`: public, as the matrices are (Gouweleeuw et al.
 * 1998 publish them for the estimates), and the domain the release drew from.
 */
import { readFile } from 'node:fs/promises';
import { PrivacyError } from '../../core/measures.js';

/** The report's path beside a released file: its name with `.json` for the extension. */
export function reportBeside(released: string): string {
  return released.replace(/\.[^./\\]*$/, '') + '.json';
}

/**
 * The labels of each PRAM'd attribute in the report beside `released`; empty when there is no report (a file privspec
 * did not write) or it is no PRAM report. A report that names PRAM attributes but cannot be read whole is an error:
 * guessing the domain would score the attack against the wrong matrix.
 */
export async function pramReportDomains(released: string): Promise<Map<string, readonly string[]>> {
  const path = reportBeside(released);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return new Map();
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    return new Map();
  }
  const attributes = (report as { pram?: { attributes?: unknown } } | null)?.pram?.attributes;
  if (attributes === undefined) return new Map();
  const domains = new Map<string, readonly string[]>();
  if (!Array.isArray(attributes)) throw new PrivacyError(`${path}: 'pram.attributes' is not a list`);
  for (const a of attributes) {
    const { name, labels } = (a ?? {}) as { name?: unknown; labels?: unknown };
    if (typeof name !== 'string' || !Array.isArray(labels) || !labels.every((l) => typeof l === 'string'))
      throw new PrivacyError(`${path}: a PRAM attribute without its name and labels`);
    domains.set(name, labels);
  }
  return domains;
}
