import type { LangiumDocument } from 'langium';
import type { SpecToRun } from '../engine/host/run/run-spec.js';
import { analyzeDocument } from '../language/privspec-analysis.js';

/**
 * The dataset a spec names, as its text says before it is checked (its file or `postgres:schema.t`, with the spec's
 * delimiter): the source that `privspec release`, `preview` and `plan` open once for the spec (run-spec.ts
 * `withSpecSource`). Absent when the spec names none.
 */
export function specData(document: LangiumDocument): SpecToRun['data'] {
  const data = analyzeDocument(document).dataset;
  if (!data) return undefined;
  return { file: data.file, ...(data.delimiter === undefined ? {} : { delimiter: data.delimiter }) };
}
