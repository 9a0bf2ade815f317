/**
 * The webview bundle (`dist/webview.js`). It picks the view named by `#app[data-view]`; the risk report, the ledger and
 * the release preview. It runs in the browser sandbox of a webview: no Node, no vscode module, only `acquireVsCodeApi`.
 */
import './page-timing.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-divider/index.js';
import { startLedger } from './ledger/ledger-view.js';
import { startPreview } from './preview/preview-view.js';
import { startRiskReport } from './risk-report/risk-report-view.js';

const app = document.getElementById('app');
if (app?.dataset.view === 'risk-report') startRiskReport(app);
else if (app?.dataset.view === 'ledger') startLedger(app);
else if (app?.dataset.view === 'preview') startPreview(app);
