/**
 * The webview bundle (`dist/webview.js`). It picks the view named by `#app[data-view]`; today the risk report is the
 * only one. It runs in the browser sandbox of a webview: no Node, no vscode module, only `acquireVsCodeApi`.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-divider/index.js';
import { startRiskReport } from './risk-report/risk-report-view.js';

const app = document.getElementById('app');
if (app?.dataset.view === 'risk-report') startRiskReport(app);
