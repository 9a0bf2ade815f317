import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** `data/patients.csv` → `data/patients.anonymized.csv`, or `…anonymized-2.csv` when that exists: never over a file. */
export function anonymizedPath(csvPath: string, exists: (p: string) => boolean = existsSync): string {
  const ext = path.extname(csvPath) || '.csv';
  const base = csvPath.slice(0, csvPath.length - path.extname(csvPath).length);
  let target = `${base}.anonymized${ext}`;
  for (let i = 2; exists(target); i++) target = `${base}.anonymized-${i}${ext}`;
  return target;
}

/** Reads a suppression limit typed as `2%` or `0.02`. */
export function parseSuppression(text: string): number | undefined {
  const t = text.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(%?)$/.exec(t);
  if (!m) return undefined;
  const value = m[2] ? Number(m[1]) / 100 : Number(m[1]);
  return value >= 0 && value <= 1 ? value : undefined;
}
