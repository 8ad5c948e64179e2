// Form widgets bound to JSON pointers of the model. Each widget carries data-path (its pointer),
// so problems can be shown next to it and gizmo / curve drags can update it in place.
import { DEG, matrixToXyz, orientationMatrix } from './rot.js';

// Units chosen for values not given yet (JSON pointer -> 'deg' | 'si'), so a unit picked before
// typing the number holds across re-renders.
export const unitChoice = new Map();
export const escapeKey = (k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const parts = (path) => path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

export function makeWidgets(ctx) {
  // ctx: {root() -> model, change(fn)}
  const getAt = (path) => parts(path).reduce((o, k) => (o == null ? undefined : o[k]), ctx.root());
  function setAt(path, value) {
    const keys = parts(path);
    let o = ctx.root();
    keys.slice(0, -1).forEach((k, i) => { if (o[k] == null) o[k] = /^\d+$/.test(keys[i + 1]) ? [] : {}; o = o[k]; });
    const last = keys[keys.length - 1];
    if (value === undefined) { if (Array.isArray(o)) o.splice(Number(last), 1); else delete o[last]; } else o[last] = value;
  }
  const show = (v) => (v === undefined || v === null ? '' : String(v));

  function numberInput(path, { optional = false, onSet } = {}) {
    const input = document.createElement('input');
    input.type = 'number';
    input.step = 'any';
    input.dataset.path = path;
    input.value = show(getAt(path));
    input.addEventListener('change', () => ctx.change(() => {
      const v = input.value === '' ? (optional ? undefined : 0) : Number(input.value);
      if (onSet) onSet(v); else setAt(path, v);
    }));
    return input;
  }
  function textInput(path, { optional = false } = {}) {
    const input = document.createElement('input');
    input.dataset.path = path;
    input.value = show(getAt(path));
    input.addEventListener('change', () => ctx.change(() => setAt(path, input.value === '' && optional ? undefined : input.value)));
    return input;
  }
  function vecInput(path, { optional = true, n = 3 } = {}) {
    const span = document.createElement('span');
    span.className = 'vec';
    span.dataset.path = path;
    const v = getAt(path);
    const inputs = Array.from({ length: n }, (_, k) => {
      const input = document.createElement('input');
      input.type = 'number';
      input.step = 'any';
      input.value = Array.isArray(v) ? show(v[k]) : '';
      input.dataset.path = `${path}/${k}`;
      input.addEventListener('change', () => ctx.change(() => {
        const values = inputs.map((i) => i.value);
        if (optional && values.every((x) => x === '')) setAt(path, undefined);
        else setAt(path, values.map((x) => (x === '' ? 0 : Number(x))));
      }));
      span.append(input);
      return input;
    });
    return span;
  }
  function selectInput(path, options, { optional = false, onSet } = {}) {
    const select = document.createElement('select');
    select.dataset.path = path;
    if (optional) select.append(new Option('(none)', ''));
    for (const o of options) select.append(Array.isArray(o) ? new Option(o[1], o[0]) : new Option(o, o));
    const v = getAt(path);
    if (v !== undefined && ![...select.options].some((o) => o.value === String(v))) select.append(new Option(`${v} (?)`, v));
    select.value = v ?? (optional ? '' : (Array.isArray(options[0]) ? options[0][0] : options[0]));
    select.addEventListener('change', () => ctx.change(() => {
      const value = select.value === '' && optional ? undefined : select.value;
      if (onSet) onSet(value); else setAt(path, value);
    }));
    return select;
  }
  function checkbox(path, { whenFalse = undefined } = {}) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.dataset.path = path;
    box.checked = getAt(path) === true;
    box.addEventListener('change', () => ctx.change(() => setAt(path, box.checked ? true : whenFalse)));
    return box;
  }
  // An orientation edited as body-fixed x-y-z angles in degrees (R = Rx Ry Rz), whatever form
  // the file used; all empty removes it (identity).
  function orientationInput(path) {
    const span = document.createElement('span');
    span.className = 'vec';
    span.dataset.path = path;
    const o = getAt(path);
    const angles = o ? (o.xyz_deg || matrixToXyz(orientationMatrix(o)).map((a) => Math.round((a / DEG) * 1e6) / 1e6)) : null;
    const inputs = [0, 1, 2].map((k) => {
      const input = document.createElement('input');
      input.type = 'number';
      input.step = 'any';
      input.value = angles ? show(angles[k]) : '';
      input.dataset.path = `${path}/xyz_deg/${k}`;
      input.addEventListener('change', () => ctx.change(() => {
        const values = inputs.map((i) => i.value);
        if (values.every((x) => x === '')) setAt(path, undefined);
        else setAt(path, { xyz_deg: values.map((x) => (x === '' ? 0 : Number(x))) });
      }));
      span.append(input);
      return input;
    });
    span.title = 'body-fixed x-y-z angles, degrees';
    return span;
  }
  // A value the format accepts in SI or, as <field>_deg, in degrees: a number and a unit menu.
  function angleInput(objPath, field, { siUnit = 'rad', angular = true } = {}) {
    const span = document.createElement('span');
    span.className = 'angle';
    const obj = getAt(objPath) || {};
    const deg = obj[`${field}_deg`] !== undefined || (obj[field] === undefined && angular && unitChoice.get(`${objPath}/${field}`) === 'deg');
    const key = deg ? `${field}_deg` : field;
    const input = numberInput(`${objPath}/${escapeKey(key)}`, { optional: true });
    const unit = document.createElement('select');
    unit.append(new Option(siUnit, 'si'));
    if (angular) unit.append(new Option('deg', 'deg'));
    unit.value = deg ? 'deg' : 'si';
    unit.dataset.unitOf = `${objPath}/${field}`;
    unit.addEventListener('change', () => ctx.change(() => {
      unitChoice.set(`${objPath}/${field}`, unit.value);
      const o = getAt(objPath) || {};
      const v = o[key];
      delete o[field];
      delete o[`${field}_deg`];
      if (typeof v === 'number') {
        if (unit.value === 'deg') setAt(`${objPath}/${escapeKey(`${field}_deg`)}`, Math.round((v / DEG) * 1e9) / 1e9);
        else setAt(`${objPath}/${escapeKey(field)}`, v * DEG);
      }
    }));
    span.append(input, unit);
    return span;
  }
  function row(label, widget, { className } = {}) {
    const l = document.createElement('label');
    if (className) l.className = className;
    l.append(`${label} `, widget);
    return l;
  }
  function button(text, onClick, { id, className } = {}) {
    const b = document.createElement('button');
    b.textContent = text;
    if (id) b.id = id;
    if (className) b.className = className;
    b.addEventListener('click', onClick);
    return b;
  }
  function fieldset(legend) {
    const f = document.createElement('fieldset');
    const l = document.createElement('legend');
    l.textContent = legend;
    f.append(l);
    return f;
  }
  // The whole object as JSON text, for what the form does not cover (function-based joints, …).
  function jsonArea(path, { rows = 8 } = {}) {
    const area = document.createElement('textarea');
    area.className = 'json-area';
    area.rows = rows;
    area.dataset.jsonOf = path;
    area.value = JSON.stringify(getAt(path), null, 1);
    const note = document.createElement('span');
    note.className = 'field-error';
    area.addEventListener('change', () => {
      let value;
      try { value = JSON.parse(area.value); } catch (e) { note.textContent = `not JSON: ${e.message}`; return; }
      ctx.change(() => setAt(path, value));
    });
    const wrap = document.createElement('div');
    wrap.append(area, note);
    return wrap;
  }
  return { getAt, setAt, numberInput, textInput, vecInput, selectInput, checkbox, orientationInput, angleInput, row, button, fieldset, jsonArea };
}
