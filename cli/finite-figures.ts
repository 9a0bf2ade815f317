import { CliError, ExitCode } from './cli-error.js';

/**
 * The last check before a command prints its result: every number in it must be finite (and, where the caller says,
 * not negative). A NaN or ∞ printed as an answer reads as a confident figure, so it is refused instead, exit 2, naming
 * the figure and why, and nothing is printed.
 */
export function refuseNonFinite(result: unknown, nonNegative: readonly string[] = []): void {
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'number') {
      const key =
        path
          .replace(/\[\d+\]/g, '')
          .split('.')
          .pop() ?? '';
      if (!Number.isFinite(value)) {
        throw new CliError(
          `the figure ${path} came out as ${value}, not a finite number, so nothing is printed; the inputs are beyond what double-precision arithmetic can state (bring them to a narrower range)`,
          ExitCode.Usage,
        );
      }
      if (value < 0 && nonNegative.includes(key))
        throw new CliError(
          `the figure ${path} came out as ${value}, below 0, which it cannot be; nothing is printed`,
          ExitCode.Usage,
        );
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit(v, path ? `${path}.${k}` : k);
  };
  visit(result, '');
}
