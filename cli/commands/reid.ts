import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { listOption, numberOption, parseOptions } from '../parse-options.js';
import { seededRandom } from '../../engine/core/random.js';
import { readCsvFile } from '../../engine/node/read-csv-file.js';
import { matrixFromCsv } from '../../engine/pram/custom-matrix.js';
import { combinedEpsilon, localEpsilon } from '../../engine/pram/local-epsilon.js';
import { distinctValues } from '../../engine/pram/pram-spec.js';
import { retentionMatrix } from '../../engine/pram/retention-matrix.js';
import type { TransitionMatrix } from '../../engine/pram/transition-matrix.js';
import { identificationRisk, type IdentificationRisk } from '../../engine/risk/identification-risk.js';
import { column, TableError, type Table } from '../../engine/table/table.js';

const usage = `usage: privspec reid <original.csv> <released.csv> --qi a,b --pram a=RETAIN [--pram b=RETAIN] [--matrix a=file.csv]
                    [--exact-limit N] [--seed N] [--delimiter D] [--json]

Identification probabilities of a PRAM release (Hasegawa & Miura; permanents by Ryser 1963): eta[r][r'] is the
probability that original record r is released record r', for an attacker who knows the original file and sees the
released one with its records shuffled. Rows are original records, columns released records, both in file order.
  --qi a,b               the randomized attributes (required)
  --pram a=RETAIN        attribute a kept with probability RETAIN, otherwise drawn uniformly from the distinct values
                         of the original column: P(v→v) = RETAIN + (1−RETAIN)/|V|
  --matrix a=file.csv    attribute a randomized with the matrix in file.csv (first row and column are the labels)
  --exact-limit N        blocks of records up to N are solved exactly (default 20; 2^N·N work); larger ones are
                         approximated by MCMC and the output says "method": "approximate" with its error bound
  --seed N               make the approximation reproducible (it is a risk estimate, not privacy noise)
  --delimiter D          field delimiter (',' ';' '|' or 'tab'); detected when omitted
  --json                 print one JSON object
`;

/** `a=value` pairs of a repeated option, by attribute. */
function pairs(raw: string[] | undefined, flag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of raw ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0 || eq === item.length - 1) throw new CliError(`option ${flag}: '${item}' is not of the form attribute=value`);
    const name = item.slice(0, eq).trim();
    if (out.has(name)) throw new CliError(`option ${flag} names '${name}' twice`);
    out.set(name, item.slice(eq + 1).trim());
  }
  return out;
}

export const reid: Command = {
  summary: 'Identification risk of a PRAM release: η per original/released record pair via permanents',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      qi: { type: 'string' },
      pram: { type: 'string', multiple: true },
      matrix: { type: 'string', multiple: true },
      'exact-limit': { type: 'string' },
      seed: { type: 'string' },
      delimiter: { type: 'string' },
    });
    if (positionals.length !== 2) throw new CliError(`expected the <original.csv> and <released.csv> arguments, got ${positionals.length}`);
    const qi = listOption(values.qi);
    if (!qi || qi.length === 0) throw new CliError('option --qi is required: name the randomized attributes, e.g. --qi sex,age');
    const twice = qi.find((name, i) => qi.indexOf(name) !== i);
    if (twice !== undefined) throw new CliError(`option --qi names '${twice}' twice`);
    const retain = pairs(values.pram, '--pram');
    const files = pairs(values.matrix, '--matrix');
    for (const name of [...retain.keys(), ...files.keys()]) if (!qi.includes(name)) throw new CliError(`'${name}' is given a matrix but is not in --qi`);
    for (const name of qi) {
      if (retain.has(name) && files.has(name)) throw new CliError(`'${name}' has both --pram and --matrix; give one`);
      if (!retain.has(name) && !files.has(name)) throw new CliError(`'${name}' has no matrix: give --pram ${name}=RETAIN or --matrix ${name}=file.csv`);
    }
    const exactLimit = numberOption(values['exact-limit'], '--exact-limit', (x) => Number.isInteger(x) && x >= 1 && x <= 26, 'an integer from 1 to 26');
    const seed = numberOption(values.seed, '--seed', (x) => Number.isSafeInteger(x), 'an integer');
    const delimiter = values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter;
    const read = (p: string) => readCsvFile(resolve(ctx.cwd, p), delimiter === undefined ? { columns: qi } : { delimiter, columns: qi });
    const [original, released] = await Promise.all([read(positionals[0]), read(positionals[1])]);

    const matrices = qi.map((name): TransitionMatrix => {
      const file = files.get(name);
      if (file !== undefined) {
        const path = resolve(ctx.cwd, file);
        let text: string;
        try {
          text = readFileSync(path, 'utf8');
        } catch {
          throw new TableError('cannot read the matrix file', path);
        }
        return matrixFromCsv(text, { source: file });
      }
      const rho = numberOption(retain.get(name), `--pram ${name}`, (x) => x >= 0 && x <= 1, 'the retention is a probability in [0, 1]')!;
      // The contract's domain: the distinct values of the original column.
      return retentionMatrix(distinctValues(column(original, name)), rho);
    });
    const risk = identificationRisk(records(original, qi), records(released, qi), matrices, {
      exactLimit,
      ...(seed !== undefined ? { rng: seededRandom(seed) } : {}),
    });
    ctx.out(values.json ? `${JSON.stringify(toJson(risk, qi, matrices))}\n` : toText(risk, qi, matrices));
    return ExitCode.Ok;
  },
};

/** The rows of `table` as arrays of the qi values. */
function records(table: Table, qi: readonly string[]): string[][] {
  const cols = qi.map((q) => column(table, q));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

function toJson(r: IdentificationRisk, qi: readonly string[], matrices: readonly TransitionMatrix[]): Record<string, unknown> {
  return {
    eta: r.eta,
    maxRisk: r.maxRisk,
    method: r.method,
    ...(r.bound !== undefined ? { bound: r.bound, boundMeaning: 'each approximated η is within ±bound with about 99.7% probability (3 batch-means standard errors of MCMC)' } : {}),
    rows: r.eta.length,
    qi,
    blocks: r.blocks,
    largestBlock: r.largestBlock,
    epsilon: { perAttribute: Object.fromEntries(qi.map((q, i) => [q, finite(localEpsilon(matrices[i]))])), combined: finite(combinedEpsilon(matrices)) },
  };
}

/** JSON has no ∞: an unbounded ε is written as null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);

function toText(r: IdentificationRisk, qi: readonly string[], matrices: readonly TransitionMatrix[]): string {
  const n = r.eta.length;
  const lines = [`Identification risk of a PRAM release (${n} records; ${qi.join(', ')})`];
  lines.push(`  method        ${r.method}${r.bound !== undefined ? ` (each η within ±${r.bound.toFixed(4)}, ~99.7%)` : ''}`);
  lines.push(`  highest η     ${r.maxRisk.toFixed(6)}`);
  lines.push(`  local ε       ${qi.map((q, i) => `${q} ${localEpsilon(matrices[i]).toFixed(4)}`).join(', ')}; combined ${combinedEpsilon(matrices).toFixed(4)}`, '');
  if (n <= 12) {
    lines.push('  η (rows: original records, columns: released records)');
    for (const row of r.eta) lines.push(`  ${row.map((x) => x.toFixed(6)).join('  ')}`);
  } else {
    lines.push('  records with the highest η (original → released)');
    const top = r.eta.flatMap((row, i) => row.map((x, j) => ({ i, j, x }))).sort((a, b) => b.x - a.x).slice(0, 10);
    for (const t of top) lines.push(`  ${String(t.i + 1).padStart(6)} → ${String(t.j + 1).padEnd(6)} ${t.x.toFixed(6)}`);
  }
  return `${lines.join('\n')}\n`;
}
