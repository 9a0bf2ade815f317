/**
 * The server side of a local protocol as a stream: reports are added as they are read (as strings, or as a CSV reader's
 * raw cells), the counts are all that is kept, and the closed form is applied once at the end. `privspec estimate`
 * adds a file of a million reports batch by batch without building a string per report; the release adds the rows it
 * made. Both ways add the same integers in the same order, so the estimates are identical to the bit.
 *
 * A malformed report does not stop the adding: the estimator notes the first one and `finish` throws it. The
 * reader's own errors (a ragged record, a cell that is not UTF-8) thus come first wherever they are in the file, and
 * the report refused is the one the whole-file estimate refuses: for the sketch, the first bad hash index or length,
 * else the first bad digit.
 */
import { ByteDictionary } from '../../../table/byte-dictionary.js';
import type { CellBatch } from '../../../table/csv-record-parser.js';
import {
  CountMeanSketchTally,
  notHexadecimal,
  sketchHexLength,
  sketchReportProblem,
} from '../../../dp/mechanisms/count-mean-sketch-estimate.js';
import type { SketchHash } from '../../../dp/mechanisms/count-mean-sketch.js';
import {
  randomizedResponseEstimates,
  type FrequencyEstimates,
} from '../../../dp/mechanisms/randomized-response-estimate.js';
import { ReportError } from './report-error.js';

export interface LocalEstimator {
  /** Adds rows of text, one column per column of the report file's header. */
  addRows(rows: readonly (readonly string[])[]): void;
  /** Adds a batch of raw cells (UTF-8), its fields the report file's header in order. */
  addCells(batch: CellBatch): void;
  /** The estimates over the domain from the reports added; the first malformed report throws a ReportError. */
  finish(): FrequencyEstimates;
}

/** A cell as text, for the rare report read as a string: the reader has checked it is UTF-8. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const text = (batch: CellBatch, field: number, r: number) =>
  decoder.decode(batch.bytes.subarray(batch.starts[field][r], batch.ends[field][r]));

/** Randomized response's counts C_v of each domain value; the estimate is their closed form. */
export function randomizedResponseEstimator(
  domain: readonly string[],
  column: string,
  keepProbability: number,
): LocalEstimator {
  const index = new Map(domain.map((v, i) => [v, i]));
  const counts = new Float64Array(domain.length);
  // The domain by its UTF-8 bytes, so that a file's cells are found without becoming strings. A value holding a lone
  // surrogate has no UTF-8 form a file could hold; `valueOf` maps a code to its value's index (the last, as `index`).
  const dictionary = new ByteDictionary();
  const valueOf: number[] = [];
  const encoder = new TextEncoder();
  domain.forEach((value, i) => {
    if (/\p{Cs}/u.test(value)) return;
    const bytes = encoder.encode(value);
    valueOf[dictionary.code(bytes, new DataView(bytes.buffer), 0, bytes.length, 0)] = i;
  });
  let rows = 0;
  let problem: ReportError | undefined;
  const refuse = (row: number, value: string, line?: number) =>
    new ReportError(row, `'${value}' is not a value of the declared domain of '${column}'`, line);
  return {
    addRows(batch) {
      for (const row of batch) {
        if (!problem) {
          const i = index.get(row[0]);
          if (i === undefined) problem = refuse(rows, row[0]);
          else counts[i]++;
        }
        rows++;
      }
    },
    addCells(batch) {
      const { bytes, rows: n } = batch;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const starts = batch.starts[0];
      const ends = batch.ends[0];
      // After a report outside the domain the counts are void: no more lookups, and the dictionary grows by one value.
      for (let r = 0; r < n && !problem; r++) {
        const i = valueOf[dictionary.code(bytes, view, starts[r], ends[r], 0)];
        if (i === undefined) problem = refuse(rows + r, text(batch, 0, r), batch.rowLines[r]);
        else counts[i]++;
      }
      rows += n;
    },
    finish() {
      if (problem) throw problem;
      return randomizedResponseEstimates(counts, keepProbability);
    },
  };
}

/** The count-mean sketch's tally of the reports, with each one's hash index and length checked first. */
export function countMeanSketchEstimator(
  domain: readonly string[],
  params: { readonly k: number; readonly m: number; readonly flipProbability: number; readonly hash: SketchHash },
): LocalEstimator {
  const { k, m } = params;
  const tally = new CountMeanSketchTally(domain, params);
  const digits = sketchHexLength(m);
  let rows = 0;
  // The first report with a bad hash index or length, which no later report's fault outranks; and the first with a bad
  // digit, which a later bad index or length does (the whole-file estimate checks those first).
  let problem: ReportError | undefined;
  let digitProblem: ReportError | undefined;
  const add = (row: number, index: string, hex: string | undefined, line?: number) => {
    const j = index === '' ? NaN : Number(index);
    const cause = sketchReportProblem(j, hex ?? '', k, m);
    if (cause) problem = new ReportError(row, cause, line);
    else if (!digitProblem) {
      const bad = tally.addText(j, hex!);
      if (bad >= 0) digitProblem = new ReportError(row, notHexadecimal(hex![bad]), line);
    }
  };
  return {
    addRows(batch) {
      for (const row of batch) {
        if (!problem) add(rows, row[0], row[1]);
        rows++;
      }
    },
    addCells(batch) {
      const { bytes, rows: n } = batch;
      const [indexStarts, hexStarts] = batch.starts;
      const [indexEnds, hexEnds] = batch.ends;
      for (let r = 0; r < n && !problem; r++) {
        // A hash index of plain decimal digits and a sketch of m/4 hexadecimal digits are read from the bytes; any
        // other report (a sign, a space, a wrong length, a digit that is not hexadecimal) is read as text, as the
        // whole-file estimate reads it, so that it is accepted or refused in the same words.
        const from = indexStarts[r];
        const to = indexEnds[r];
        let j = to > from && to - from <= 9 ? 0 : -1;
        for (let p = from; p < to && j >= 0; p++) {
          const digit = bytes[p] - 48;
          j = digit >= 0 && digit <= 9 ? j * 10 + digit : -1;
        }
        const start = hexStarts[r];
        if (j >= 0 && j < k && hexEnds[r] - start === digits && (digitProblem || tally.addBytes(j, bytes, start)))
          continue;
        add(rows + r, text(batch, 0, r), text(batch, 1, r), batch.rowLines[r]);
      }
      rows += n;
    },
    finish() {
      if (problem) throw problem;
      if (digitProblem) throw digitProblem;
      return tally.finish();
    },
  };
}
