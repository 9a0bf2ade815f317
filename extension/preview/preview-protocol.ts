/**
 * The messages between the release-preview panel's host (`preview-panel.ts`) and its page (`webview/preview/`): the one
 * protocol file both sides import, as `language/protocol-types.ts` is for the LSP requests. The figures themselves are
 * the engine's `ReleasePreview` (engine/preview/preview-types.ts), computed in the language server.
 */
import type { PreviewControls, ReleasePreview } from '../../engine/preview/preview-types.js';

export type { ControlSpec, PreviewBody, PreviewControls, ReleasePreview } from '../../engine/preview/preview-types.js';

/** Host → page. */
export type ToPreview =
  /**
   * `reset`: the host set the parameters back to the spec's (the spec was edited, or the panel shows another release);
   * the page drops the values it moved, so that its sliders and what Release… and Write parameters send follow.
   * The body's long numeric arrays (a grid's maps) arrive as Float64Arrays (packed-arrays.ts): a view reads them by
   * index and length only.
   */
  | {
      readonly type: 'preview';
      readonly preview: ReleasePreview;
      readonly reset?: boolean;
      readonly timing?: HostTiming;
    }
  /** The server is computing (after a control moved or the spec changed). */
  | { readonly type: 'busy' }
  | { readonly type: 'error'; readonly message: string }
  /** What an action did: "wrote releases/…", "parameters written to visits.privspec". */
  | { readonly type: 'done'; readonly text: string };

/** Page → host. */
export type FromPreview =
  /** The page's script ran; `timing` says where its load time went (for the log). */
  | { readonly type: 'ready'; readonly timing?: PageTiming }
  /** A control moved: preview again with these parameters (nothing is spent). */
  | { readonly type: 'controls'; readonly controls: PreviewControls }
  /** Run the release through ▶ Run's path (confirmation, ledger, files), after writing these parameters to the spec. */
  | { readonly type: 'release'; readonly controls: PreviewControls }
  /** Write these parameters into the release's line in the spec (a workspace edit: undo works). */
  | { readonly type: 'writeParameters'; readonly controls: PreviewControls }
  /** Keep this panel: the next ▶ Preview opens another instead of retargeting this one. */
  | { readonly type: 'pin' };

/**
 * Where the host's part of a preview's time went, as wall-clock times (Date.now(), ms), so that the page can put them
 * beside its own stamps and the real-editor test can split an open into panel, page, server, message and drawing. The
 * host and the page share a clock only when they run on one machine (code-server in the test does): for the log and the
 * test, never for the figures.
 */
export interface HostTiming {
  /** The panel was created (the first preview of a panel only). */
  readonly openedAt?: number;
  /** The page said it was ready (the first preview of a panel only). */
  readonly readyAt?: number;
  /** The request went to the language server, and its answer came back. */
  readonly requestedAt: number;
  readonly answeredAt: number;
  /** The message was handed to the webview. */
  readonly postedAt: number;
}

/** Where a page's load time went before it said it was ready; ms since the page's navigation began. */
export interface PageTiming {
  /** The service worker that serves the editor's frame document started (0 or absent when none intercepted it). */
  readonly frameWorker?: number;
  /** The editor's own frame document (VS Code's webview host page) arrived. */
  readonly frameLoaded?: number;
  /** The bundle's bytes arrived (absent where the resource timing is not exposed). */
  readonly scriptLoaded?: number;
  readonly scriptStarted: number;
  readonly ready: number;
}
