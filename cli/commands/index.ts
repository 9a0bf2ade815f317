import type { Command } from '../command.js';

/**
 * The command table. Each command lives in its own file beside this one and is loaded only when it runs: a command that
 * needs no spec language (`risk`, `anonymize`, `budget`, `reid`, `leakage`) never loads Langium, and `--version` loads
 * no command at all (the build splits the bundle at these imports). The summary for `privspec --help` is kept here so
 * that listing the commands loads none of them; a test checks it against the command's own. Add a command with one entry.
 */
export interface CommandEntry {
  readonly summary: string;
  load(): Promise<Command>;
}

export const commands: Record<string, CommandEntry> = {
  anonymize: {
    summary: 'Optimal generalization with suppression (k-anonymity, ℓ-diversity, t-closeness), or Mondrian',
    load: async () => (await import('./anonymize.js')).anonymize,
  },
  attack: {
    summary: 'Linkage attack on a release against identified candidates, scored against the predicted risk',
    load: async () => (await import('./attack.js')).attack,
  },
  budget: {
    summary: 'Privacy conversions: zCDP ρ ↔ (ε, δ) (classic and optimal), ε → ρ; budget raise: a recorded raise of a dataset\'s budget',
    load: async () => (await import('./budget.js')).budget,
  },
  check: {
    summary: 'check a .privspec file: columns, hierarchies, k / ℓ on the data, parameters and the privacy budget',
    load: async () => (await import('./check.js')).check,
  },
  leakage: {
    summary: 'Bayesian-DP leakage of a sum over correlated units (graph model or an exact small joint)',
    load: async () => (await import('./leakage.js')).leakage,
  },
  plan: {
    summary: 'print the SQL computing every aggregate a spec needs (duckdb, postgres, clickhouse, spark)',
    load: async () => (await import('./plan.js')).plan,
  },
  preview: {
    summary: "the preview panel's figures for one release: nothing spent, nothing written",
    load: async () => (await import('./preview.js')).preview,
  },
  query: {
    summary: 'Answers counting queries from a released DP view (no budget)',
    load: async () => (await import('./query.js')).query,
  },
  reid: {
    summary: 'Identification risk of a PRAM release: η per original/released record pair via permanents',
    load: async () => (await import('./reid.js')).reid,
  },
  release: {
    summary: 'run the releases of a .privspec file, recording each spend in the ledger',
    load: async () => (await import('./release.js')).release,
  },
  risk: {
    summary: 'Re-identification risk: classes, uniques, prosecutor risk, k violations, population uniqueness',
    load: async () => (await import('./risk.js')).risk,
  },
  synthesize: {
    summary: 'Synthetic records sampled from a released DP view (no budget)',
    load: async () => (await import('./synthesize.js')).synthesize,
  },
};
