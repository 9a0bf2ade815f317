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
  const t = c.log ? (Math.log(value) - Math.log(c.min)) / (Math.log(c.max) - Math.log(c.min)) : (value - c.min) / (c.max - c.min);
  return Math.round(Math.min(1, Math.max(0, t)) * STEPS);
}

/**
 * The controls of a preview: a slider and a number field per parameter (kept in step), a select for the method. Every
 * change calls `changed` with the parameters that differ from the spec's; the caller debounces.
 */
export function renderControls(specs: readonly ControlSpec[], current: PreviewControls, changed: (c: PreviewControls) => void): HTMLElement {
  const values: Record<string, unknown> = { ...current };
  const emit = () => changed({ ...values } as PreviewControls);
  const rows = specs.map((c) => {
    const id = `control-${c.name}`;
    if (c.name === 'method') {
      const select = h('select', { id, 'aria-label': 'grid method' }, ...c.options.map((o) => h('option', { value: o, ...(o === (values.method ?? c.value) ? { selected: '' } : {}) }, o)));
      select.addEventListener('change', () => {
        values.method = select.value;
        emit();
      });
      return h('div', { class: 'control' }, h('label', { for: id }, c.label), select);
    }
    const value = typeof values[c.name] === 'number' ? (values[c.name] as number) : c.value;
    const slider = h('input', { id, type: 'range', min: '0', max: String(STEPS), step: '1', value: String(toPosition(c, value)), 'aria-label': `${c.label} (slider)`, 'aria-valuetext': fmt(value) });
    const field = h('input', { id: `${id}-value`, type: 'number', value: String(value), min: String(c.min), max: String(c.max), step: 'any', 'aria-label': `${c.label} (value)` });
    slider.addEventListener('input', () => {
      const v = toValue(c, Number(slider.value));
      field.value = String(v);
      slider.setAttribute('aria-valuetext', fmt(v));
      values[c.name] = v;
      emit();
    });
    field.addEventListener('change', () => {
      const v = Number(field.value);
      if (!Number.isFinite(v) || v < c.min || v > c.max) {
        field.setCustomValidity(`between ${c.min} and ${c.max}`);
        field.reportValidity();
        return;
      }
      field.setCustomValidity('');
      slider.value = String(toPosition(c, v));
      values[c.name] = v;
      emit();
    });
    return h('div', { class: 'control' }, h('label', { for: id }, c.label), slider, field);
  });
  return h('fieldset', { class: 'controls', 'aria-label': 'Release parameters' }, h('legend', {}, 'Parameters'), ...rows);
}
