import type { Command } from '../command.js';
import { anonymize } from './anonymize.js';
import { attack } from './attack.js';
import { budget } from './budget.js';
import { check } from './check.js';
import { leakage } from './leakage.js';
import { preview } from './preview.js';
import { reid } from './reid.js';
import { query } from './query.js';
import { release } from './release.js';
import { risk } from './risk.js';
import { synthesize } from './synthesize.js';

/**
 * The command table. Each command lives in its own file beside this one; add it here with one line.
 */
export const commands: Record<string, Command> = {
  anonymize,
  attack,
  budget,
  check,
  leakage,
  preview,
  query,
  reid,
  release,
  risk,
  synthesize,
};
