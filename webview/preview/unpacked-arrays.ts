/**
 * The page's side of extension/preview/packed-arrays.ts: the body's `Float64Array`s (a preview's long numeric arrays,
 * sent as binary) become plain arrays again for the page's saved state, which the editor keeps as JSON, where a typed
 * array would come back as an object of indices. The views draw from the typed arrays themselves (by index and length):
 * this copy runs after the draw.
 */
import type { ReleasePreview } from '../../extension/preview/preview-protocol.js';

export function unpackArrays(preview: ReleasePreview): ReleasePreview {
  let body: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(preview.body)) {
    if (!(value instanceof Float64Array)) continue;
    body ??= { ...preview.body };
    // A preallocated array filled by index: Array.from walks a typed array through its iterator, several times slower.
    const plain = new Array<number>(value.length);
    for (let i = 0; i < value.length; i++) plain[i] = value[i];
    body[key] = plain;
  }
  return body ? { ...preview, body: body as unknown as ReleasePreview['body'] } : preview;
}
