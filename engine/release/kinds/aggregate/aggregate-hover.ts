/**
 * The hover's lines on a count, sum or mean: their error line. A count by groups states its bound per group; a mean
 * states its bound as the noisy sum's over the rows averaged, with the data's n when the editor has scanned it and the
 * mean reads every row.
 */
import { sig3 } from '../../budget-notion.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { AggregateQuery } from './aggregate-release.js';

/**
 * The mean's 95 % error on the mean. The noisy sum's bound b divided by the number of rows n averaged: ±b/n. With the
 * data at hand (and no `where`, whose row count would itself be private) n is the table's, and the figure is given.
 */
export function meanErrorLine(sumBound: number, rows: number | undefined): string {
  const formula = `±b/n for n rows averaged, b = ${sig3(sumBound)} the noisy sum's 95 % bound (half of the budget; the other half counts the rows)`;
  return rows !== undefined && rows > 0
    ? `95 % error bound on the mean: ${formula}; with the data's n = ${rows}, ±${sig3(sumBound / rows)}`
    : `95 % error bound on the mean: ${formula}`;
}

export function countHover(plan: HoverPlan): Promise<HoverLines> {
  const q = plan.description.query as AggregateQuery;
  if (plan.error95 === undefined || q.by.length === 0) return Promise.resolve({ about: [] });
  return Promise.resolve({ about: [], error: `95 % error bound: ±${sig3(plan.error95)} per group` });
}

/** A sum's error line is the general one. */
export function sumHover(): Promise<HoverLines> {
  return Promise.resolve({ about: [] });
}

export async function meanHover(plan: HoverPlan, facts: EditorFacts): Promise<HoverLines> {
  const q = plan.description.query as AggregateQuery;
  if (plan.error95 === undefined) return { about: [] };
  return { about: [], error: meanErrorLine(plan.error95, q.where ? undefined : await facts.rows()) };
}
