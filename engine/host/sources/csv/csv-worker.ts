// Worker-thread entry: parses one byte range of a CSV file to codes with range-local dictionaries and posts them back
// by transfer (no copy). `read-csv-file.ts` splits the file, starts one of these per range and merges the results.
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { CsvRecordParser } from '../../../table/csv-record-parser.js';
import { TableError } from '../../../table/table.js';
import { parseFileRangeSync } from './csv-file-range.js';
import { transferList, type CsvWorkerReply, type CsvWorkerTask } from './csv-worker-protocol.js';

const task = workerData as CsvWorkerTask;
const port = parentPort!;
const parser = new CsvRecordParser({
  delimiter: task.delimiter,
  fieldCount: task.fieldCount,
  firstLine: 1,
  fields: task.fields,
  tally: task.tally,
});
let reply: CsvWorkerReply;
let fd = -1;
try {
  fd = openSync(task.path, 'r');
  const endOffset = parseFileRangeSync(fd, parser, {
    start: task.start,
    end: task.end,
    final: task.final,
    onChunk: (bytes) => port.postMessage({ kind: 'progress', bytes } satisfies CsvWorkerReply),
  });
  reply = { kind: 'done', range: parser.result(), endOffset };
} catch (e) {
  const error =
    e instanceof TableError
      ? { message: e.message, line: e.line ?? parser.line }
      : { message: String((e as Error)?.message ?? e), line: parser.line, internal: true };
  reply = { kind: 'done', range: parser.result(), endOffset: -1, error };
} finally {
  if (fd >= 0) closeSync(fd);
}
port.postMessage(reply, reply.kind === 'done' ? transferList(reply.range) : []);
