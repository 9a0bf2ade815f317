import { costText, localEpsilonText } from '../../engine/release/cost-text.js';
import { resolve } from 'node:path';
import { RunRefused } from '../../engine/host/run/release-runner.js';
import { withSpecSource } from '../../engine/host/run/run-spec.js';
import { specData } from '../spec-data.js';
import type { ReleasePreview } from '../../engine/preview/preview-types.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { SpecNotRunnable } from '../../language/release-input.js';
import type { Command, CommandContext } from '../command.js';
import { CliError, ExitCode } from '../cli-error.js';
import { parseOptions } from '../parse-options.js';
import { plural } from '../../engine/core/plural.js';

const usage = `usage: privspec preview <file.privspec> --only NAME [--json]

The release-preview panel's figures for one release, computed by the same engine functions (nothing spent, nothing
written): for a local DP release each value's true count and the standard error of its estimate, and the domain size
from which the count-mean sketch beats randomized response; for a generalize release the levels it applies (pins fixed, the rest searched), the rows it suppresses, its
classes, loss and the risk before and after; for a DP release per cell the true value of the bounded, clamped query it
perturbs, the value without contribution bounding, the 95 % half-width of its noise, its cost in the budget's notion and
the plan's and the ledger's totals. The figures are exact and data-dependent: for the data's owner, not for publication.
  --only NAME      the release to preview
  --json           print one JSON object
`;

const sig = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(Number(x.toPrecision(6))));

/**
 * The JSON a script reads: the panel's figures without the example draw (noise that nothing paid for stays in the
 * panel).
 */
export function previewJson(p: ReleasePreview): Record<string, unknown> {
  const b = p.body;
  const base = {
    spec: p.spec,
    release: p.release,
    kind: p.kind,
    ...(p.sample ? { sample: p.sample } : {}),
    ...(p.budget ? { budget: p.budget } : {}),
    notes: p.notes,
  };
  switch (b.kind) {
    case 'generalize':
      return {
        ...base,
        transformation: b.optimum && Object.fromEntries(b.columns.map((c, i) => [c, b.optimum![i]])),
        levels: b.optimum,
        pinned: b.pinned,
        ...(b.unavailable !== undefined ? { unavailable: b.unavailable } : {}),
        suppressed: b.suppressed,
        classes: b.after.classes,
        classSizes: b.classSizes,
        loss: b.loss,
        risk: { before: b.before, after: b.after },
      };
    case 'aggregate':
      return {
        ...base,
        query: b.query,
        mechanism: b.mechanism,
        cells: b.cells.map(({ draw: _draw, ...c }) => c),
        cellsTotal: b.cellsTotal,
        bound: b.bound,
        ...(b.bounding ? { bounding: b.bounding } : {}),
      };
    case 'mode':
      return { ...base, candidates: b.candidates, sensitivity: b.sensitivity };
    case 'grid':
      return { ...base, size: b.size, method: b.method, counts: b.truth, rmse: b.rmse };
    case 'view':
      // The partition and the answers come from an example draw that nothing paid for: only the exact figures and the
      // ARR estimate (a mean over draws, stated as such) go to a script.
      return {
        ...base,
        algorithm: b.algorithm,
        epsilon: b.epsilon,
        dimensions: b.dimensions,
        rows: b.rows,
        arr: b.arr,
        workload: b.workload,
        examples: b.examples.map((e) => ({ query: e.query, truth: e.truth })),
      };
    case 'local':
      return {
        ...base,
        column: b.column,
        protocol: b.protocol,
        localEpsilon: b.epsilon,
        reports: b.reports,
        values: b.values.map(({ draw: _draw, ...v }) => v),
        responseError: b.responseError,
        sketchError: b.sketchError,
        sketchWidth: b.sketchWidth,
        sketchBeatsAt: b.sketchBeatsAt,
      };
    case 'r2t':
      return { ...base, label: b.label, epsilonPerCandidate: b.epsilonPerCandidate, cells: b.cells };
    case 'pram':
      return {
        ...base,
        attributes: b.attributes.map(({ draw: _draw, ...a }) => a),
        combinedEpsilon: b.combinedEpsilon,
        highestRisk: b.highestRisk,
      };
  }
}

function printText(p: ReleasePreview, ctx: CommandContext): void {
  const b = p.body;
  const out = (line: string) => ctx.out(`${line}\n`);
  out(`${p.release} (${p.kind}) — preview: nothing spent, nothing written`);
  if (p.sample) out(`on a sample of ${p.sample.rows} of ${p.sample.of} rows`);
  if (b.kind === 'generalize') {
    if (b.unavailable) out(`not releasable: ${b.unavailable}`);
    else
      out(
        `levels: ${b.columns.map((c, i) => `${c}=${b.optimum![i]}${b.pinned.includes(c) ? ' (pinned)' : ''}`).join(', ')}`,
      );
    out(
      `suppressed: ${b.suppressed} rows · classes: ${b.after.classes} · loss (${b.loss.metric}): ${sig(b.loss.selected)}`,
    );
    // With a unit the classes' sizes and risks count persons, as the Risk Report does.
    const counted = b.before.unit !== undefined ? ` (counted in distinct ${b.before.unit})` : '';
    out(
      `risk before: ${b.before.classes} classes, average ${sig(b.before.averageRisk)}, highest ${sig(b.before.highestRisk)}${counted}`,
    );
    out(
      `risk after:  ${b.after.classes} classes, average ${sig(b.after.averageRisk)}, highest ${sig(b.after.highestRisk)}${counted}`,
    );
  } else if (b.kind === 'aggregate') {
    for (const c of b.cells)
      out(
        `${c.label}: true ${sig(c.truth)}${c.unbounded !== undefined ? ` (unbounded ${sig(c.unbounded)})` : ''} ± ${sig(c.error95)} (95 %)`,
      );
    if (b.cellsShown < b.cellsTotal) out(`the first ${b.cellsShown} of ${b.cellsTotal} cells`);
    out(b.bound);
    if (b.bounding) out(b.bounding);
  } else if (b.kind === 'mode') {
    for (const c of b.candidates) out(`${c.label}: score ${c.score}, chosen with probability ${sig(c.probability)}`);
  } else if (b.kind === 'grid') {
    out(
      `${b.size} × ${b.size} grid (${b.method}): ${b.truth.reduce((s, x) => s + x, 0)} points in cells, the fullest holds ${b.truth.reduce((m, x) => Math.max(m, x), 0)}`,
    );
    for (const r of b.rmse.filter((x) => x.method === b.method))
      out(`expected RMSE of a ${r.side} × ${r.side} range: ${sig(r.rmse)}`);
  } else if (b.kind === 'view') {
    out(
      `${b.algorithm} view at ${costText({ epsilon: b.epsilon }, 'pure')} over ${b.dimensions.map((d) => d.name).join(', ')}: an example draw has ${b.blocks} blocks (built on ${b.rows} rows)`,
    );
    out(`expected error (an estimate from builds on the data) on ${b.workload}:`);
    for (const a of b.arr)
      out(
        `  ${a.algorithm.padEnd(9)} ${a.rmse === null ? `— (${a.skipped ?? 'not built'})` : `RMSE ${sig(a.rmse)}, relative to HDPView ${sig(a.relative)}, ${a.analytic ? 'exact (from its noise variance)' : `over ${plural(a.runs, 'build')}`}`}`,
      );
    for (const e of b.examples)
      out(`${e.query}: true ${sig(e.truth)}, the example view answers ${sig(e.answer)} ± ${sig(e.noiseStdDev)}`);
  } else if (b.kind === 'local') {
    out(
      `local ${b.protocol} of ${b.column}: ${localEpsilonText(b.epsilon)} per report, ${b.reports} reports (one per unit)`,
    );
    for (const v of b.values) out(`${v.value}: true ${v.before}, estimate's standard error ± ${sig(v.standardError)}`);
    out(
      `a value no unit holds: standard error ± ${sig(b.responseError)} by randomized response over these ${b.values.length} values, ± ${sig(b.sketchError)} by a count-mean sketch of width ${b.sketchWidth}`,
    );
    out(
      b.sketchBeatsAt === null
        ? 'randomized response has the smaller error at any domain size up to 10⁹ at this ε and n'
        : `the count-mean sketch has the smaller error from ${b.sketchBeatsAt} values on, at this ε and n`,
    );
  } else if (b.kind === 'r2t') {
    out(`${b.label}; ε per candidate ${sig(b.epsilonPerCandidate)}`);
    for (const c of b.cells)
      out(
        `${c.labels.join(', ') || 'all'}: true ${sig(c.truth)}; R2T ${sig(c.r2t.median)} (${sig(c.r2t.mean)}); fixed τ ${c.fixed.map((f) => `${f.tau}: ${sig(f.median)} (${sig(f.mean)})`).join(', ')}`,
      );
  } else {
    for (const a of b.attributes)
      out(
        `${a.name}: ${localEpsilonText(a.epsilon)}; expected counts ${a.labels.map((l, i) => `${l} ${sig(a.expected[i])}`).join(', ')}`,
      );
    out(
      `combined ${localEpsilonText(b.combinedEpsilon)}; highest identification risk ${typeof b.highestRisk === 'number' ? sig(b.highestRisk) : b.highestRisk}`,
    );
  }
  if (p.budget) out(p.budget.sentence);
  for (const n of p.notes) out(`note: ${n}`);
}

export const preview: Command = {
  summary: "show a release's preview figures, spending and writing nothing",
  usage,
  async run(args, ctx) {
    const { values, positionals } = parseOptions(args, { only: { type: 'string' } });
    if (positionals.length !== 1) throw new CliError(`expected one spec file, got ${positionals.length}`);
    const only = values.only;
    if (only === undefined) throw new CliError('option --only NAME is required: name the release to preview');
    const path = resolve(ctx.cwd, positionals[0]);
    const services = nodeServices();
    const document = await loadSpec(path, services);
    let p: ReleasePreview;
    try {
      // The panel's own request handler, on all rows: the figures are those ▶ Run computes before its noise.
      // The spec's data is read through one source, as privspec release reads it (withSpecSource): the spec's checks,
      // the frequency tables and a DP release's aggregate.
      p = await withSpecSource(specData(document), () =>
        releasePreview(
          services,
          document,
          { uri: document.uri.toString(), release: only, controls: {} },
          { generalizeWork: Infinity },
        ),
      );
    } catch (e) {
      if (
        !(e instanceof SpecNotRunnable) &&
        !(e instanceof RunRefused) &&
        !(e instanceof Error && !(e instanceof TypeError) && !(e instanceof ReferenceError))
      )
        throw e;
      const message = e.message.split(path).join(positionals[0]).split('\n')[0];
      if (values.json) ctx.out(`${JSON.stringify({ error: message })}\n`);
      else ctx.err(`privspec preview: ${message}\n`);
      return (e as { kind?: string }).kind === 'input' ? ExitCode.Usage : ExitCode.Violations;
    } finally {
      services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
    }
    if (values.json) ctx.out(`${JSON.stringify(previewJson(p))}\n`);
    else printText(p, ctx);
    return ExitCode.Ok;
  },
};
