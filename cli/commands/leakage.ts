import { resolve } from 'node:path';
import type { Command } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { refuseNonFinite } from '../finite-figures.js';
import { parseOptions } from '../parse-options.js';
import { readTable } from '../../engine/host/sources/open-source.js';
import { engineOption } from '../engine-option.js';
import { inputLocation, SOURCE_FLAG } from '../source-option.js';
import { PrivacyError } from '../../engine/core/measures.js';
import {
  bdpLaplaceScale,
  exactBdpl,
  gaussianLeakage,
  graphFromEdgeTable,
  jointFromTable,
} from '../../engine/dp/correlated/index.js';
import { largest, smallest } from '../../engine/core/extremes.js';

const usage = `usage: privspec leakage <edges> | --source ENGINE:TABLE [--tau T] [--epsilon E --sensitivity M] [--engine E] [--json]
       privspec leakage --joint <joint> --epsilon E [--sensitivity M] [--engine E] [--json]

Bayesian-DP leakage of a Laplace-noised sum over correlated privacy units (Yang, Sato, Nakagawa, "Bayesian
Differential Privacy on Correlated Data", SIGMOD 2015).
  <edges.csv>        the correlation graph: header 'a,b' or 'a,b,weight' (weight ≥ 0, default 1); units are the ids
                     it names. Gaussian correlation model: precision = graph Laplacian + τ·I. A weak adversary
                     targeting unit i leaks (1 + ℓᵢ)·M/λ; prints max ℓ, the most exposed units and, with --epsilon,
                     the Laplace scale (M/ε)(1 + max ℓ) that gives ε-BDP.
  --tau T            the prior τ ≥ 0 (default 0; a disconnected graph needs τ > 0)
  --joint <csv>      a small discrete joint distribution instead: one column per tuple (≤ 12, numeric values) plus p.
                     Prints the exact leakage of every adversary (target, known tuples) for Laplace noise of scale M/ε.
  --epsilon E        the budget ε
  --sensitivity M    how much one unit can move the sum (default 1; with --joint, the largest value minus the smallest)
  --source ENGINE:TABLE  the edge list is a database table: postgres:SCHEMA.TABLE or clickhouse:DB.TABLE (the server
                     and credentials come from the environment, PGHOST…, CLICKHOUSE_URL…)
  --engine E         auto (default: DuckDB for Parquet and for CSVs over 1 GiB), duckdb or memory
  --json             print one JSON object

Files are CSV or Parquet. Each edge is a row (a repeated edge is an error naming its line), so the edge list and the
joint are read as rows: their own columns only.
`;

/** Values such as '--tau -1' would read as a flag; glue them to their option so the range check answers. */
function glue(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (/^--(tau|epsilon|sensitivity)$/.test(args[i]) && /^-[\d.]/.test(args[i + 1] ?? ''))
      out.push(`${args[i]}=${args[++i]}`);
    else out.push(args[i]);
  }
  return out;
}

/** A number flag checked against its range; the one-line message avoids the words that make the CLI print the usage. */
function numberFlag(
  raw: string | undefined,
  flag: string,
  ok: (x: number) => boolean,
  rule: string,
): number | undefined {
  if (raw === undefined) return undefined;
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || !ok(x)) throw new CliError(`${flag} ${raw}: ${rule}`);
  return x;
}

const fmt = (x: number) => String(Number(x.toPrecision(6)));

export const leakage: Command = {
  summary: 'measure the Bayesian-DP leakage of a sum over correlated units',
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(glue(args), {
      tau: { type: 'string' },
      epsilon: { type: 'string' },
      sensitivity: { type: 'string' },
      joint: { type: 'string' },
      engine: { type: 'string' },
      ...SOURCE_FLAG,
    });
    const read = { engine: engineOption(values.engine) };
    const epsilon = numberFlag(values.epsilon, '--epsilon', (x) => x > 0, 'ε must be a finite number > 0');
    const sensitivity = numberFlag(values.sensitivity, '--sensitivity', (x) => x > 0, 'M must be a finite number > 0');
    const json = values.json === true;

    if (values.joint !== undefined) {
      if (positionals.length > 0)
        throw new CliError(`unexpected argument '${positionals[0]}': --joint takes the joint file`);
      if (values.source !== undefined)
        throw new CliError('--source names the edge list, which --joint replaces; give one of them');
      if (values.tau !== undefined) throw new CliError('--tau belongs to the graph form, not --joint');
      if (epsilon === undefined) throw new CliError('--joint needs --epsilon (the noise scale is M/ε)');
      const file = resolve(ctx.cwd, values.joint);
      const joint = jointFromTable(await readTable(file, read));
      const all = joint.outcomes.flatMap((o) => [...o]);
      const m = sensitivity ?? largest(all) - smallest(all);
      if (!(m > 0))
        throw new CliError(`${file}: every tuple takes one value, so the sum has no sensitivity; give --sensitivity`);
      const lambda = m / epsilon;
      const result = exactBdpl(joint, lambda);
      const named = (a: (typeof result.adversaries)[number]) => ({
        target: joint.names[a.target],
        known: a.known.map((k) => joint.names[k]),
        bdpl: a.bdpl,
      });
      const out = {
        bdpl: result.bdpl,
        epsilon,
        sensitivity: m,
        lambda,
        worst: { ...named(result.worst), witness: result.worst.witness },
        adversaries: result.adversaries.map(named),
      };
      refuseNonFinite(out, ['bdpl', 'epsilon', 'sensitivity', 'lambda']);
      ctx.out(json ? `${JSON.stringify(out)}\n` : jointText(out));
      return ExitCode.Ok;
    }

    if (positionals.length === 0 && values.source === undefined)
      throw new CliError('give the edge list <edges.csv>, --source ENGINE:TABLE or --joint <joint.csv> (see usage)');
    if (values.source === undefined && positionals.length > 1)
      throw new CliError(`unexpected argument '${positionals[1]}'`);
    const tau = numberFlag(values.tau, '--tau', (x) => x >= 0, 'τ must be a finite number ≥ 0') ?? 0;
    const file = inputLocation(positionals, values.source, ctx.cwd);
    const { graph, ids } = graphFromEdgeTable(await readTable(file, read));
    let result;
    try {
      result = gaussianLeakage(graph, tau);
    } catch (e) {
      // The graph-level causes (disconnected without a prior, too many units) have no line: name the file.
      if (e instanceof PrivacyError) throw new CliError(`${file}: ${e.message}`);
      throw e;
    }
    const m = sensitivity ?? 1;
    const order = Array.from(result.leakage.keys()).sort((a, b) => result.leakage[b] - result.leakage[a] || a - b);
    const out = {
      n: graph.n,
      tau,
      maxLeakage: result.max,
      top: order.slice(0, 10).map((v) => ({ unit: ids[v], leakage: result.leakage[v] })),
      sensitivity: m,
      ...(epsilon !== undefined
        ? { epsilon, scale: bdpLaplaceScale(m, epsilon, result.max), dpScale: m / epsilon }
        : {}),
    };
    refuseNonFinite(out, ['maxLeakage', 'leakage', 'tau', 'sensitivity', 'epsilon', 'scale', 'dpScale']);
    ctx.out(json ? `${JSON.stringify(out)}\n` : graphText(out));
    return ExitCode.Ok;
  },
};

function graphText(o: {
  n: number;
  tau: number;
  maxLeakage: number;
  top: { unit: string; leakage: number }[];
  sensitivity: number;
  epsilon?: number;
  scale?: number;
  dpScale?: number;
}): string {
  const lines = [
    `${o.n} units, prior τ = ${fmt(o.tau)}: max leakage coefficient ℓ = ${fmt(o.maxLeakage)} (a weak adversary learns (1 + ℓ)·M/λ)`,
    'most exposed units:',
    ...o.top.map((t) => `  ${t.unit.padEnd(12)} ℓ = ${fmt(t.leakage)}`),
  ];
  if (o.scale !== undefined)
    lines.push(
      `Laplace scale for ε = ${fmt(o.epsilon!)}-BDP: λ₀ = (M/ε)(1 + max ℓ) = ${fmt(o.scale)} (plain ε-DP: ${fmt(o.dpScale!)})`,
    );
  return `${lines.join('\n')}\n`;
}

function jointText(o: {
  bdpl: number;
  epsilon: number;
  lambda: number;
  worst: { target: string; known: string[]; bdpl: number };
  adversaries: { target: string; known: string[]; bdpl: number }[];
}): string {
  const show = (a: { target: string; known: string[]; bdpl: number }) =>
    `  target ${a.target.padEnd(8)} knows {${a.known.join(', ')}}`.padEnd(40) + ` BDPL ${fmt(a.bdpl)}`;
  const list =
    o.adversaries.length <= 64
      ? o.adversaries.map(show)
      : [`  (${o.adversaries.length} adversaries; --json lists them all)`];
  return (
    `Laplace noise of scale λ = ${fmt(o.lambda)} (ε = ${fmt(o.epsilon)} for plain DP): BDPL = ${fmt(o.bdpl)}` +
    `${o.bdpl > o.epsilon * (1 + 1e-9) ? ` > ε — not ${fmt(o.epsilon)}-BDP` : ` ≤ ε — ${fmt(o.epsilon)}-BDP`}\n` +
    `worst adversary:\n${show(o.worst)}\nevery adversary:\n${list.join('\n')}\n`
  );
}
