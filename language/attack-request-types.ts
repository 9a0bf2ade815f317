/**
 * `privspec/simulateAttack`: the editor's Simulate Attack… runs the linkage attack in the language server
 * (engine/host/run/attack-files.ts, the code behind `privspec attack`) and gets back the figures for the risk report's
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
  /**
   * The original data, and its identifier column (also the candidates'). A file privspec wrote is aligned with it by
   * its private row key; any other file must list the original records in its own order (checked).
   */
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

export const attackOriginalRequestMethod = 'privspec/attackOriginal';

export interface AttackOriginalParams {
  /** The released CSV, an absolute path. */
  readonly released: string;
}

/**
 * The data a released file was written from, found without asking: the release's report beside the file names its
 * spec, the spec names the data, and the row key beside the data's ledger proves the file is that release's.
 */
export interface AttackOriginal {
  /** The original data, when the file has a row key (or its ledger says why not: `noRowKey`). */
  readonly original?: string;
  readonly rowKey: boolean;
  readonly noRowKey?: string;
}
