import './object-group-by.js';
import { startLanguageServer } from 'langium/lsp';
import { NodeFileSystem } from 'langium/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createPrivspecServices } from './privspec-module.js';
import { registerAttackRequest } from './lsp/attack-request.js';
import { registerEditorRequests } from './lsp/editor-requests.js';
import { registerPrivspecRequests } from './lsp/privspec-requests.js';

// The language server entry: stdio or IPC, as the client chooses.
const connection = createConnection(ProposedFeatures.all);
const { shared, Privspec } = createPrivspecServices({ connection, ...NodeFileSystem });
registerPrivspecRequests(connection, Privspec);
registerEditorRequests(connection, Privspec);
registerAttackRequest(connection);
startLanguageServer(shared);
