import type {
  HostTiming,
  PreviewBody,
  PreviewControls,
  ReleasePreview,
  ToPreview,
} from '../../extension/preview/preview-protocol.js';
import { aggregateView } from './aggregate-view.js';
import { renderControls } from './controls.js';
import { h } from './dom.js';
import { generalizeView } from './generalize-view.js';
import { gridView } from './grid-view.js';
import { modeView } from './mode-view.js';
import { pageTiming } from '../page-timing.js';
import { previewApi } from './preview-api.js';
import { pramView } from './pram-view.js';
import { localView } from './local-view.js';
import { previewStyle } from './preview-style.js';
import { viewView } from './view-view.js';
import { r2tView } from './r2t-view.js';
import { unpackArrays } from './unpacked-arrays.js';
import { applyStyle } from '../shell-style.js';

/** One view per release kind: a kind plugs into the panel by adding its module here (and its engine module). */
const views: {
  [K in PreviewBody['kind']]: (
    body: Extract<PreviewBody, { kind: K }>,
    container: HTMLElement,
    pick: (c: PreviewControls) => void,
  ) => HTMLElement;
} = {
  aggregate: (b, c) => aggregateView(b, c),
  mode: (b, c) => modeView(b, c),
  generalize: (b, c, pick) => generalizeView(b, c, pick),
  pram: (b, c) => pramView(b, c),
  local: (b, c) => localView(b, c),
  grid: (b, c) => gridView(b, c),
  view: (b, c, pick) => viewView(b, c, pick),
  r2t: (b) => r2tView(b),
};

const DEBOUNCE_MS = 50;

/**
 * The release-preview page. It draws what the host sends (the engine computed it in the language server) and sends back
 * the controls as they move, debounced; each `preview` message redraws at once. `window.__privspecRendered` records the
 * last render's time (message in → charts drawn), which the browser tests and the bench read, and the wall clock of the
 * first render, which the real-editor test reads to time opening the panel.
 */
export function startPreview(app: HTMLElement): void {
  const api = previewApi();
  applyStyle(previewStyle);
  let controls: PreviewControls = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: ReleasePreview | undefined;
  const status = h('p', { id: 'status', class: 'status', role: 'status' });
  const alert = h('p', { id: 'error', class: 'error', role: 'alert' });
  // What a screen reader hears after each preview: the budget sentence and the error bound, not the whole panel.
  const announce = h('p', { id: 'announce', class: 'sr-only', 'aria-live': 'polite' });
  const body = h('div', { id: 'body' });
  const header = h('div', { id: 'header' });
  app.replaceChildren(header, status, alert, announce, body);
  // The controls are kept across previews (rebuilt only for another release or when the host resets them), so that a
  // slider keeps its focus and a drag is not cut off by the answer to its own move.
  let controlsBox: HTMLElement | undefined;
  let controlsKey = '';

  const send = (c: PreviewControls) => {
    controls = c;
    clearTimeout(timer);
    timer = setTimeout(() => api.postMessage({ type: 'controls', controls }), DEBOUNCE_MS);
  };

  const render = (p: ReleasePreview, receivedAt: number, reset = false, timing?: HostTiming) => {
    current = p;
    // Focus inside the panel survives the redraw: the same control, or the lattice node with the same levels.
    const focused = document.activeElement as HTMLElement | null;
    const focusId = focused && focused !== document.body ? focused.id : '';
    const focusKey = focused?.getAttribute?.('data-key') ?? '';
    const key = JSON.stringify([
      p.spec,
      p.release,
      p.controls.map((c) => ('options' in c ? [c.name, c.options] : [c.name, c.min, c.max, c.log])),
    ]);
    if (reset || key !== controlsKey || !controlsBox) {
      controlsKey = key;
      controlsBox = p.controls.length > 0 ? renderControls(p.controls, controls, send) : undefined;
    }
    const meter = p.budget
      ? h(
          'div',
          { id: 'budget', class: p.budget.overrun ? 'budget overrun' : 'budget' },
          h('span', { id: 'budget-text' }, p.budget.sentence),
        )
      : h(
          'div',
          { id: 'budget', class: 'budget' },
          p.kind === 'pram' || p.kind === 'generalize'
            ? 'Spends no differential-privacy budget (a microdata release: its protection is the figures below).'
            : '',
        );
    const release = h(
      'vscode-button',
      { id: 'release', 'aria-label': `Release ${p.release} through ▶ Run` },
      'Release…',
    );
    release.addEventListener('click', () => api.postMessage({ type: 'release', controls }));
    const write = h(
      'vscode-button',
      { id: 'write', secondary: '', 'aria-label': 'Write these parameters into the spec' },
      'Write parameters to spec',
    );
    write.addEventListener('click', () => api.postMessage({ type: 'writeParameters', controls }));
    const pin = h(
      'vscode-button',
      {
        id: 'pin',
        secondary: '',
        title: 'Keep this panel: the next preview opens another',
        'aria-label': 'Keep this preview: the next preview opens in another tab',
      },
      'Keep this panel',
    );
    pin.addEventListener('click', () => api.postMessage({ type: 'pin' }));
    header.replaceChildren(
      h('h1', {}, `Preview: ${p.release}`),
      h(
        'p',
        { class: 'meta' },
        `${p.spec.replace(/^.*[\\/]/, '')} · ${p.kind}${p.sample ? ` · preview on ${p.sample.rows.toLocaleString('en-US')} of ${p.sample.of.toLocaleString('en-US')} rows` : ''}`,
      ),
      p.sample
        ? h(
            'p',
            { id: 'sample', class: 'sample' },
            `Preview on ${p.sample.rows.toLocaleString('en-US')} of ${p.sample.of.toLocaleString('en-US')} rows (a uniform sample); the release reads them all.`,
          )
        : '',
      meter,
      controlsBox ?? '',
      h('div', { class: 'actions' }, release, write, pin),
      p.kind === 'aggregate' || p.kind === 'mode' || p.kind === 'grid'
        ? h('p', { class: 'example-note' }, 'example draw — not a release, nothing spent')
        : '',
    );
    const view = views[p.body.kind] as (
      b: PreviewBody,
      c: HTMLElement,
      pick: (c: PreviewControls) => void,
    ) => HTMLElement;
    body.replaceChildren(
      view(p.body, body, (c) => {
        send({ ...controls, ...c });
        // A method picked in the body (a view's proposed algorithm) shows in the controls' select once redrawn.
        if (c.method !== undefined) controlsBox = undefined;
      }),
    );
    alert.textContent = '';
    status.textContent = `Computed in ${Math.round(p.elapsedMs)} ms${p.notes.length ? ` · ${p.notes.join(' · ')}` : ''}`;
    announce.textContent = [meter.textContent ?? '', p.body.kind === 'aggregate' ? p.body.bound : '']
      .filter(Boolean)
      .join(' ');
    const again =
      (focusKey && body.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`)) ||
      (focusId && document.getElementById(focusId));
    if (again && again !== document.activeElement) {
      if (focusKey) {
        body.querySelectorAll('[data-key][tabindex="0"]').forEach((n) => n.setAttribute('tabindex', '-1'));
        again.setAttribute('tabindex', '0');
      }
      again.focus();
    }
    const stamp = window as unknown as { __privspecRendered?: RenderStamp };
    const at = Date.now();
    const ms = performance.now() - receivedAt;
    const before = stamp.__privspecRendered;
    stamp.__privspecRendered = {
      ms,
      at,
      firstAt: before?.firstAt ?? at,
      // The first preview's phases, wall clock: the host's stamps, and the page's own (message in, drawn).
      first:
        before?.first ??
        (timing ? { ...timing, pageReadyAt, receivedAt: at - ms, drawnAt: at, serverMs: p.elapsedMs } : undefined),
    };
  };

  // Charts size to the panel: redraw when its width changes.
  let lastWidth = body.clientWidth;
  new ResizeObserver(() => {
    if (!current || Math.abs(body.clientWidth - lastWidth) < 8) return;
    lastWidth = body.clientWidth;
    render(current, performance.now());
  }).observe(body);

  window.addEventListener('message', (event: MessageEvent<ToPreview>) => {
    const m = event.data;
    const receivedAt = performance.now();
    switch (m.type) {
      case 'preview': {
        if (m.reset) {
          controls = {};
          clearTimeout(timer);
        }
        // Drawn from the arrays as they came (a grid's maps as Float64Arrays, read by index and length); made plain
        // only for the saved state, after the draw: copying half a million numbers took 40-300 ms at load 12.
        render(m.preview, receivedAt, m.reset, m.timing);
        // Kept for a reload of the page, once the figures are drawn: the editor serializes the state whole as JSON (a
        // 512² grid's figures are half a million numbers), work the first draw need not wait for.
        setTimeout(() => api.setState({ preview: unpackArrays(m.preview) }), 0);
        return;
      }
      case 'busy':
        status.textContent = 'Computing…';
        return;
      case 'error':
        alert.textContent = m.message;
        status.textContent = '';
        return;
      case 'done':
        status.textContent = m.text;
        return;
    }
  });
  const pageReadyAt = Date.now();
  const saved = api.getState()?.preview;
  if (saved) render(saved, performance.now());
  api.postMessage({ type: 'ready', timing: pageTiming() });
}

/**
 * What the page leaves on `window.__privspecRendered`: the last render (`ms` from its message to drawn, `at` its wall
 * clock), the first render's wall clock, and the first preview's phases for the real-editor test's LATENCY line.
 */
interface RenderStamp {
  readonly ms: number;
  readonly at: number;
  readonly firstAt: number;
  readonly first?: HostTiming & {
    readonly pageReadyAt: number;
    readonly receivedAt: number;
    readonly drawnAt: number;
    readonly serverMs: number;
  };
}
