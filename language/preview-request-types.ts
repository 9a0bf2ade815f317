/**
 * The release-preview panel's requests to the language server (plain types, shared with the client through
 * `protocol-types.ts`). The server computes every figure with the engine; the panel only draws.
 */
import type { PreviewControls, ReleasePreview } from '../engine/preview/preview-types.js';

export type {
  ControlSpec,
  PreviewControls,
  ReleasePreview,
  PreviewBody,
  PreviewKind,
} from '../engine/preview/preview-types.js';

/** `privspec/previewRelease`: one release of a spec, previewed with the controls' parameters in place of the spec's. */
export const previewReleaseRequestMethod = 'privspec/previewRelease';
/** `privspec/previewEdits`: the text edits that write the controls' parameters into the release's line. */
export const previewEditsRequestMethod = 'privspec/previewEdits';

export interface PreviewParams {
  /** The spec's document URI. */
  uri: string;
  release: string;
  controls: PreviewControls;
}

export type PreviewResponse = ReleasePreview;

/** Edits in LSP form (0-based lines and characters) on the spec document. */
export interface PreviewEditsResponse {
  readonly edits: readonly {
    readonly range: {
      readonly start: { line: number; character: number };
      readonly end: { line: number; character: number };
    };
    readonly newText: string;
  }[];
}
