import './object-group-by.js';
import { startLanguageServer } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { DocumentState } from 'langium';
import { CodeLensRefreshRequest, createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createPrivspecServices } from './privspec-module.js';
import { registerAttackRequest } from './lsp/attack-request.js';
import { registerCompletionHandler } from './lsp/completion-handler.js';
import { registerEditorRequests } from './lsp/editor-requests.js';
import { registerPrivspecRequests } from './lsp/privspec-requests.js';

// The language server entry: stdio or IPC, as the client chooses.
const connection = createConnection(ProposedFeatures.all);
const { shared, Privspec } = createPrivspecServices({ connection, ...NodeFileSystem });
registerPrivspecRequests(connection, Privspec);
registerEditorRequests(connection, Privspec);
registerAttackRequest(connection);
startLanguageServer(shared);
registerCompletionHandler(connection, shared, Privspec);
// The lenses (budget, costs, "spent") are figures of the validated spec: an editor that asked for them while the spec
// was still being checked showed "Budget ε 0 of 1" beside a status bar that read 0.5. Ask it to fetch them again once
// every build is validated, so that the lenses and the status bar change together.
// Asked once the keys pause (300 ms after the last build, as the status bar waits), not after every build: each
// refresh makes the editor fetch and lay out every lens of the spec again, and while the keys came the real-editor test
// measured completion at a median of 241 ms with the lenses, code lens among the editor features it pays for.
let lensRefresh: ReturnType<typeof setTimeout> | undefined;
shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Validated, () => {
  clearTimeout(lensRefresh);
  lensRefresh = setTimeout(() => {
    void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }, 300);
});
