/**
 * The editor's requests for figures and edits it must not compute itself (plain types, shared with the client through
 * `extension/protocol.ts`): the risk report's figures, the CSV quick fix's pin of a level, and the draft of a new spec.
 * The language server answers each with the engine's and the language's one implementation.
 */
import type { RiskReportFigures } from '../engine/risk/risk-report-figures-types.js';

/** `privspec/riskReport`: the risk report of a spec's dataset, or of a CSV the workspace settings describe. */
export const riskReportRequestMethod = 'privspec/riskReport';

export type RiskReportParams =
  | {
      /** The spec's document URI: its dataset, unit, hierarchies, pins and anonymity block are the report's inputs. */
      readonly uri: string;
      /** k when the spec's anonymity block states none (the editor's `privspec.defaultK`). */
      readonly defaultK: number;
      /** How the report names the CSV (relative to the workspace). */
      readonly source: string;
      /** The editor's `privspec.risk.threshold` for the survey-weighted section. */
      readonly riskThreshold?: number;
    }
  | {
      /** A CSV with no spec: the quasi-identifiers and k stored in the workspace settings. */
      readonly csv: {
        readonly path: string;
        readonly delimiter?: string;
        readonly qi: readonly string[];
        readonly k: number;
      };
      readonly source: string;
    };

export type RiskReportResponse = RiskReportFigures;

/** `privspec/levelEdit`: the edit of a spec that pins `column` to `level` in its anonymity block. */
export const levelEditRequestMethod = 'privspec/levelEdit';

export interface LevelEditParams {
  readonly uri: string;
  readonly column: string;
  readonly level: number;
}

/** One edit in LSP form (0-based lines and characters), or null when the spec cannot take the pin. */
export type LevelEditResponse = {
  readonly range: {
    readonly start: { line: number; character: number };
    readonly end: { line: number; character: number };
  };
  readonly newText: string;
} | null;

/** `privspec/draftSpec`: the first draft of a spec for a CSV, for `PrivSpec: Create Spec from CSV`. */
export const draftSpecRequestMethod = 'privspec/draftSpec';

export interface DraftSpecParams {
  /** The CSV's absolute path (read by the server's CSV store). */
  readonly csvPath: string;
  /** The path as the spec will write it (relative to the spec). */
  readonly relativePath: string;
  readonly delimiter?: string;
  readonly k: number;
}

export type DraftSpecResponse = string;
