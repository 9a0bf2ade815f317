/**
 * Reads the answers a warehouse wrote for `privspec plan`'s queries: one file per query, `<id>.csv` or `<id>.parquet`
 * in one folder, with the columns the query selects (g0, g1, …, v when it clamps, n). Everything is checked before the
 * run spends anything: the columns, each n a positive integer, each v a number within the clamp.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TableError, type Table } from '../../table/table.js';
import type { AggregateAnswer, AggregateRequest } from '../../source/data-source.js';
import { readTable } from './open-source.js';

/** The answer file of a request in `dir`, or undefined when there is none. */
export function answerFile(dir: string, id: string): string | undefined {
  return ['csv', 'parquet'].map((ext) => join(dir, `${id}.${ext}`)).find((f) => existsSync(f));
}

function answerOf(request: AggregateRequest, table: Table, file: string): AggregateAnswer {
  const expected = [...request.groupBy.map((_, i) => `g${i}`), ...(request.clamp ? ['v'] : []), 'n'];
  const names = table.columns.map((c) => c.name);
  if (names.join(',') !== expected.join(','))
    throw new TableError(
      `expected the columns ${expected.join(', ')} (as the plan's query selects), found ${names.join(', ')}`,
      file,
    );
  const cells = (j: number, r: number) => table.columns[j].dictionary[table.columns[j].codes[r]];
  const k = request.groupBy.length;
  const groups = [];
  const seen = new Map<string, number>();
  for (let r = 0; r < table.rowCount; r++) {
    const line = table.rowLines?.[r] ?? r + 2;
    const n = decimal(cells(expected.length - 1, r));
    if (!Number.isSafeInteger(n) || n < 1)
      throw new TableError(`n must be a positive integer, got '${cells(expected.length - 1, r)}'`, file, line);
    // A GROUP BY answers each group (with a clamp: each group and clamped value) once: a repeated one (a file appended
    // to, or two answers in one) would be summed.
    const group = expected.slice(0, -1).map((_, i) => cells(i, r));
    const key = JSON.stringify(group);
    const first = seen.get(key);
    if (first !== undefined)
      throw new TableError(
        `the group (${group.join(', ')}) is given twice (also on line ${first}); the answer of the plan's GROUP BY has each group once`,
        file,
        line,
      );
    seen.set(key, line);
    let value: number | undefined;
    if (request.clamp) {
      value = decimal(cells(k, r));
      if (!(value >= request.clamp.low && value <= request.clamp.high))
        throw new TableError(
          `v must be a number within the clamp [${request.clamp.low}, ${request.clamp.high}], got '${cells(k, r)}'`,
          file,
          line,
        );
    }
    groups.push({
      key: request.groupBy.map((_, i) => cells(i, r)),
      ...(value !== undefined ? { value } : {}),
      rows: n,
    });
  }
  return { request, groups };
}

/**
 * A decimal figure (sign, digits, fraction, exponent, as the plan's SQL reads a number and a warehouse writes one), or
 * NaN: Number() alone would read '0x10' as 16, '0b11' as 3 and '' as 0.
 */
function decimal(text: string): number {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}

/** The answers to `requests` found in `dir`, keyed by request id; a request without a file is left out. */
export async function readAnswers(
  dir: string,
  requests: readonly AggregateRequest[],
): Promise<Map<string, AggregateAnswer>> {
  if (!existsSync(dir)) throw new TableError(`no folder ${dir}`, dir);
  const answers = new Map<string, AggregateAnswer>();
  for (const request of requests) {
    const file = answerFile(dir, request.id);
    if (file === undefined) continue;
    answers.set(request.id, answerOf(request, await readTable(file, { delimiter: ',' }), file));
  }
  return answers;
}
