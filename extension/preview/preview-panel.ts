import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  previewEditsRequestMethod,
  previewReleaseRequestMethod,
  type PreviewEditsResponse,
  type PreviewParams,
  type PreviewResponse,
  type RunReleaseParams,
} from '../protocol.js';
import type { RunOutcome } from '../commands/run-release.js';
import type { FromPreview, HostTiming, PageTiming, PreviewControls, ToPreview } from './preview-protocol.js';
import { panelColumn, panelHtml, panelOptions, trackPanel } from '../webview-shell.js';
import { packArrays } from './packed-arrays.js';

/**
 * The release-preview panel: one at a time, retargeted by ▶ Preview (Keep this preview pins it: the next ▶ Preview then
 * opens another, in the same group). It asks the language server for the figures (the
 * engine plans and draws there, off the editor's thread), posts them to the page, previews again when a control moves
 * or the spec changes, and runs the release through ▶ Run's command (confirmation, ledger, files) — never a copy.
 */
export class PreviewPanel {
  static readonly viewType = 'privspec.preview';
  private static current: PreviewPanel | undefined;
  private controls: PreviewControls = {};
  /** The parameters went back to the spec's: the next preview tells the page to drop the values it moved. */
  private reset = false;
  private generation = 0;
  private pending: vscode.CancellationTokenSource | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static show(
    extensionUri: vscode.Uri,
    client: LanguageClient,
    spec: vscode.Uri,
    release: string,
    log?: (line: string) => void,
  ): void {
    if (!PreviewPanel.current) {
      const panel = trackPanel(
        vscode.window.createWebviewPanel(
          PreviewPanel.viewType,
          `Preview: ${release}`,
          { viewColumn: panelColumn(), preserveFocus: true },
          panelOptions(extensionUri, { retainContextWhenHidden: true }),
        ),
      );
      PreviewPanel.current = new PreviewPanel(panel, extensionUri, client, spec, release, log);
    } else {
      const c = PreviewPanel.current;
      c.spec = spec;
      c.release = release;
      c.controls = {};
      c.reset = true;
      c.first = undefined;
      c.panel.title = `Preview: ${release}`;
      c.panel.reveal(panelColumn(c.panel), true);
      void c.refresh();
    }
  }

  /** The first preview, asked for while the page loads (creating a webview takes most of the opening time). */
  private first: Promise<ToPreview> | undefined;
  private readonly opened = performance.now();
  private readonly openedAt = Date.now();

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly client: LanguageClient,
    private spec: vscode.Uri,
    private release: string,
    private readonly log?: (line: string) => void,
  ) {
    this.first = this.compute(this.controls);
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: FromPreview) => void this.receive(m)),
      // The panel follows the spec: an edit (the release's ε, its query) previews again with the spec's new values.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() !== this.spec.toString() || e.contentChanges.length === 0) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.controls = {};
          this.reset = true;
          void this.refresh();
        }, 300);
      }),
    );
  }

  private params(controls: PreviewControls): PreviewParams {
    return { uri: this.client.code2ProtocolConverter.asUri(this.spec), release: this.release, controls };
  }

  private async compute(controls: PreviewControls): Promise<ToPreview> {
    // A newer preview overtakes the one still computing: the server stops it (a view's error comparison is the long
    // one).
    this.pending?.cancel();
    const source = new vscode.CancellationTokenSource();
    this.pending = source;
    const requestedAt = Date.now();
    try {
      const preview = await this.client.sendRequest<PreviewResponse>(
        previewReleaseRequestMethod,
        this.params(controls),
        source.token,
      );
      return { type: 'preview', preview, timing: { requestedAt, answeredAt: Date.now(), postedAt: 0 } };
    } catch (e) {
      return { type: 'error', message: (e as Error).message };
    }
  }

  /** Previews again; an answer overtaken by a newer request is dropped. */
  private async refresh(): Promise<void> {
    const generation = ++this.generation;
    await this.post({ type: 'busy' });
    const message = await this.compute(this.controls);
    if (generation !== this.generation) return;
    const reset = this.reset && message.type === 'preview';
    if (reset) this.reset = false;
    await this.post(reset ? { ...message, reset: true } : message);
  }

  /** The message with the time it is posted at (and the panel's opening, for the first), for the page's stamps. */
  private stamped(message: ToPreview, first?: Pick<HostTiming, 'openedAt' | 'readyAt'>): ToPreview {
    if (message.type !== 'preview' || !message.timing) return message;
    return { ...message, timing: { ...message.timing, ...first, postedAt: Date.now() } };
  }

  private async receive(m: FromPreview): Promise<void> {
    switch (m.type) {
      case 'ready': {
        const ready = performance.now();
        const readyAt = Date.now();
        if (!this.first) return this.refresh();
        // A retarget or an edit while the first preview computes makes a newer request: its answer wins.
        const generation = this.generation;
        const message = await this.first;
        this.first = undefined;
        if (generation !== this.generation) return;
        await this.post(this.stamped(message, { openedAt: this.openedAt, readyAt }));
        this.log?.(
          `preview ${this.release}: page ready ${Math.round(ready - this.opened)} ms after the panel was created${inside(m.timing)}; first preview posted at ${Math.round(performance.now() - this.opened)} ms`,
        );
        return;
      }
      case 'controls':
        this.controls = m.controls;
        return this.refresh();
      case 'pin':
        // Kept: this panel no longer follows ▶ Preview (it still follows its spec's edits); the next opens beside it.
        if (PreviewPanel.current === this) PreviewPanel.current = undefined;
        this.panel.title = `Preview: ${this.release} (kept)`;
        await this.post({ type: 'done', text: 'Kept: the next preview opens in a new tab beside this one.' });
        return;
      case 'writeParameters':
        await this.writeParameters(m.controls);
        return;
      case 'release': {
        const written = Object.keys(m.controls).length > 0;
        if (written && !(await this.writeParameters(m.controls))) return;
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.spec.toString());
        if (document?.isDirty) await document.save();
        const args: RunReleaseParams = { uri: this.spec.toString(), release: this.release };
        const outcome = await vscode.commands.executeCommand<RunOutcome | undefined>('privspec.runRelease', args);
        // The Run dialog took the focus: give it back to the panel the user clicked Release… in.
        this.panel.reveal(this.panel.viewColumn, false);
        const kept =
          written && outcome && !outcome.ran
            ? ' (the parameters stay written in the spec: undo with Ctrl+Z there)'
            : '';
        await this.post({ type: 'done', text: `${this.release}: ${outcome?.text ?? 'not run'}${kept}` });
        return;
      }
    }
  }

  /** The server's edits of the release's line, applied as one workspace edit so that undo takes them back. */
  private async writeParameters(controls: PreviewControls): Promise<boolean> {
    let edits: PreviewEditsResponse['edits'];
    try {
      ({ edits } = await this.client.sendRequest<PreviewEditsResponse>(
        previewEditsRequestMethod,
        this.params(controls),
      ));
    } catch (e) {
      await this.post({ type: 'error', message: `the parameters could not be written: ${(e as Error).message}` });
      return false;
    }
    if (edits.length === 0) return true;
    const edit = new vscode.WorkspaceEdit();
    for (const e of edits)
      edit.replace(
        this.spec,
        new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character),
        e.newText,
      );
    const ok = await vscode.workspace.applyEdit(edit);
    await this.post(
      ok
        ? {
            type: 'done',
            text: `parameters written to ${this.spec.path.split('/').pop()} (undo with Ctrl+Z in the spec)`,
          }
        : { type: 'error', message: 'the spec could not be edited' },
    );
    return ok;
  }

  private post(message: ToPreview): Thenable<boolean> {
    const stamped = this.stamped(message);
    return this.panel.webview.postMessage(
      stamped.type === 'preview' ? { ...stamped, preview: packArrays(stamped.preview) } : stamped,
    );
  }

  private html(): string {
    return panelHtml(this.panel.webview, this.extensionUri, 'preview', 'Release preview', 'Computing the preview…');
  }

  private dispose(): void {
    if (PreviewPanel.current === this) PreviewPanel.current = undefined;
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * The page's own account of its load, so that a slow open can be put on the editor's webview machinery (its frame
 * document) or on our bundle. In code-server a webview opened after another waits about a second for the editor's
 * service worker before its frame document arrives (every webview shares one origin there, which looks like the cause);
 * the first webview does not.
 */
function inside(timing: PageTiming | undefined): string {
  if (!timing) return '';
  const at = (label: string, ms: number | undefined) => (ms === undefined ? [] : [`${label} ${Math.round(ms)} ms`]);
  const steps = [
    ...at("the editor's service worker started at", timing.frameWorker),
    ...at("the editor's frame document arrived at", timing.frameLoaded),
    ...at('our bundle at', timing.scriptLoaded),
    ...at('running at', timing.scriptStarted),
    ...at('ready at', timing.ready),
  ];
  return ` (inside the page: ${steps.join(', ')} after its navigation began)`;
}
