import { resolve } from 'node:path';
import { CliError } from './cli-error.js';
import { listOption } from './parse-options.js';

/**
 * `--frequencies FILE`: the answer a warehouse gave to the frequency-table query of `privspec plan` (CSV or Parquet:
 * the record's columns, then its row count n), read instead of the data (engine/host/sources/read-frequency-answer.ts).
 * `--frequency-columns a,b,…` names the plan's columns c0, c1, … in order, as the plan lists them.
 */
export const FREQUENCIES_FLAGS = {
  frequencies: { type: 'string' },
  'frequency-columns': { type: 'string' },
} as const;

export const FREQUENCIES_USAGE = `  --frequencies FILE       read the answer to the frequency-table query of 'privspec plan' (CSV or Parquet: the
                           record's columns then n) instead of the data, which stays in the warehouse (docs/scale.md)
  --frequency-columns a,b  the names of the answer's columns c0, c1, … in order, as the plan lists them
`;

export interface FrequencyAnswerFile {
  readonly file: string;
  readonly names?: readonly string[];
}

/** The answer file and the names of its columns, or undefined when the data itself is read. */
export function frequencyAnswerOption(
  values: { frequencies?: string; 'frequency-columns'?: string; source?: string },
  positionals: readonly string[],
  cwd: string,
): FrequencyAnswerFile | undefined {
  const names = listOption(values['frequency-columns']);
  if (values.frequencies === undefined) {
    if (names !== undefined)
      throw new CliError(
        'option --frequency-columns names the columns of a --frequencies answer; give --frequencies FILE',
      );
    return undefined;
  }
  if (positionals.length > 0 || values.source !== undefined)
    throw new CliError(
      `give the data or --frequencies (its frequency table), not both (got ${[...positionals, ...(values.source !== undefined ? [`--source ${values.source}`] : [])].join(' ')})`,
    );
  const twice = names?.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new CliError(`option --frequency-columns names '${twice}' twice`);
  return { file: resolve(cwd, values.frequencies), ...(names ? { names } : {}) };
}
