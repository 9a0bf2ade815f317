/**
 * The page's side of extension/preview/packed-arrays.ts: the body's `Float64Array`s (a preview's long numeric arrays,
 * sent as binary) become plain arrays again, so that the views, the page's saved state (which the editor keeps as JSON,
 * where a typed array would come back as an object of indices) and the figures' types are what the engine computed.
 */
import type { ReleasePreview } from '../../extension/preview/preview-protocol.js';

export function unpackArrays(preview: ReleasePreview): ReleasePreview {
  let body: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(preview.body)) {
    if (!(value instanceof Float64Array)) continue;
    body ??= { ...preview.body };
    body[key] = Array.from(value);
  }
  return body ? { ...preview, body: body as unknown as ReleasePreview['body'] } : preview;
}
