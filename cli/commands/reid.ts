import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { assignments, listOption, numberOption, parseOptions } from '../parse-options.js';
import { seededRandom } from '../../engine/core/random.js';
import { readFrequencies, readTable } from '../../engine/host/sources/open-source.js';
import { expandedRows } from '../../engine/table/expand-frequency-table.js';
import { engineOption } from '../engine-option.js';
import { inputLocation, SOURCE_FLAG } from '../source-option.js';
import { matrixFromCsv } from '../../engine/pram/custom-matrix.js';
import { combinedEpsilon, localEpsilon } from '../../engine/pram/local-epsilon.js';
import { distinctValues } from '../../engine/pram/pram-spec.js';
import { retentionMatrix } from '../../engine/pram/retention-matrix.js';
import type { TransitionMatrix } from '../../engine/pram/transition-matrix.js';
import { identificationRisk, type IdentificationRisk } from '../../engine/risk/identification-risk.js';
import { column, TableError, type Table } from '../../engine/table/table.js';

const usage = `usage: privspec reid <original> <released> --qi a,b --pram a=RETAIN [--pram b=RETAIN] [--matrix a=file.csv]
                    [--exact-limit N] [--seed N] [--delimiter D] [--engine E] [--json]
       privspec reid --source ENGINE:TABLE <released> --qi a,b …

Identification probabilities of a PRAM release (Hasegawa & Miura; permanents over record types): eta[r][r'] is the
probability that original record r is released record r', for an attacker who knows the original file and sees the
released one with its records shuffled. Rows are original records, columns released records, both in file order.
  --qi a,b               the randomized attributes (required)
  --pram a=RETAIN        attribute a kept with probability RETAIN, otherwise drawn uniformly from the distinct values
                         of the original column: P(v→v) = RETAIN + (1−RETAIN)/|V|
  --matrix a=file.csv    attribute a randomized with the matrix in file.csv (first row and column are the labels)
  --exact-limit N        blocks whose dynamic programme over record types has at most 2^N states are solved exactly
                         (default 20: e.g. 20 distinct records, or any number of records with few distinct values;
                         at most 2^23 states whatever N);
                         larger ones are approximated by MCMC and the output says "method": "approximate" with its
                         error bound. Every η is checked (rows and columns sum to 1) before it is printed
  --seed N               make the approximation reproducible (it is a risk estimate, not privacy noise)
  --delimiter D          field delimiter (',' ';' '|' or 'tab'); detected when omitted
  --engine E             auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory
  --source ENGINE:TABLE  the original is a database table: postgres:SCHEMA.TABLE or clickhouse:DB.TABLE (the
                         server and credentials come from the environment, PGHOST…, CLICKHOUSE_URL…)
  --json                 print one JSON object

Files are CSV or Parquet; reid reads their --qi columns only, row by row (η's rows and columns are in file order). Of
a database table, whose rows have no order, only the frequency table over --qi crosses (η depends on the record types
alone): its records are the original's rows, type by type.
`;

export const reid: Command = {
  summary: 'measure the identification risk of a PRAM release',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      qi: { type: 'string' },
      pram: { type: 'string', multiple: true },
      matrix: { type: 'string', multiple: true },
      'exact-limit': { type: 'string' },
      seed: { type: 'string' },
      delimiter: { type: 'string' },
      engine: { type: 'string' },
      ...SOURCE_FLAG,
    });
    const wanted = values.source === undefined ? 2 : 1;
    if (positionals.length !== wanted)
      throw new CliError(
        values.source === undefined
          ? `expected the <original> and <released> arguments, got ${positionals.length}`
          : `with --source (the original), expected the <released> argument, got ${positionals.length}`,
      );
    const [originalAt, releasedAt] =
      values.source === undefined
        ? positionals.map((p) => resolve(ctx.cwd, p))
        : [inputLocation([], values.source, ctx.cwd), resolve(ctx.cwd, positionals[0])];
    const qi = listOption(values.qi);
    if (!qi || qi.length === 0)
      throw new CliError('option --qi is required: name the randomized attributes, e.g. --qi sex,age');
    const twice = qi.find((name, i) => qi.indexOf(name) !== i);
    if (twice !== undefined) throw new CliError(`option --qi names '${twice}' twice`);
    const retain = assignments(values.pram, '--pram');
    const files = assignments(values.matrix, '--matrix');
    for (const name of [...retain.keys(), ...files.keys()])
      if (!qi.includes(name)) throw new CliError(`'${name}' is given a matrix but is not in --qi`);
    for (const name of qi) {
      if (retain.has(name) && files.has(name)) throw new CliError(`'${name}' has both --pram and --matrix; give one`);
      if (!retain.has(name) && !files.has(name))
        throw new CliError(`'${name}' has no matrix: give --pram ${name}=RETAIN or --matrix ${name}=file.csv`);
    }
    const exactLimit = numberOption(
      values['exact-limit'],
      '--exact-limit',
      (x) => Number.isInteger(x) && x >= 1 && x <= 26,
      'an integer from 1 to 26',
    );
    const seed = numberOption(values.seed, '--seed', (x) => Number.isSafeInteger(x), 'an integer');
    const delimiter = values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter;
    const engine = engineOption(values.engine);
    const options = delimiter === undefined ? { columns: qi, engine } : { delimiter, columns: qi, engine };
    // A database table's rows have no order of their own, and η depends only on the record types: its frequency table
    // over --qi is what crosses (identical records as one with their count), expanded here type by type.
    const [original, released] = await Promise.all([
      values.source === undefined
        ? readTable(originalAt, options)
        : readFrequencies(originalAt, qi, options).then(expandedRows),
      readTable(releasedAt, options),
    ]);

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
      const rho = numberOption(
        retain.get(name),
        `--pram ${name}`,
        (x) => x >= 0 && x <= 1,
        'the retention is a probability in [0, 1]',
      )!;
      // The contract's domain: the distinct values of the original column.
      return retentionMatrix(distinctValues(column(original, name)), rho);
    });
    const risk = identificationRisk(records(original, qi), records(released, qi), matrices, {
      exactLimit,
      ...(seed !== undefined ? { rng: seededRandom(seed) } : {}),
    });
    ctx.out(
      values.json ? `${JSON.stringify(toJson(risk, qi, matrices, original, released))}\n` : toText(risk, qi, matrices),
    );
    return ExitCode.Ok;
  },
};

/** The rows of `table` as arrays of the qi values. */
function records(table: Table, qi: readonly string[]): string[][] {
  const cols = qi.map((q) => column(table, q));
  return Array.from({ length: table.rowCount }, (_, r) => cols.map((c) => c.dictionary[c.codes[r]]));
}

/** The full record-by-record η is printed up to this many records; beyond, η is given by record type. */
const JSON_ETA_LIMIT = 1000;
/** Type pairs printed in the JSON's `etaByType`. */
const JSON_TYPE_PAIRS = 250_000;

function toJson(
  r: IdentificationRisk,
  qi: readonly string[],
  matrices: readonly TransitionMatrix[],
  original: Table,
  released: Table,
): Record<string, unknown> {
  const n = r.records;
  const typeRecords = (types: Int32Array, count: number, table: Table) => {
    const first = new Int32Array(count).fill(-1);
    const counts = new Array<number>(count).fill(0);
    types.forEach((t, i) => {
      if (first[t] < 0) first[t] = i;
      counts[t]++;
    });
    const cols = qi.map((q) => column(table, q));
    return Array.from(first, (i, t) => ({ values: cols.map((c) => c.dictionary[c.codes[i]]), count: counts[t] }));
  };
  const pairs = r.originalTypes * r.releasedTypes;
  return {
    ...(n <= JSON_ETA_LIMIT
      ? { eta: r.eta }
      : {
          eta: null,
          etaOmitted: `η of ${n} records is ${n} × ${n}; it is given by record type in etaByType (every pair of records of the same two types has the same η)`,
        }),
    maxRisk: r.maxRisk,
    method: r.method,
    bound: r.bound,
    boundMeaning: r.boundMeaning,
    check: {
      maxSumError: r.checkError,
      meaning: 'largest |row or column sum of η − 1| (checked ≤ 1e-9; entries checked in [0, 1])',
    },
    rows: n,
    qi,
    blocks: r.blocks,
    largestBlock: r.largestBlock,
    types: { original: r.originalTypes, released: r.releasedTypes },
    ...(pairs <= JSON_TYPE_PAIRS
      ? {
          etaByType: {
            original: typeRecords(r.originalType, r.originalTypes, original),
            released: typeRecords(r.releasedType, r.releasedTypes, released),
            eta: Array.from({ length: r.originalTypes }, (_, t) =>
              Array.from(r.typeEta.subarray(t * r.releasedTypes, (t + 1) * r.releasedTypes)),
            ),
          },
        }
      : { etaByTypeOmitted: `${pairs} type pairs exceed the ${JSON_TYPE_PAIRS} printed` }),
    epsilon: {
      perAttribute: Object.fromEntries(qi.map((q, i) => [q, finite(localEpsilon(matrices[i]))])),
      combined: finite(combinedEpsilon(matrices)),
    },
  };
}

/** JSON has no ∞: an unbounded ε is written as null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);

function toText(r: IdentificationRisk, qi: readonly string[], matrices: readonly TransitionMatrix[]): string {
  const n = r.records;
  const lines = [`Identification risk of a PRAM release (${n} records; ${qi.join(', ')})`];
  lines.push(
    `  method        ${r.method} (each η within ±${r.bound.toPrecision(2)}${r.method === 'approximate' ? ', ~99.7%' : ', rounding'}; rows and columns sum to 1 within ${r.checkError.toPrecision(2)})`,
  );
  lines.push(`  highest η     ${r.maxRisk.toFixed(6)}`);
  lines.push(
    `  local ε       ${qi.map((q, i) => `${q} ${localEpsilon(matrices[i]).toFixed(4)}`).join(', ')}; combined ${combinedEpsilon(matrices).toFixed(4)}`,
    '',
  );
  if (n <= 12) {
    lines.push('  η (rows: original records, columns: released records)');
    for (const row of r.eta) lines.push(`  ${row.map((x) => x.toFixed(6)).join('  ')}`);
  } else {
    // The highest η by type pair, each shown by the first record of its types (all records of a type share η).
    lines.push('  records with the highest η (original → released; records of the same values share η)');
    const first = (types: Int32Array, count: number) => {
      const out = new Int32Array(count).fill(-1);
      types.forEach((t, i) => (out[t] < 0 ? (out[t] = i) : 0));
      return out;
    };
    const fo = first(r.originalType, r.originalTypes);
    const fr = first(r.releasedType, r.releasedTypes);
    // A running top ten: the type pairs can number millions.
    const top: { k: number; x: number }[] = [];
    r.typeEta.forEach((x, k) => {
      if (top.length === 10 && x <= top[9].x) return;
      top.push({ k, x });
      top.sort((a, b) => b.x - a.x);
      if (top.length > 10) top.pop();
    });
    for (const t of top) {
      const i = fo[Math.floor(t.k / r.releasedTypes)];
      const j = fr[t.k % r.releasedTypes];
      lines.push(`  ${String(i + 1).padStart(6)} → ${String(j + 1).padEnd(6)} ${t.x.toFixed(6)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
