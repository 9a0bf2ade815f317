import * as path from 'node:path';
import * as vscode from 'vscode';
import { LSPErrorCodes, ResponseError, type LanguageClient } from 'vscode-languageclient/node';
import {
  attackOriginalRequestMethod,
  simulateAttackRequestMethod,
  type AttackOriginal,
  type AttackReportSection,
  type SimulateAttackParams,
} from '../../language/attack-request-types.js';
import type { CommandFactory, Ctx } from '../ctx.js';
import { riskReportRequestMethod, type RiskReportParams, type RiskReportResponse } from '../protocol.js';
import { RiskReportPanel } from '../risk-report/risk-report-panel.js';
import { activeCsv, headerOf } from './active-files.js';

/**
 * `PrivSpec: Simulate Attack…`: the linkage attack of `privspec attack` on a released CSV (the active one, or a pick)
 * with a candidate file of identified records, run by the language server (`privspec/simulateAttack`) with progress and
 * cancel. The result is the attack section of the released file's risk report, so "Save as Markdown/HTML" saves it too.
 * The command only asks and shows; the engine does the attack.
 */
export const simulateAttack: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const client = ctx.client;
    const released = await activeCsv(uri);
    if (!client || !released) return;
    const candidates = await pickCsv('Candidate file: identified records the attacker holds', released.uri);
    if (!candidates) return;
    const releasedColumns = headerOf(released.getText());
    const candidateColumns = headerOf(await readText(candidates));
    const id = await pickOne(
      'Identifier column of the candidates',
      candidateColumns.filter((c) => !releasedColumns.includes(c)),
      ['id'],
    );
    if (id === undefined) return;
    const common = releasedColumns.filter((c) => candidateColumns.includes(c) && c !== id);
    if (common.length === 0)
      throw new Error(
        `${path.basename(released.uri.fsPath)} and ${path.basename(candidates.fsPath)} share no column to link on`,
      );
    const qi = (
      await vscode.window.showQuickPick(
        common.map((c) => ({ label: c, picked: true })),
        { title: 'Quasi-identifiers the attacker links on', canPickMany: true },
      )
    )?.map((p) => p.label);
    if (!qi || qi.length === 0) return;
    const model = await pickModel(qi, released.uri);
    if (!model) return;
    const truth = await originalOf(client, released.uri);
    const params: SimulateAttackParams = {
      released: released.uri.fsPath,
      candidates: candidates.fsPath,
      qi,
      ...model,
      ...(truth ? { truth, id } : {}),
      workDoneToken: `privspec-attack-${Date.now()}`,
    };
    const attack = await run(
      client,
      params,
      `PrivSpec: attacking ${path.basename(released.uri.fsPath)} with ${path.basename(candidates.fsPath)}`,
    );
    if (!attack) return;
    ctx.output.appendLine(
      `simulated attack on ${released.uri.fsPath}: ${JSON.stringify({ matched: attack.matched, correct: attack.correct, rate: attack.rate, predictedRate: attack.predictedRate, exceeds: attack.exceeds })}`,
    );
    await showInReport(ctx, client, released, qi, attack);
  },
};

/**
 * The original data to score the attack with. A file privspec wrote as a spec's release is found without a question:
 * the server follows its report to the spec and the data, and checks the private row key privspec kept beside that
 * data's ledger (the key aligns the shuffled records; the user is never asked about their order). Otherwise the user
 * picks the original: for a file privspec wrote elsewhere (anonymize --out) the server finds its key from that data;
 * any other file must list the original records in its own order, which the attack checks. Undefined: not scored.
 */
async function originalOf(client: LanguageClient, released: vscode.Uri): Promise<string | undefined> {
  const found = await client
    .sendRequest<AttackOriginal>(attackOriginalRequestMethod, { released: released.fsPath })
    .catch((): AttackOriginal => ({ rowKey: false }));
  if (found.rowKey && found.original) return found.original;
  if (found.noRowKey) {
    void vscode.window.showWarningMessage(`PrivSpec: ${found.noRowKey}. The attack runs, but it is not scored.`);
    return undefined;
  }
  const pick = await pickCsv('Original data, to score the attack (Escape: do not score)', released, true);
  return pick?.fsPath;
}

/** A CSV of the workspace other than `except`; with `optional`, Escape means none. */
async function pickCsv(title: string, except: vscode.Uri, optional = false): Promise<vscode.Uri | undefined> {
  const files = (await vscode.workspace.findFiles('**/*.{csv,tsv}', '**/node_modules/**', 500)).filter(
    (f) => f.fsPath !== except.fsPath,
  );
  const items = files.map((f) => ({ label: vscode.workspace.asRelativePath(f), uri: f }));
  const browse = { label: '$(folder-opened) Browse…', uri: undefined as vscode.Uri | undefined };
  const picked = await vscode.window.showQuickPick([...items, browse], {
    title,
    ignoreFocusOut: true,
    placeHolder: optional ? 'Escape to skip' : undefined,
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  return (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { CSV: ['csv', 'tsv'] }, title }))?.[0];
}

/** One of `options`, the preferred names first; '' when there is none to pick (candidates are then numbered). */
async function pickOne(title: string, options: string[], preferred: string[]): Promise<string | undefined> {
  if (options.length === 0) return '';
  const sorted = [...options].sort((a, b) => Number(preferred.includes(b)) - Number(preferred.includes(a)));
  return (await vscode.window.showQuickPick(sorted, { title, ignoreFocusOut: true })) ?? undefined;
}

/** How the released values are read: generalized as they stand, through hierarchy files, or randomized by PRAM. */
async function pickModel(
  qi: readonly string[],
  near: vscode.Uri,
): Promise<Pick<SimulateAttackParams, 'hierarchies' | 'retain'> | undefined> {
  const kinds = [
    {
      label: 'Generalized or Mondrian',
      detail: 'ranges [lo, hi], value sets {a, b}, * and unchanged values',
      how: 'plain',
    },
    {
      label: 'Generalized with ARX hierarchy files…',
      detail: 'one file per quasi-identifier (Escape skips one)',
      how: 'hierarchies',
    },
    { label: 'PRAM…', detail: 'randomized with a retention probability', how: 'pram' },
  ];
  const kind = (await vscode.window.showQuickPick(kinds, { title: 'How was the file released?', ignoreFocusOut: true }))
    ?.how;
  if (kind === undefined) return undefined;
  if (kind === 'plain') return {};
  if (kind === 'pram') {
    const text = await vscode.window.showInputBox({
      title: 'PRAM retention (the probability a value is kept)',
      value: '0.6',
      validateInput: (v) =>
        Number(v) >= 0 && Number(v) <= 1 && v.trim() !== '' ? undefined : 'a probability in [0, 1]',
    });
    if (text === undefined) return undefined;
    return { retain: Object.fromEntries(qi.map((q) => [q, Number(text)])) };
  }
  const hierarchies: Record<string, string> = {};
  for (const q of qi) {
    const file = await pickCsv(`ARX hierarchy of ${q} (Escape: none)`, near, true);
    if (file) hierarchies[q] = file.fsPath;
  }
  return { hierarchies };
}

async function run(
  client: LanguageClient,
  params: SimulateAttackParams,
  title: string,
): Promise<AttackReportSection | undefined> {
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token) => client.sendRequest<AttackReportSection>(simulateAttackRequestMethod, params, token),
    );
  } catch (error) {
    if (
      error instanceof vscode.CancellationError ||
      (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled)
    ) {
      void vscode.window.showInformationMessage('PrivSpec: attack cancelled.');
      return undefined;
    }
    throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/**
 * The released file's risk report (its quasi-identifiers as linked), computed by the language server's
 * `privspec/riskReport` as for any CSV, with the attack as its last section.
 */
async function showInReport(
  ctx: Ctx,
  client: LanguageClient,
  released: vscode.TextDocument,
  qi: readonly string[],
  attack: AttackReportSection,
): Promise<void> {
  const params: RiskReportParams = {
    csv: { path: released.uri.fsPath, delimiter: ctx.config.delimiter(), qi, k: ctx.config.defaultK(released.uri) },
    source: vscode.workspace.asRelativePath(released.uri),
  };
  try {
    const report = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `PrivSpec: computing the risk of ${path.basename(released.uri.fsPath)}`,
        cancellable: true,
      },
      (_progress, token) => client.sendRequest<RiskReportResponse>(riskReportRequestMethod, params, token),
    );
    RiskReportPanel.show(ctx.extension.extensionUri, { ...report, attack }, released.uri.fsPath);
  } catch (error) {
    if (
      error instanceof vscode.CancellationError ||
      (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled)
    )
      return;
    throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

async function readText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
