/**
 * A streamed release reads its file twice: once for the frequency table the decision is taken on, once for the rows it
 * writes. If the file is replaced or rewritten in between (an export job overwriting it), the rows written would not be
 * the rows the anonymity model was checked on. The file's identity — device, inode, size, modification and change
 * times (the change time cannot be set back by a user) — is taken before the first read and compared after the stream,
 * before the output is put in place; any difference refuses the release and nothing is written.
 */
import { stat } from 'node:fs/promises';

export interface FileSnapshot {
  readonly path: string;
  readonly identity: string;
}

export async function fileSnapshot(path: string): Promise<FileSnapshot> {
  const s = await stat(path, { bigint: true });
  return { path, identity: `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` };
}

/** Throws when the file is no longer the one the snapshot saw. */
export async function assertUnchanged(snapshot: FileSnapshot): Promise<void> {
  const now = await fileSnapshot(snapshot.path).catch(() => undefined);
  if (now?.identity !== snapshot.identity) {
    throw new Error(
      `${snapshot.path} changed while the release read it (the rows are not those the model was checked on); nothing was written`,
    );
  }
}
