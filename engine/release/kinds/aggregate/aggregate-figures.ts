/**
 * A count's, a sum's and a mean's figures per cell, as the preview shows them (engine/preview/aggregate-preview.ts):
 * the cell's value, its 95 % half-width and, in words, what contribution bounding removes. A mean divides: its value is
 * the cell's sum over its bounded rows, and its half-width the noisy sum's bound over the same rows, the n the release
 * really divides by.
 */
import type { CellFigures, ExactCells } from '../kind-editor-types.js';

const sig3 = (x: number) => Number(x.toPrecision(3));
const grouped = (x: number) => Math.round(x).toLocaleString('en-US');
const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const pct = (part: number, whole: number) =>
  whole === 0 ? '' : ` (${part <= 0 ? '−' : '+'}${sig3(Math.abs((100 * part) / whole))} %)`;
const rowsLost = (bounded: ExactCells, unbounded: ExactCells) => total(unbounded.counts) - total(bounded.counts);

/** A count's or a sum's bound is one figure for every cell. */
const onEachCell = (bound: number, grouped: boolean) =>
  `95 % of draws fall within ±${sig3(bound)} ${grouped ? 'on each group' : 'on the answer'}`;

/** `bounding removes 1,521 rows (−14.7 %)`: computed on exact data, for the owner's eyes. */
export const countFigures: CellFigures = {
  value: (c, i) => c.exact[i],
  error95: (bound) => bound,
  boundText: onEachCell,
  bias: (bounded, unbounded) => {
    const lost = rowsLost(bounded, unbounded);
    return `bounding removes ${grouped(lost)} rows${pct(-lost, total(unbounded.counts))}; the release perturbs the bounded count`;
  },
};

/** `bounding removes 1,521 rows and 3.2e+04 of the sum (−14.7 %)`. */
export const sumFigures: CellFigures = {
  value: (c, i) => c.exact[i],
  error95: (bound) => bound,
  boundText: onEachCell,
  bias: (bounded, unbounded) => {
    const sumLost = total(unbounded.exact) - total(bounded.exact);
    return `bounding removes ${grouped(rowsLost(bounded, unbounded))} rows and ${sig3(sumLost)} of the sum${pct(-sumLost, total(unbounded.exact))}; the release perturbs the bounded sum`;
  },
};

/** The rows removed and the shift of the overall mean. */
export const meanFigures: CellFigures = {
  value: (c, i) => (c.counts[i] > 0 ? c.exact[i] / c.counts[i] : null),
  error95: (bound, rows) => (rows > 0 ? bound / rows : null),
  // The sum's bound is not the mean's: a cell of n rows is within ±b/n (the table's column), so the sentence gives the
  // division, not b alone beside the means (a reader took ±5,430,000 for the means' own bound).
  boundText: (bound, grouped) =>
    `95 % of draws fall within the ± column on each mean: the noisy sum's bound, ±${sig3(bound).toLocaleString('en-US')}, over the rows ${grouped ? 'the group averages' : 'it averages'}`,
  bias: (bounded, unbounded, dropped) => {
    const mean = (c: ExactCells) => (total(c.counts) > 0 ? total(c.exact) / total(c.counts) : 0);
    const shift = mean(bounded) - mean(unbounded);
    return `bounding removes ${grouped(rowsLost(bounded, unbounded))} of ${grouped(total(unbounded.counts))} rows (${grouped(dropped)} dropped in all) and moves the mean by ${shift < 0 ? '−' : '+'}${sig3(Math.abs(shift))}${pct(shift, mean(unbounded))}; the release estimates the bounded mean`;
  },
};
