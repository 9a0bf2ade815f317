/**
 * The options of `privspec anonymize … --with-pram` and their usage text (anonymize-pram.ts runs them). Their own file,
 * so that anonymize's option parser and --help do not load the generalization × PRAM search a plain run never uses.
 */
export const PRAM_FLAGS = {
  'with-pram': { type: 'boolean' },
  'pram-epsilon': { type: 'string' },
  'pram-pk': { type: 'boolean' },
  'pram-flags': { type: 'string' },
  'exhaustive-check': { type: 'boolean' },
} as const;

export const PRAM_USAGE = `  --with-pram               also search generalization × PRAM by Bayesian optimization and report its optimum
                            under "withPram"; with --out the file is that combined release (generalized, then
                            PRAM'd, declared columns only, rows in random order) and the report says so.
                            --pram-epsilon E targets local ε ≤ E for the randomized attributes; --pram-pk makes the
                            target Pk-anonymity with k = --k (Ikarashi et al. 2015: no record linked with probability
                            above 1/k); --pram-flags all|per-attribute: one PRAM flag for all quasi-identifiers (as
                            Hasegawa & Miura) or one each (default); --exhaustive-check enumerates every point and
                            reports the relative error`;
