import { resolve } from 'node:path';
import type { AttackSummary } from '../../engine/attack/attack-report.js';
import { seededRandom } from '../../engine/core/random.js';
import { runAttackFiles } from '../../engine/host/run/attack-files.js';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { assignments, listOption, numberOption, parseOptions } from '../parse-options.js';
import { engineOption } from '../engine-option.js';
import { inputLocation, SOURCE_FLAG } from '../source-option.js';

const usage = `usage: privspec attack <released> <candidates> --qi a,b [--hierarchy a=file.csv …] [--pram a=RETAIN …]
                      [--matrix a=file.csv …] [--truth original | --source ENGINE:TABLE] [--id COLUMN]
                      [--candidate-id COLUMN] [--out matches.csv] [--seed N] [--delimiter D] [--engine E] [--json]

Runs the linkage attack on a release (record linkage after Fellegi & Sunter 1969 and Sweeney 2002): every released
record is linked to the identified candidate records it could have come from, and a one-to-one assignment maximizing
the total likelihood (the assignment problem of Kuhn 1955, solved exactly) picks one candidate per record.
  --qi a,b               the quasi-identifiers the attacker links on (required)
  --hierarchy a=file     the ARX hierarchy the release used for a: a generalized value matches the values it covers.
                         Mondrian ranges [lo, hi], value sets {a, b} and '*' are understood without one
  --pram a=RETAIN        a was randomized by PRAM keeping each value with probability RETAIN (otherwise uniform over
                         the domain the release's report beside the file states — a hierarchy's values —, else over the
                         original column's values, or over every value seen when --truth is not given)
  --matrix a=file.csv    a was randomized by PRAM with this transition matrix (first row and column are the labels)
  --truth original       the original data, to score the attack. A file privspec wrote (shuffled, suppressed records
                         left out) is aligned by the private row key kept beside this data's ledger; any other file
                         must list the original records in its own order, which is checked (exit 2 when it is not)
  --source ENGINE:TABLE  the original is a database table instead (postgres:SCHEMA.TABLE or clickhouse:DB.TABLE; the
                         server and credentials come from the environment); its rows must come in the release's order
                         (a release streamed from a table has no row key)
  --id COLUMN            the identifier column of the truth and of the candidates
  --candidate-id COLUMN  the candidates' identifier column when it is named differently (default: --id, else the
                         candidate's record number)
  --out matches.csv      write the matching table (released record → candidate, score); the file must not exist
  --seed N               break ties reproducibly (tests only; otherwise the secure generator breaks them)
  --engine E             auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory
  --json                 print one JSON object

Files are CSV or Parquet. The attack links record by record, so it reads rows, not a frequency table: the --qi
columns of each input and the identifier columns, nothing else.

Prints released, candidates, matched and, with --truth, alignment ("row key" or "record order"), correct, rate and
predictedRate: the mean over released records
of 1/(size of its class) for generalization, of the identification risk max_r η(r, j) for PRAM (Hasegawa & Miura).
Exit code 1 when the measured rate exceeds predictedRate by more than 3 binomial standard errors, 2 on bad input and
when the records cannot be aligned with the truth (no row key, or a truth not in the release's order).
`;

export const attack: Command = {
  summary: 'run a linkage attack on a release against its predicted risk',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, {
      qi: { type: 'string' },
      hierarchy: { type: 'string', multiple: true },
      pram: { type: 'string', multiple: true },
      matrix: { type: 'string', multiple: true },
      truth: { type: 'string' },
      id: { type: 'string' },
      'candidate-id': { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      delimiter: { type: 'string' },
      engine: { type: 'string' },
      ...SOURCE_FLAG,
    });
    if (positionals.length !== 2)
      throw new CliError(`expected the <released> and <candidates> arguments, got ${positionals.length}`);
    if (values.source !== undefined && values.truth !== undefined)
      throw new CliError('give the original as --truth FILE or as --source ENGINE:TABLE, not both');
    const truth =
      values.source !== undefined
        ? inputLocation([], values.source, ctx.cwd)
        : values.truth === undefined
          ? undefined
          : resolve(ctx.cwd, values.truth);
    const qi = listOption(values.qi);
    if (!qi || qi.length === 0)
      throw new CliError('option --qi is required: name the quasi-identifiers to link on, e.g. --qi age,zip');
    const twice = qi.find((name, i) => qi.indexOf(name) !== i);
    if (twice !== undefined) throw new CliError(`option --qi names '${twice}' twice`);
    const path = (p: string) => resolve(ctx.cwd, p);
    const hierarchies = new Map([...assignments(values.hierarchy, '--hierarchy', qi)].map(([k, v]) => [k, path(v)]));
    const matrices = new Map([...assignments(values.matrix, '--matrix', qi)].map(([k, v]) => [k, path(v)]));
    const retain = new Map(
      [...assignments(values.pram, '--pram', qi)].map(([k, v]) => [
        k,
        numberOption(v, `--pram ${k}`, (x) => x >= 0 && x <= 1, 'the retention is a probability in [0, 1]')!,
      ]),
    );
    for (const name of qi) {
      const given = [hierarchies.has(name), matrices.has(name), retain.has(name)].filter(Boolean).length;
      if (given > 1) throw new CliError(`'${name}' has more than one of --hierarchy, --pram and --matrix; give one`);
    }
    if (truth !== undefined && values.id === undefined)
      throw new CliError(
        `option ${values.source === undefined ? '--truth' : '--source'} needs --id COLUMN: the identifier column of the original and the candidates`,
      );
    const seed = numberOption(values.seed, '--seed', (x) => Number.isSafeInteger(x), 'an integer');
    const delimiter = values.delimiter === 'tab' || values.delimiter === '\\t' ? '\t' : values.delimiter;
    const { summary } = await runAttackFiles({
      released: path(positionals[0]),
      candidates: path(positionals[1]),
      qi,
      hierarchies,
      matrices,
      retain,
      ...(truth !== undefined ? { truth } : {}),
      engine: engineOption(values.engine),
      ...(values.id !== undefined ? { id: values.id } : {}),
      ...(values['candidate-id'] !== undefined ? { candidateId: values['candidate-id'] } : {}),
      ...(values.out !== undefined ? { out: path(values.out) } : {}),
      ...(delimiter !== undefined ? { delimiter } : {}),
      ...(seed !== undefined ? { rng: seededRandom(seed) } : {}),
    });
    const report = { ...summary, ...(values.out !== undefined ? { out: values.out } : {}) };
    ctx.out(values.json ? `${JSON.stringify(report)}\n` : toText(report));
    return summary.exceeds ? ExitCode.Violations : ExitCode.Ok;
  },
};

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function toText(s: AttackSummary & { out?: string }): string {
  const lines = [`Linkage attack: ${s.released} released records, ${s.candidates} candidates`];
  lines.push(
    `  linked one-to-one   ${s.matched} (${s.ties} records had tied best candidates, drawn at random${s.seeded ? ' by the seeded generator: NOT for real use' : ''})`,
  );
  if (s.rate !== undefined) {
    lines.push(
      `  aligned by          ${s.alignment === 'row key' ? 'the private row key privspec kept when it wrote the file' : `record order, checked on ${(s.verifiedOn ?? []).join(', ')}`}`,
    );
    lines.push(
      `  correct             ${s.correct} (${pct(s.rate)}); most-likely-candidate attack ${s.bestCorrect} (${pct(s.bestRate!)})`,
    );
    lines.push(`  confident links     ${s.confident}, precision ${s.precision === null ? '—' : pct(s.precision!)}`);
    if (s.predictedRate === null || s.predictedRate === undefined)
      lines.push(`  predicted           not computed: ${s.predictedNote ?? ''}`);
    else {
      lines.push(
        `  predicted           ${pct(s.predictedRate)} (${s.predictedBasis}), tolerance ±${pct(s.tolerance!)} (3σ)${s.etaDiagonalMean !== undefined ? `; mean η diagonal ${pct(s.etaDiagonalMean)}` : ''}`,
      );
      lines.push(
        s.exceeds
          ? '  VERDICT             the attack beats the predicted risk beyond its tolerance'
          : '  verdict             the attack stays within the predicted risk',
      );
    }
  }
  if (s.atRisk.length > 0) {
    lines.push('', '  records most at risk (released record → candidate, score)');
    for (const r of s.atRisk)
      lines.push(
        `  ${String(r.record).padStart(7)} → ${r.candidate.padEnd(12)} ${r.score.toFixed(4)}${r.correct === undefined ? '' : r.correct ? '  correct' : ''}`,
      );
  }
  if (s.out) lines.push('', `  matching table written to ${s.out}`);
  return `${lines.join('\n')}\n`;
}
