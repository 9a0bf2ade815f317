import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Strict option parsing: unknown flags and missing values become a usage error (exit 2) with one line of explanation.
 * Every command also accepts `--json`.
 */
export function parseOptions<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' }, ...options }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

/** A number option, checked against a range; `what` names it in the error. */
export function numberOption(raw: string | undefined, what: string, check: (x: number) => boolean, rule: string): number | undefined {
  if (raw === undefined) return undefined;
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || !check(x)) throw new CliError(`option ${what}: '${raw}' is not valid; ${rule}`);
  return x;
}

/** A comma-separated list option such as `--qi a,b,c`. */
export function listOption(raw: string | undefined): string[] | undefined {
  return raw === undefined ? undefined : raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
