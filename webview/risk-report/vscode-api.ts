import type { FromWebview } from '../../extension/protocol.js';

/** The part of the webview API the views use, typed against the extension's message declarations. */
export interface VsCodeApi<State, Message = FromWebview> {
  postMessage(message: Message): void;
  getState(): State | undefined;
  setState(state: State): void;
}

declare function acquireVsCodeApi<State>(): VsCodeApi<State>;

let api: unknown;

/** `acquireVsCodeApi` may be called only once per page; every view shares the one handle. */
export function vscodeApi<State, Message = FromWebview>(): VsCodeApi<State, Message> {
  api ??= acquireVsCodeApi<State>();
  return api as VsCodeApi<State, Message>;
}
