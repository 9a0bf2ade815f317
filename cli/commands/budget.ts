import type { Command } from '../command.js';
import { raiseUsage } from './budget-raise-usage.js';
import { CliError, ExitCode } from '../cli-error.js';
import { refuseNonFinite } from '../finite-figures.js';
import { numberFlag, parseOptions } from '../parse-options.js';
import { epsilonClassic, epsilonOptimal, rhoClassic, rhoFromPureEpsilon, rhoOptimal } from '../../engine/dp/index.js';

const usage = `usage: privspec budget [--epsilon E] [--delta D] [--rho R] [--json]
       privspec budget raise <file.privspec> --to VALUE --reason "…" [--json]

Conversions between privacy notions (Bun–Steinke 2016; Canonne–Kamath–Steinke 2020).
  --rho R --delta D       the ε for which ρ-zCDP implies (ε, δ)-DP: classic ρ + 2√(ρ·ln(1/δ)) and optimal (CKS20)
  --rho R                 the same for δ = 1e-3 … 1e-8
  --epsilon E             ε-DP implies (E²/2)-zCDP
  --epsilon E --delta D   the largest ρ whose zCDP guarantee implies (E, D)-DP, classic and optimal, and the
                          Gaussian noise σ per unit of L2 sensitivity for each route
  --json                  print one JSON object
Every ε and δ printed is rounded up and every ρ rounded down, so each conversion is safe to use as stated.

${raiseUsage}`;

const TABLE_DELTAS = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8];

/** A table cell: four decimals rounded up (an ε is never shown smaller than it is), tiny values in exponent form. */
const cell = (x: number) => (x === 0 ? '0' : x < 1e-3 ? fmt(x) : (Math.ceil(x * 1e4) / 1e4).toFixed(4));

const fmt = (x: number) =>
  x !== 0 && Math.abs(x) < 1e-3 ? x.toExponential().replace(/\.?0+e/, 'e') : String(Number(x.toPrecision(10)));

export const budget: Command = {
  summary: 'convert between ε, (ε, δ) and zCDP ρ, or record a budget raise',
  usage,
  async run(args, ctx) {
    // Only the raise reads a spec, so only it loads the spec language.
    if (args[0] === 'raise') return (await import('./budget-raise.js')).runRaise(args.slice(1), ctx);
    const { values, positionals } = parseOptions(args, {
      epsilon: { type: 'string' },
      delta: { type: 'string' },
      rho: { type: 'string' },
    });
    if (positionals.length > 0) throw new CliError(`unexpected argument '${positionals[0]}'`);
    const epsilon = numberFlag(values.epsilon, '--epsilon', (x) => x > 0, 'a finite number > 0');
    const delta = numberFlag(values.delta, '--delta', (x) => x > 0 && x < 1, 'within (0, 1)');
    const rho = numberFlag(values.rho, '--rho', (x) => x > 0, 'a finite number > 0');
    if (epsilon !== undefined && rho !== undefined)
      throw new CliError('give --epsilon or --rho, not both (see privspec budget --help)');

    let json: Record<string, unknown>;
    let text: string;
    if (rho !== undefined && delta !== undefined) {
      const classic = epsilonClassic(rho, delta);
      const optimal = epsilonOptimal(rho, delta);
      json = { rho, delta, epsilon: { classic, optimal } };
      text = `ρ = ${fmt(rho)}-zCDP implies (ε, δ = ${fmt(delta)})-DP with\n  ε = ${fmt(classic)}  classic: ρ + 2√(ρ·ln(1/δ))\n  ε = ${fmt(optimal)}  optimal: Canonne–Kamath–Steinke 2020, Cor. 13\n`;
    } else if (rho !== undefined) {
      const table = TABLE_DELTAS.map((d) => ({
        delta: d,
        classic: epsilonClassic(rho, d),
        optimal: epsilonOptimal(rho, d),
      }));
      json = { rho, table };
      text = `ρ = ${fmt(rho)}-zCDP implies (ε, δ)-DP with\n      δ   ε classic   ε optimal\n${table.map((r) => `${fmt(r.delta).padStart(7)}   ${cell(r.classic).padStart(9)}   ${cell(r.optimal).padStart(9)}`).join('\n')}\n`;
    } else if (epsilon !== undefined && delta !== undefined) {
      const classic = rhoClassic(epsilon, delta);
      const optimal = rhoOptimal(epsilon, delta);
      // σ per unit L2 sensitivity: Δ/√(2ρ) for zCDP; √(2 ln(1.25/δ))/ε for the classic Gaussian (defined for ε < 1).
      const sigma = {
        zcdpClassic: 1 / Math.sqrt(2 * classic),
        zcdpOptimal: 1 / Math.sqrt(2 * optimal),
        ...(epsilon < 1 ? { classicGaussian: Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon } : {}),
      };
      json = {
        epsilon,
        delta,
        rho: { classic, optimal },
        gaussianSigmaPerSensitivity: sigma,
        pureRho: rhoFromPureEpsilon(epsilon),
      };
      text =
        `(ε = ${fmt(epsilon)}, δ = ${fmt(delta)})-DP is implied by ρ-zCDP with\n  ρ ≤ ${fmt(classic)}  classic conversion\n  ρ ≤ ${fmt(optimal)}  optimal conversion (CKS20)\n` +
        `Gaussian σ per unit of L2 sensitivity: ${fmt(sigma.zcdpOptimal)} (zCDP, optimal)` +
        (sigma.classicGaussian !== undefined ? `, ${fmt(sigma.classicGaussian)} (classic (ε, δ) Gaussian)` : '') +
        `\nA pure ε = ${fmt(epsilon)} mechanism is ${fmt(rhoFromPureEpsilon(epsilon))}-zCDP.\n`;
    } else if (epsilon !== undefined) {
      const r = rhoFromPureEpsilon(epsilon);
      json = { epsilon, rho: r };
      text = `ε = ${fmt(epsilon)}-DP implies ρ = ε²/2 = ${fmt(r)}-zCDP\n`;
    } else {
      throw new CliError(
        delta !== undefined
          ? '--delta needs --rho or --epsilon'
          : 'give --rho R [--delta D] or --epsilon E [--delta D] (see privspec budget --help)',
      );
    }
    refuseNonFinite(json, [
      'rho',
      'delta',
      'epsilon',
      'classic',
      'optimal',
      'zcdpClassic',
      'zcdpOptimal',
      'classicGaussian',
      'pureRho',
    ]);
    ctx.out(values.json ? `${JSON.stringify(json)}\n` : text);
    return ExitCode.Ok;
  },
};
