import * as path from 'node:path';
import * as vscode from 'vscode';
import { LSPErrorCodes, ResponseError, WorkDoneProgress, type LanguageClient } from 'vscode-languageclient/node';
import type { CommandFactory, Ctx } from '../ctx.js';
import {
  anonymizeCsvRequestMethod,
  type AnonymizeCsvParams,
  type AnonymizeCsvResult,
  type SpecDatasetModel,
} from '../protocol.js';
import { activeCsv } from './active-files.js';
import { levelWords } from '../csv/fix-words.js';
import { plural } from '../../engine/core/plural.js';

/**
 * `PrivSpec: Anonymize CSV…` on a CSV that a spec names: runs one of the spec's `generalize` releases in the language
 * server, with the spec's whole anonymity block (k, ℓ, suppression, metric, pins), and writes exactly what
 * `privspec release --only <release>` writes: `releases/<spec>/<release>.csv` and `.json`, never beside the data.
 * The search reports progress and can be cancelled; a cancelled run writes nothing. A CSV no spec names is not
 * anonymized: k-anonymity needs the hierarchies only a spec declares.
 */
export const anonymizeCsv: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const client = ctx.client;
    const document = await activeCsv(uri);
    if (!client || !document) return;
    const dataset = await chooseSpec(ctx, document.uri);
    if (dataset === null) return;
    if (!dataset) {
      throw new Error(
        `no spec names ${vscode.workspace.asRelativePath(document.uri)}; Anonymize CSV… runs a spec's generalize release (its hierarchies and anonymity block). Run "PrivSpec: Create Spec from CSV" first`,
      );
    }
    const release = await chooseRelease(ctx, dataset);
    if (!release) return;
    const specUri = vscode.Uri.file(dataset.specPath);
    // The server reads the spec as the editor holds it; saved, it is also what `privspec release` reads.
    await vscode.workspace.textDocuments.find((d) => d.uri.toString() === specUri.toString() && d.isDirty)?.save();
    const params: AnonymizeCsvParams = {
      uri: client.code2ProtocolConverter.asUri(specUri),
      release,
      workDoneToken: `privspec-anonymize-${Date.now()}`,
    };
    const result = await run(
      client,
      params,
      `PrivSpec: anonymizing ${path.basename(document.uri.fsPath)} with the release ${release} of ${dataset.specName}`,
    );
    if (!result) return;
    const { outcome } = result;
    if (outcome.status !== 'written') {
      void vscode.window.showWarningMessage(`PrivSpec: ${release} (${dataset.specName}): ${outcome.message}`);
      return;
    }
    const csv = outcome.files.find((f) => f.endsWith('.csv')) ?? outcome.files[0];
    // In the quick fixes' words ("zip with its last 1 character masked"), not as lattice levels ("zip=1").
    const model = ctx.models.modelFor(document.uri)?.model;
    const levels = Object.entries((outcome.parameters?.levels ?? {}) as Record<string, number>)
      .map(([c, l]) => levelWords(c, l, model?.hierarchies[c]))
      .join(', ');
    const suppressed = result.suppressed ?? 0;
    const summary = `${levels}; ${plural(suppressed, 'row')} suppressed`;
    ctx.output.appendLine(
      `anonymized ${document.uri.fsPath} with ${dataset.specName}'s release ${release} → ${outcome.files.join(', ')} (${summary})`,
    );
    const open = await vscode.window.showInformationMessage(
      `PrivSpec: wrote ${vscode.workspace.asRelativePath(csv)} (${summary})`,
      'Open',
    );
    if (open) await vscode.window.showTextDocument(vscode.Uri.file(csv));
  },
};

/**
 * The spec whose dataset anonymizes the CSV: the only one that names it, or the user's pick when several do (a draft
 * beside the real spec must not be used without asking). `null` when the pick is dismissed.
 */
async function chooseSpec(ctx: Ctx, uri: vscode.Uri): Promise<SpecDatasetModel | undefined | null> {
  const naming = ctx.models.datasetsFor(uri);
  if (naming.length <= 1) return ctx.models.modelFor(uri)?.dataset ?? naming[0];
  const current = ctx.models.modelFor(uri)?.dataset?.specPath;
  const picked = await vscode.window.showQuickPick(
    naming.map((d) => ({
      label: d.specName,
      description: `${vscode.workspace.asRelativePath(d.specPath)}${d.specPath === current ? ' · checks this file now' : ''}`,
      detail: `quasi-identifiers: ${d.qi.join(', ') || 'none'}`,
      dataset: d,
    })),
    { title: `${naming.length} specs name ${vscode.workspace.asRelativePath(uri)}: anonymize with which?` },
  );
  if (!picked) return null;
  ctx.models.choose(uri, picked.dataset.specPath);
  return picked.dataset;
}

/** The spec's generalize release to run: the only one, a pick among several, or one added to the spec on request. */
async function chooseRelease(ctx: Ctx, dataset: SpecDatasetModel): Promise<string | undefined> {
  const releases = dataset.generalizeReleases;
  if (releases.length === 1) return releases[0];
  if (releases.length > 1)
    return vscode.window.showQuickPick([...releases], { title: `Which generalize release of ${dataset.specName}?` });
  // A dataset's name is an identifier, and no keyword ends in `_generalized`: the name needs no quoting.
  const name = `${dataset.datasetName}_generalized`;
  const line = `release ${name}: generalize`;
  const answer = await vscode.window.showInformationMessage(
    `PrivSpec: ${dataset.specName} has no generalize release. Add "${line}" to it and run it? (privspec release --only ${name} then writes the same file.)`,
    'Add and Run',
  );
  if (answer !== 'Add and Run') return undefined;
  const spec = await vscode.workspace.openTextDocument(vscode.Uri.file(dataset.specPath));
  const text = spec.getText();
  const edit = new vscode.WorkspaceEdit();
  edit.insert(spec.uri, spec.positionAt(text.length), `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`);
  if (!(await vscode.workspace.applyEdit(edit)) || !(await spec.save()))
    throw new Error(`could not add the release to ${dataset.specName}`);
  // The server parses the edited spec and says so; wait until its models list the new release.
  const ready = await ctx.models.until(
    (all) => all.some((d) => d.specPath === dataset.specPath && d.generalizeReleases.includes(name)),
    10_000,
  );
  if (!ready)
    throw new Error(
      `added "${line}" to ${dataset.specName}, but the language server has not read it yet; run Anonymize CSV… again`,
    );
  return name;
}

/** Sends the request with progress in a cancellable notification; undefined when the user cancelled. */
async function run(
  client: LanguageClient,
  params: AnonymizeCsvParams,
  title: string,
): Promise<AnonymizeCsvResult | undefined> {
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        let reported = 0;
        const subscription = client.onProgress(WorkDoneProgress.type, params.workDoneToken!, (value) => {
          if (value.kind !== 'report') return;
          const percentage = value.percentage ?? reported;
          progress.report({ increment: Math.max(0, percentage - reported), message: value.message });
          reported = Math.max(reported, percentage);
        });
        try {
          return await client.sendRequest<AnonymizeCsvResult>(anonymizeCsvRequestMethod, params, token);
        } finally {
          subscription.dispose();
        }
      },
    );
  } catch (error) {
    if (
      error instanceof vscode.CancellationError ||
      (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled)
    ) {
      void vscode.window.showInformationMessage('PrivSpec: anonymization cancelled; nothing was written.');
      return undefined;
    }
    // The server answers a refusal with one line (a spec with errors, an output over an input); so does the command.
    throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
