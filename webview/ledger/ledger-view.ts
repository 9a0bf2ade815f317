import type { FromLedgerView, LedgerResponse, ToLedgerView } from '../../extension/protocol.js';
import { vscodeApi } from '../risk-report/vscode-api.js';
import { applyStyle } from '../shell-style.js';
import { plural } from '../../engine/core/plural.js';

interface State {
  readonly ledger?: LedgerResponse;
  readonly specName?: string;
}

const api = () => vscodeApi<State, FromLedgerView>();

function h<K extends keyof HTMLElementTagNameMap>(
  name: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const time = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;
const base = (file: string) => file.replace(/^.*[\\/]/, '');

/** A file of an entry: a button (keyboard reachable) that asks the extension to open it. */
function fileLink(path: string): HTMLElement {
  const button = h('button', { class: 'file', type: 'button', title: path, 'aria-label': `Open ${path}` }, base(path));
  button.addEventListener('click', () => api().postMessage({ type: 'open', path }));
  return button;
}

/** The ledger as a table, newest run first, with the total against the budget above it. */
export function renderLedger(app: HTMLElement, ledger: LedgerResponse, specName: string): void {
  const refresh = h('vscode-button', { id: 'refresh', secondary: '' }, 'Refresh');
  refresh.addEventListener('click', () => api().postMessage({ type: 'refresh' }));
  const entries = [...ledger.entries].reverse();
  const body =
    entries.length === 0
      ? h(
          'p',
          { id: 'empty', class: 'empty' },
          'No release of this spec has run yet. ▶ Run on a release records its spend here before any file is written.',
        )
      : h(
          'table',
          { id: 'entries', 'aria-label': 'Ledger entries, newest first' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Release', 'Cost', 'Time', 'Files', 'Entry'].map((c) => h('th', { scope: 'col' }, c))),
          ),
          h(
            'tbody',
            {},
            ...entries.map((e) =>
              h(
                'tr',
                { class: e.notPrivate ? 'entry not-private' : 'entry' },
                h('td', { class: 'release' }, e.release),
                h('td', { class: 'cost', title: e.costEveryNotion }, e.cost),
                h('td', { class: 'time' }, time(e.at)),
                h(
                  'td',
                  { class: 'files' },
                  ...(e.files.length > 0
                    ? e.files.map(fileLink)
                    : [h('span', { class: 'none' }, 'no file (not written)')]),
                ),
                h('td', { class: 'id' }, e.id),
              ),
            ),
          ),
        );
  // A raise of the limit after spending is a recorded act (privspec budget raise): every one is listed with its reason.
  const raises =
    (ledger.raises ?? []).length === 0
      ? []
      : [
          h('h2', {}, 'Budget raises'),
          h(
            'ul',
            { id: 'raises' },
            ...ledger.raises.map((r) =>
              h('li', { class: 'raise' }, `${time(r.at)}: ${r.from} → ${r.to} — “${r.reason}”`),
            ),
          ),
        ];
  app.replaceChildren(
    h('h1', {}, `Ledger: ${specName}`),
    h(
      'p',
      { class: 'meta' },
      `${ledger.ledger} · one ledger for this data, whichever spec releases it · ${ledger.accounting} accounting · every run spends again; seeded test runs are recorded but spend nothing`,
    ),
    h(
      'div',
      { class: 'summary' },
      h('span', { id: 'total' }, `Spent ${ledger.total}`),
      h('span', { id: 'count' }, plural(ledger.entries.length, 'run')),
      refresh,
    ),
    ...raises,
    body,
  );
  announce(`Spent ${ledger.total}; ${plural(ledger.entries.length, 'run')}`);
}

/**
 * A live region that outlives the redraws (one re-created with each render is not announced): screen readers hear the
 * new total after a refresh.
 */
function announce(text: string): void {
  let region = document.getElementById('announce');
  if (!region) {
    region = h('p', {
      id: 'announce',
      'aria-live': 'polite',
      style: 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)',
    });
    document.body.append(region);
  }
  region.textContent = text;
}

const style = `
.meta { opacity: .8; overflow-wrap: anywhere; }
.summary { display: flex; gap: 1.5em; align-items: center; flex-wrap: wrap; margin: 1em 0; }
#total { font-size: 1.3em; font-weight: 600; }
table { width: 100%; } th, td { vertical-align: top; }
td.cost { white-space: nowrap; } td.id { font-family: var(--vscode-editor-font-family); opacity: .8; }
tr.not-private td { opacity: .7; font-style: italic; }
button.file { display: block; background: none; border: none; padding: 0; color: var(--vscode-textLink-foreground); cursor: pointer; font: inherit; text-align: left; }
button.file:hover { text-decoration: underline; }
.empty { opacity: .85; }
`;

/** Starts the view: the saved ledger at once (after a reload), then whatever the extension sends. */
export function startLedger(app: HTMLElement): void {
  applyStyle(style);
  const saved = api().getState();
  if (saved?.ledger) renderLedger(app, saved.ledger, saved.specName ?? '');
  window.addEventListener('message', (event: MessageEvent<ToLedgerView>) => {
    if (event.data.type !== 'ledger') return;
    api().setState({ ledger: event.data.ledger, specName: event.data.specName });
    renderLedger(app, event.data.ledger, event.data.specName);
  });
  api().postMessage({ type: 'ready' });
}
