/**
 * A preview's long numeric arrays travel to the page as `Float64Array`s. The editor hands typed arrays to a webview as
 * binary buffers, where a plain array goes as JSON text that the editor's workbench parses and the webview's frames
 * clone number by number: a 512² grid's two maps are 524,288 numbers, and their trip was most of the grid preview's
 * time after the page was ready. A `Float64Array` holds every number exactly, so the page
 * (webview/preview/unpacked-arrays.ts) turns them back into the same plain arrays. Only the body's own fields are
 * looked at: the long arrays of numbers a kind's figures hold (a grid's cells) sit there, and walking deeper would cost
 * more than it could save.
 */
import type { ReleasePreview } from './preview-protocol.js';

/** Below this length an array goes as JSON: its text is short and a buffer's own overhead would not pay. */
export const PACKED_MIN_LENGTH = 4096;

export function packArrays(preview: ReleasePreview): ReleasePreview {
  let body: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(preview.body)) {
    if (!Array.isArray(value) || value.length < PACKED_MIN_LENGTH || !value.every((v) => typeof v === 'number'))
      continue;
    body ??= { ...preview.body };
    body[key] = Float64Array.from(value);
  }
  return body ? { ...preview, body: body as unknown as ReleasePreview['body'] } : preview;
}
