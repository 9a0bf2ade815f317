import type { CommandFactory } from '../ctx.js';
import { anonymizeCsv } from './anonymize-csv.js';
import { createSpec } from './create-spec.js';
import { restartServer } from './restart-server.js';
import { previewRelease } from './preview-release.js';
import { runRelease } from './run-release.js';
import { setQuasiIdentifiers } from './set-quasi-identifiers.js';
import { showClassRows } from './show-class-rows.js';
import { showLedger } from './show-ledger.js';
import { showRiskReport } from './show-risk-report.js';
import { simulateAttack } from './simulate-attack.js';
import { nextViolation } from './next-violation.js';
import { openExampleFile } from './open-example-file.js';
import { openExampleWorkspace } from './open-example-workspace.js';

/**
 * The command table, registered as `privspec.<key>` (see package.json `contributes.commands` for the palette titles).
 * One file per command beside this one.
 */
export function createCommands(): Record<string, CommandFactory> {
  return {
    showRiskReport,
    createSpecFromCsv: createSpec,
    anonymizeCsv,
    runRelease,
    previewRelease,
    setQuasiIdentifiers,
    showClassRows,
    showLedger,
    simulateAttack,
    restartServer,
    nextViolation,
    openExampleWorkspace,
    openExampleFile,
  };
}
