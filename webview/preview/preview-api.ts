import type { FromPreview } from '../../extension/preview/preview-protocol.js';
import type { ReleasePreview } from '../../extension/preview/preview-protocol.js';
import { vscodeApi } from '../risk-report/vscode-api.js';

export interface PreviewState {
  readonly preview?: ReleasePreview;
}

/** The page's handle on the host, typed with the preview's own messages. */
export const previewApi = () => vscodeApi<PreviewState, FromPreview>();
