/**
 * The CSV worker thread: parses CSVs incrementally and runs the engine's k-anonymity check (`kCheck`) on them, so that
 * none of it runs on the extension host's thread; the risk report's figures come from the language server. Specs are
 * never read here: the models come from the language server. One message in, one reply out; the last check of every
 * open document is kept so that quick fixes and "show rows" answer without re-parsing.
 */
import { parentPort } from 'node:worker_threads';
import { TableError } from '../../engine/table/table.js';
import type { WorkerReply, WorkerRequest } from '../protocol.js';
import { checkCsv, generalizationFixes, recheckCsv, rowsOf, type CheckState } from './csv-check.js';

const states = new Map<string, CheckState>();

function state(key: string): CheckState {
  const s = states.get(key);
  if (!s) throw new Error('the document has changed since its last check; try again');
  return s;
}

function handle(request: WorkerRequest): WorkerReply {
  const { id } = request;
  switch (request.kind) {
    case 'check': {
      const previous = states.get(request.key);
      let checked: ReturnType<typeof checkCsv>;
      if (request.text !== undefined)
        checked = checkCsv(request.text, request.delimiter, request.model, request.maxDiagnostics, request.key);
      else if (request.edits && previous && previous.version === request.edits.baseVersion) {
        checked = recheckCsv(
          previous,
          request.edits.changes,
          request.delimiter,
          request.model,
          request.maxDiagnostics,
          request.key,
        );
      } else return { id, ok: false, error: { message: 'no kept check to apply the edits to', code: 'stale' } };
      checked.state.version = request.version;
      states.set(request.key, checked.state);
      return { id, ok: true, kind: 'check', result: checked.result };
    }
    case 'fixes':
      return { id, ok: true, kind: 'fixes', result: generalizationFixes(state(request.key), request.classId) };
    case 'classRows':
      return { id, ok: true, kind: 'classRows', result: rowsOf(state(request.key), request.classId, request.limit) };
    case 'forget':
      states.delete(request.key);
      return { id, ok: true, kind: 'forget', result: null };
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = handle(request);
  } catch (error) {
    // Input errors keep their location so that the editor can put the diagnostic on the right line.
    const e = error as Error;
    reply =
      e instanceof TableError
        ? { id: request.id, ok: false, error: { message: e.message, line: e.line, column: e.column } }
        : { id: request.id, ok: false, error: { message: e.message ?? String(error) } };
  }
  parentPort?.postMessage(reply);
});
