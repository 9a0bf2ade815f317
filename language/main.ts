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
shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Validated, () => {
  void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
});
