import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * A value that reads as a negative number (`-1`, `-.5`, `-1e3`, `-Infinity`), which the parser would take for a flag.
 */
const NEGATIVE_NUMBER = /^-(\d|\.\d|Infinity$|NaN$)/;

/**
 * Strict option parsing: unknown flags and missing values become a usage error (exit 2) with one line of explanation.
 * Every command also accepts `--json`.
 */
export function parseOptions<O extends Options>(args: string[], options: O) {
  const all = { json: { type: 'boolean' }, ...options } as const;
  // '--k -1' would otherwise be "ambiguous" to the parser; glued as '--k=-1', the flag's own range check answers
  // ("--k must be a positive integer"), which is the message the user needs.
  const glued: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : undefined;
    const takesValue =
      name !== undefined && Object.hasOwn(all, name) && all[name as keyof typeof all].type === 'string';
    if (takesValue && NEGATIVE_NUMBER.test(args[i + 1] ?? '')) glued.push(`${args[i]}=${args[++i]}`);
    else glued.push(args[i]);
  }
  try {
    return parseArgs({ args: glued, options: all, allowPositionals: true, strict: true });
  } catch (e) {
    throw new CliError(parserMessage(e as Error & { code?: string }));
  }
}

/** The parser's several-line messages, each said in one line. */
function parserMessage(e: Error & { code?: string }): string {
  const flag = /'(-[^' ]*)/.exec(e.message)?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${flag}'`;
  if (/ambiguous|argument missing/.test(e.message))
    return `${flag} needs a value (for a value that starts with '-', write ${flag}=-value)`;
  if (/does not take an argument/.test(e.message)) return `${flag} takes no value`;
  return e.message.split('\n')[0];
}

/** A number option, checked against a range; `what` names it in the error. */
export function numberOption(
  raw: string | undefined,
  what: string,
  check: (x: number) => boolean,
  rule: string,
): number | undefined {
  if (raw === undefined) return undefined;
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || !check(x))
    throw new CliError(`option ${what}: '${raw}' is not valid; ${rule}`);
  return x;
}

/**
 * A number flag stated as what it must be: `numberFlag('-1', '--k', isPositiveInteger, 'a positive integer')` fails
 * with "--k must be a positive integer, not '-1'".
 */
export function numberFlag(
  raw: string | undefined,
  flag: string,
  check: (x: number) => boolean,
  mustBe: string,
): number | undefined {
  if (raw === undefined) return undefined;
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || !check(x))
    throw new CliError(`${flag} must be ${mustBe}, not '${raw}'`);
  return x;
}

export const isPositiveInteger = (x: number) => Number.isSafeInteger(x) && x >= 1;

/** A comma-separated list option such as `--qi a,b,c`. */
export function listOption(raw: string | undefined): string[] | undefined {
  return raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
}

/**
 * `attribute=value` pairs of a repeated option (`--pram age=0.8 --pram sex=0.9`), by attribute; with `qi`, each
 * attribute must be one of them. A malformed or repeated pair is one line naming the option.
 */
export function assignments(
  raw: readonly string[] | undefined,
  flag: string,
  qi?: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of raw ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0 || eq === item.length - 1)
      throw new CliError(`option ${flag}: '${item}' is not of the form attribute=value`);
    const name = item.slice(0, eq).trim();
    if (qi && !qi.includes(name))
      throw new CliError(`option ${flag}: '${name}' is not one of the quasi-identifiers (${qi.join(', ')})`);
    if (out.has(name)) throw new CliError(`option ${flag} names '${name}' twice`);
    out.set(name, item.slice(eq + 1).trim());
  }
  return out;
}
