/**
 * `privspec/simulateAttack`: the editor's Simulate Attack… runs the linkage attack in the language server
 * (engine/node/attack-files.ts, the code behind `privspec attack`) and gets back the figures for the risk report's
 * attack section. Shapes only, so that the client can import them without the server.
 */
import type { AttackSummary } from '../engine/attack/attack-report.js';

export const simulateAttackRequestMethod = 'privspec/simulateAttack';

export interface SimulateAttackParams {
  /** Absolute paths. */
  readonly released: string;
  readonly candidates: string;
  readonly qi: readonly string[];
  /** ARX hierarchy file by quasi-identifier, for generalized values. */
  readonly hierarchies?: Readonly<Record<string, string>>;
  /** PRAM retention by quasi-identifier. */
  readonly retain?: Readonly<Record<string, number>>;
  /** The original file in the release's record order, and its identifier column (also the candidates'). */
  readonly truth?: string;
  readonly id?: string;
  readonly workDoneToken?: string;
}

/** The risk report's attack section: the summary `privspec attack --json` prints, and what was attacked. */
export interface AttackReportSection extends AttackSummary {
  readonly releasedFile: string;
  readonly candidatesFile: string;
  readonly truthFile?: string;
  readonly qi: readonly string[];
  /** How the attacker read the released values: 'generalized', 'hierarchies' or 'PRAM retain …'. */
  readonly model: string;
}
