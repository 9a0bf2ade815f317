import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { ControlSpec, PreviewControls } from '../../extension/preview/preview-protocol.js';
import { fmt, h } from './dom.js';

const STEPS = 200;

/** Position on the slider ↔ value: logarithmic for privacy parameters, which span orders of magnitude. */
function toValue(c: Extract<ControlSpec, { min: number }>, position: number): number {
  const t = position / STEPS;
  const v = c.log ? Math.exp(Math.log(c.min) + t * (Math.log(c.max) - Math.log(c.min))) : c.min + t * (c.max - c.min);
  return Number(v.toPrecision(2));
}

function toPosition(c: Extract<ControlSpec, { min: number }>, value: number): number {
  const t = c.log
    ? (Math.log(value) - Math.log(c.min)) / (Math.log(c.max) - Math.log(c.min))
    : (value - c.min) / (c.max - c.min);
  return Math.round(Math.min(1, Math.max(0, t)) * STEPS);
}

/**
 * The controls of a preview: a slider and a number field per parameter (kept in step; an out-of-range value is marked
 * and named, not sent), a select for the method. Every
 * change calls `changed` with the parameters that differ from the spec's; the caller debounces.
 */
export function renderControls(
  specs: readonly ControlSpec[],
  current: PreviewControls,
  changed: (c: PreviewControls) => void,
): HTMLElement {
  const values: Record<string, unknown> = { ...current };
  const emit = () => changed({ ...values });
  const rows = specs.map((c) => {
    const id = `control-${c.name}`;
    if (c.name === 'method') {
      const select = h(
        'vscode-single-select',
        { id, 'aria-label': 'grid method' },
        ...c.options.map((o) => h('vscode-option', { value: o }, o)),
      );
      select.value = typeof values.method === 'string' ? values.method : c.value;
      select.addEventListener('change', () => {
        values.method = select.value;
        emit();
      });
      return h('div', { class: 'control' }, h('label', { for: id }, c.label), select);
    }
    const value = typeof values[c.name] === 'number' ? (values[c.name] as number) : c.value;
    // vscode-elements has no slider: a native range input, styled from the theme, beside its textfield.
    const slider = h('input', {
      id,
      type: 'range',
      min: '0',
      max: String(STEPS),
      step: '1',
      value: String(toPosition(c, value)),
      'aria-label': `${c.label} (slider)`,
      'aria-valuetext': fmt(value),
    });
    // A text field checked here: the textfield's `step` is numeric, so `step="any"` is lost and 0.05 would be a step
    // mismatch.
    const field = h('vscode-textfield', {
      id: `${id}-value`,
      'aria-label': `${c.label} (value, ${c.min} to ${c.max})`,
    });
    field.value = String(value);
    const problem = h('span', { class: 'control-error', role: 'alert' });
    slider.addEventListener('input', () => {
      const v = toValue(c, Number(slider.value));
      field.value = String(v);
      field.invalid = false;
      problem.textContent = '';
      slider.setAttribute('aria-valuetext', fmt(v));
      values[c.name] = v;
      emit();
    });
    field.addEventListener('change', () => {
      const v = Number(field.value);
      const bad = field.value.trim() === '' || !Number.isFinite(v) || v < c.min || v > c.max;
      field.invalid = bad;
      problem.textContent = bad ? `${c.label} must be between ${c.min} and ${c.max}` : '';
      if (bad) return;
      slider.value = String(toPosition(c, v));
      slider.setAttribute('aria-valuetext', fmt(v));
      values[c.name] = v;
      emit();
    });
    return h('div', { class: 'control' }, h('label', { for: id }, c.label), slider, field, problem);
  });
  return h(
    'fieldset',
    { class: 'controls', 'aria-label': 'Release parameters' },
    h('legend', {}, 'Parameters'),
    ...rows,
  );
}
