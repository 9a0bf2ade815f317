/**
 * Appending to a log durably: one write at the end of the file, flushed to disk before it returns, and the folder
 * flushed too when the write created the file. A crash during the write leaves at worst a torn last line, which the
 * log's reader recognizes (it has no newline) and drops; nothing before it is touched.
 */
import { open, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncFolder } from './write-file-atomic.js';

export async function appendSynced(path: string, data: string): Promise<void> {
  const handle = await open(path, 'a');
  let created: boolean;
  try {
    created = (await handle.stat()).size === 0;
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncFolder(dirname(path));
}

/** The last `bytes` bytes of the file of `size` bytes, read with one positioned read. */
export async function readTail(path: string, size: number, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, size - bytes);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first `bytes` bytes of the file (fewer when it is shorter). */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Cuts the file back to `size` bytes and flushes it: how a torn last line is dropped. */
export async function truncateSynced(path: string, size: number): Promise<void> {
  await truncate(path, size);
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
