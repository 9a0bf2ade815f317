import type { FileHandle } from 'node:fs/promises';

/**
 * Cuts bytes `[start, end)` of a CSV file into `parts` ranges of about equal size (the first `firstWeight` times as
 * large), each beginning just after a line feed. Returns the boundaries, from `start` to `end`.
 *
 * A line feed is a record boundary unless it sits inside a quoted field; telling the two apart would need a scan of
 * everything before it. The reader instead lets each range's parser confirm the next boundary (its last record must end
 * exactly there) and parses again from the last good boundary when one was wrong, which files with multi-line quoted
 * fields can cause.
 */
export async function splitAtLineBreaks(
  file: FileHandle,
  start: number,
  end: number,
  parts: number,
  firstWeight = 1,
): Promise<number[]> {
  const bounds = [start];
  const probe = new Uint8Array(1 << 16);
  // The first range weighs `firstWeight` and the others 1 each.
  const unit = (end - start) / (parts - 1 + firstWeight);
  for (let k = 1; k < parts; k++) {
    let pos = Math.max(bounds[bounds.length - 1], start + Math.floor(unit * (firstWeight + k - 1)));
    let cut = end;
    while (pos < end) {
      const { bytesRead } = await file.read(probe, 0, Math.min(probe.length, end - pos), pos);
      if (bytesRead === 0) break;
      const lf = probe.subarray(0, bytesRead).indexOf(0x0a);
      if (lf >= 0) {
        cut = pos + lf + 1;
        break;
      }
      pos += bytesRead;
    }
    if (cut >= end) break;
    if (cut > bounds[bounds.length - 1]) bounds.push(cut);
  }
  bounds.push(end);
  return bounds;
}
