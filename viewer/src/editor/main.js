// Articula model editor: build or change an Articula model (docs/model-format.md) in a form,
// checked against the model's JSON Schema on every change with the problems shown next to the
// offending field; undo / redo; scale a model to a height and mass; load and save JSON.
import schema from './model.schema.json';
import { checkSchema } from './schemaCheck.js';
import './style.css';

const $ = (id) => document.getElementById(id);
const JOINT_TYPES = schema.$defs.joint.properties.type.enum;
const SHAPES = { sphere: [['radius', 'number']], ellipsoid: [['semi_axes', 'vec']], box: [['half_lengths', 'vec']],
  cylinder: [['radius', 'number'], ['half_length', 'number']], capsule: [['radius', 'number'], ['half_length', 'number']] };

const emptyModel = () => ({ format: 'articula-model', version: 1, name: 'model', gravity: [0, 0, -9.81], bodies: [],
  scenario: { duration: 1, report_interval: 0.01 } });
let model = loadEmbedded() || emptyModel();
let selected = model.bodies.length ? 0 : -1;
let problems = [];
const undoStack = [], redoStack = [];

function loadEmbedded() {
  const node = document.getElementById('articula-model');
  try { return node ? JSON.parse(node.textContent) : null; } catch { return null; }
}

// JSON pointers.
const parts = (path) => path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
function getAt(path) { return parts(path).reduce((o, k) => (o == null ? undefined : o[k]), model); }
function setAt(path, value) {
  const keys = parts(path);
  let o = model;
  keys.slice(0, -1).forEach((k, i) => { if (o[k] == null) o[k] = /^\d+$/.test(keys[i + 1]) ? [] : {}; o = o[k]; });
  const last = keys[keys.length - 1];
  if (value === undefined) { if (Array.isArray(o)) o.splice(Number(last), 1); else delete o[last]; } else o[last] = value;
}

// Every edit goes through change(): one undo step, none when nothing changed.
function change(fn) {
  const before = JSON.stringify({ model, selected });
  fn();
  if (JSON.stringify({ model, selected }) !== before) {
    undoStack.push(before);
    if (undoStack.length > 200) undoStack.shift();
    redoStack.length = 0;
  }
  refresh();
}
function restore(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify({ model, selected }));
  ({ model, selected } = JSON.parse(from.pop()));
  refresh();
}

// Checks: the schema, then the names the schema cannot see.
function validate() {
  const errors = checkSchema(schema, model);
  const names = new Set();
  (model.bodies || []).forEach((b, i) => {
    if (names.has(b.name)) errors.push({ path: `/bodies/${i}/name`, message: `"${b.name}": a body of this name exists` });
    names.add(b.name);
  });
  (model.bodies || []).forEach((b, i) => {
    const parent = b.joint && b.joint.parent;
    if (parent && parent !== 'ground' && !names.has(parent)) errors.push({ path: `/bodies/${i}/joint/parent`, message: `"${parent}": no such body` });
    if (parent === b.name) errors.push({ path: `/bodies/${i}/joint/parent`, message: 'a body cannot be its own parent' });
  });
  return errors;
}

// Form widgets bound to JSON pointers.
function numberInput(path, { optional = false } = {}) {
  const input = document.createElement('input');
  input.type = 'number';
  input.step = 'any';
  input.dataset.path = path;
  const v = getAt(path);
  input.value = v === undefined ? '' : String(v);
  input.addEventListener('change', () => change(() => setAt(path, input.value === '' && optional ? undefined : Number(input.value))));
  return input;
}
function textInput(path) {
  const input = document.createElement('input');
  input.dataset.path = path;
  input.value = getAt(path) ?? '';
  input.addEventListener('change', () => change(() => setAt(path, input.value)));
  return input;
}
function vecInput(path, { optional = true } = {}) {
  const span = document.createElement('span');
  span.className = 'vec';
  span.dataset.path = path;
  const v = getAt(path);
  const inputs = [0, 1, 2].map((k) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.step = 'any';
    input.value = Array.isArray(v) ? String(v[k]) : '';
    input.dataset.path = `${path}/${k}`;
    input.addEventListener('change', () => change(() => {
      const values = inputs.map((i) => i.value);
      if (optional && values.every((x) => x === '')) setAt(path, undefined);
      else setAt(path, values.map((x) => (x === '' ? 0 : Number(x))));
    }));
    span.append(input);
    return input;
  });
  return span;
}
function selectInput(path, options) {
  const select = document.createElement('select');
  select.dataset.path = path;
  for (const o of options) select.append(new Option(o, o));
  select.value = getAt(path) ?? options[0];
  select.addEventListener('change', () => change(() => setAt(path, select.value)));
  return select;
}
function row(label, widget) {
  const l = document.createElement('label');
  l.append(`${label} `, widget);
  return l;
}

function renderBodyList() {
  const list = $('body-list');
  list.textContent = '';
  model.bodies.forEach((b, i) => {
    const li = document.createElement('li');
    li.textContent = `${b.name}  ← ${b.joint?.parent ?? '?'}`;
    li.dataset.index = String(i);
    li.classList.toggle('selected', i === selected);
    li.classList.toggle('bad', problems.some((p) => p.path.startsWith(`/bodies/${i}/`) || p.path === `/bodies/${i}`));
    li.addEventListener('click', () => { selected = i; refresh(); });
    list.append(li);
  });
}

function renderBodyForm() {
  const form = $('body-form');
  form.textContent = '';
  if (selected < 0 || !model.bodies[selected]) {
    form.innerHTML = '<p class="hint">Add a body (left) or open a model file.</p>';
    return;
  }
  const p = `/bodies/${selected}`;
  const body = model.bodies[selected];
  const h = document.createElement('h3');
  h.textContent = `Body ${body.name}`;
  form.append(h);
  const name = document.createElement('input');
  name.id = 'body-name';
  name.dataset.path = `${p}/name`;
  name.value = body.name ?? '';
  name.addEventListener('change', () => change(() => {  // renaming also renames the children's parent
    const b = model.bodies[selected];
    const old = b.name;
    b.name = name.value;
    model.bodies.forEach((x) => { if (x.joint && x.joint.parent === old) x.joint.parent = name.value; });
  }));
  form.append(row('name', name), row('mass, kg', numberInput(`${p}/mass`)), row('mass centre, m', vecInput(`${p}/mass_center`)),
    row('inertia moments Ixx Iyy Izz, kg·m²', vecInput(`${p}/inertia/moments`, { optional: false })),
    row('inertia products Ixy Ixz Iyz', vecInput(`${p}/inertia/products`)));
  const color = document.createElement('input');
  color.type = 'color';
  color.dataset.path = `${p}/color`;
  color.value = typeof body.color === 'string' ? body.color : '#b0b8c4';
  color.addEventListener('change', () => change(() => setAt(`${p}/color`, color.value)));
  form.append(row('colour', color));

  const joint = document.createElement('fieldset');
  joint.innerHTML = '<legend>Joint (mobilizer)</legend>';
  const parents = ['ground', ...model.bodies.filter((b, i) => i !== selected).map((b) => b.name)];
  joint.append(row('type', selectInput(`${p}/joint/type`, JOINT_TYPES)), row('parent', selectInput(`${p}/joint/parent`, parents)),
    row('name', textInput(`${p}/joint/name`)),
    row('parent frame position, m', vecInput(`${p}/joint/parent_frame/position`)),
    row('child frame position, m', vecInput(`${p}/joint/child_frame/position`)),
    row('axis (pin, slider, screw, cylinder)', vecInput(`${p}/joint/axis`)));
  form.append(joint);

  const shapes = document.createElement('fieldset');
  shapes.innerHTML = '<legend>Geometry</legend>';
  (body.geometry || []).forEach((g, k) => {
    const gp = `${p}/geometry/${k}`;
    const box = document.createElement('div');
    box.className = 'geometry';
    const type = selectInput(`${gp}/type`, Object.keys(SHAPES));
    type.addEventListener('change', () => change(() => {
      const keep = { type: type.value, position: g.position };
      const size = g.radius ?? (g.semi_axes || g.half_lengths || [0.05])[0];
      for (const [field, kind] of SHAPES[type.value]) keep[field] = kind === 'vec' ? [size, size, size] : size;
      if (!keep.position) delete keep.position;
      model.bodies[selected].geometry[k] = keep;
    }));
    box.append(row('shape', type));
    for (const [field, kind] of SHAPES[g.type] || []) box.append(row(field, kind === 'vec' ? vecInput(`${gp}/${field}`, { optional: false }) : numberInput(`${gp}/${field}`)));
    box.append(row('position, m', vecInput(`${gp}/position`)));
    const remove = document.createElement('button');
    remove.textContent = 'remove shape';
    remove.addEventListener('click', () => change(() => model.bodies[selected].geometry.splice(k, 1)));
    box.append(remove);
    shapes.append(box);
  });
  const addShape = document.createElement('button');
  addShape.id = 'add-geometry';
  addShape.textContent = 'add ellipsoid';
  addShape.addEventListener('click', () => change(() => {
    const b = model.bodies[selected];
    (b.geometry ||= []).push({ type: 'ellipsoid', semi_axes: [0.05, 0.05, 0.2], position: b.mass_center || [0, 0, 0] });
  }));
  shapes.append(addShape);
  form.append(shapes);

  const remove = document.createElement('button');
  remove.textContent = `remove body ${body.name}`;
  remove.addEventListener('click', () => change(() => { model.bodies.splice(selected, 1); selected = Math.min(selected, model.bodies.length - 1); }));
  form.append(remove);
}

function renderTopFields() {
  for (const el of document.querySelectorAll('#bodies-panel [data-path]')) {
    const path = el.dataset.path;
    if (el.classList.contains('vec')) { el.replaceWith(Object.assign(vecInput(path), {})); continue; }
    const v = getAt(path);
    el.value = v === undefined ? '' : String(v);
    el.onchange = () => change(() => setAt(path, el.dataset.number !== undefined ? (el.value === '' ? undefined : Number(el.value)) : el.value));
  }
}

function showProblems() {
  for (const el of document.querySelectorAll('.field-error')) el.remove();
  for (const el of document.querySelectorAll('.invalid')) el.classList.remove('invalid');
  const list = $('problems');
  list.textContent = '';
  for (const problem of problems) {
    const li = document.createElement('li');
    li.textContent = `${problem.path || '/'}: ${problem.message}`;
    const m = /^\/bodies\/(\d+)/.exec(problem.path);
    if (m) li.addEventListener('click', () => { selected = Number(m[1]); refresh(); });
    list.append(li);
    // Inline: the field itself, or the nearest enclosing field shown.
    let path = problem.path;
    let el = null;
    while (path && !(el = document.querySelector(`[data-path="${CSS.escape(path)}"]`))) path = path.slice(0, path.lastIndexOf('/'));
    if (el) {
      el.classList.add('invalid');
      const note = document.createElement('span');
      note.className = 'field-error';
      note.textContent = problem.path === path ? problem.message : `${problem.path.slice(path.length + 1)}: ${problem.message}`;
      (el.closest('label') || el.parentElement).append(note);
    }
  }
}

function refresh() {
  problems = validate();
  renderTopFields();
  renderBodyList();
  renderBodyForm();
  showProblems();
  $('json').textContent = JSON.stringify(model, null, 2);
  $('status').textContent = `${model.bodies.length} bodies, ${problems.length ? `${problems.length} problem(s)` : 'valid'}`;
  $('undo').disabled = !undoStack.length;
  $('redo').disabled = !redoStack.length;
  const info = measure();
  $('scale-info').textContent = info ? `now ${info.height.toFixed(3)} m (geometry extent along up at zero pose), ${info.mass.toFixed(2)} kg` : '';
}

// Height and mass of the model at zero pose (joint frame positions only; rotations ignored).
function measure() {
  if (!model.bodies.length) return null;
  const origin = {};
  const find = (name, depth = 0) => {
    if (name === 'ground' || depth > 100) return [0, 0, 0];
    if (origin[name]) return origin[name];
    const b = model.bodies.find((x) => x.name === name);
    if (!b) return [0, 0, 0];
    const parent = find(b.joint?.parent ?? 'ground', depth + 1);
    const pf = b.joint?.parent_frame?.position || [0, 0, 0], cf = b.joint?.child_frame?.position || [0, 0, 0];
    return (origin[name] = [0, 1, 2].map((k) => parent[k] + pf[k] - cf[k]));
  };
  const up = (model.gravity && Math.hypot(...model.gravity) > 0) ? model.gravity.map((g) => -g / Math.hypot(...model.gravity)) : [0, 0, 1];
  let lo = Infinity, hi = -Infinity, mass = 0;
  for (const b of model.bodies) {
    mass += b.mass || 0;
    const o = find(b.name);
    for (const g of b.geometry || []) {
      const c = [0, 1, 2].map((k) => o[k] + (g.position?.[k] || 0));
      const extent = g.radius !== undefined ? g.radius + (g.half_length || 0) : Math.max(...(g.semi_axes || g.half_lengths || [0]));
      const h = c[0] * up[0] + c[1] * up[1] + c[2] * up[2];
      lo = Math.min(lo, h - extent);
      hi = Math.max(hi, h + extent);
    }
  }
  return { height: hi > lo ? hi - lo : 0, mass };
}

// Lengths scale by s = H / H0 and masses by k = M / M0; inertias by k s².
function scaleModel(height, mass) {
  const now = measure();
  if (!now || !(now.height > 0) || !(now.mass > 0) || !(height > 0) || !(mass > 0)) return false;
  const s = height / now.height, k = mass / now.mass;
  const scaleVec = (v) => (Array.isArray(v) ? v.map((x) => x * s) : v);
  change(() => {
    for (const b of model.bodies) {
      b.mass *= k;
      b.mass_center = scaleVec(b.mass_center);
      if (Array.isArray(b.inertia)) b.inertia = b.inertia.map((x) => x * k * s * s);
      else if (b.inertia) {
        b.inertia.moments = b.inertia.moments?.map((x) => x * k * s * s);
        if (b.inertia.products) b.inertia.products = b.inertia.products.map((x) => x * k * s * s);
      }
      for (const frame of [b.joint?.parent_frame, b.joint?.child_frame]) if (frame?.position) frame.position = scaleVec(frame.position);
      for (const g of b.geometry || []) {
        g.position = scaleVec(g.position);
        for (const f of ['radius', 'half_length']) if (g[f] !== undefined) g[f] *= s;
        for (const f of ['semi_axes', 'half_lengths']) if (g[f]) g[f] = scaleVec(g[f]);
      }
    }
  });
  return true;
}

function addBody() {
  change(() => {
    let n = model.bodies.length + 1;
    while (model.bodies.some((b) => b.name === `body${n}`)) n++;
    const parent = selected >= 0 && model.bodies[selected] ? model.bodies[selected].name : 'ground';
    model.bodies.push({ name: `body${n}`, mass: 1, mass_center: [0, 0, 0], inertia: { moments: [0.01, 0.01, 0.01], products: [0, 0, 0] },
      joint: { type: 'pin', parent }, geometry: [] });
    selected = model.bodies.length - 1;
  });
}

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}
const exportJson = () => `${JSON.stringify(model, null, 2)}\n`;

$('new').addEventListener('click', () => change(() => { model = emptyModel(); selected = -1; }));
$('save').addEventListener('click', () => download(`${model.name || 'model'}.json`, exportJson()));
$('undo').addEventListener('click', () => restore(undoStack, redoStack));
$('redo').addEventListener('click', () => restore(redoStack, undoStack));
$('add-body').addEventListener('click', addBody);
$('scale').addEventListener('click', () => scaleModel(Number($('scale-height').value), Number($('scale-mass').value)));
$('open').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const data = JSON.parse(await file.text());
    if (data && !Array.isArray(data.bodies) && Array.isArray(data.joints)) {
      $('status').textContent = `${file.name}: an OpenMBD model; convert it first: articula convert ${file.name} model.json (or articula edit ${file.name})`;
      return;
    }
    change(() => { model = data; selected = model.bodies?.length ? 0 : -1; });
  } catch (error) {
    $('status').textContent = `${file.name}: not valid JSON (${error.message})`;
  }
});
window.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.target.tagName === 'INPUT') return;
  if (e.key === 'z') { e.preventDefault(); restore(undoStack, redoStack); }
  if (e.key === 'y') { e.preventDefault(); restore(redoStack, undoStack); }
});

refresh();
window.articulaEditor = {
  ready: true,
  json: exportJson,
  problems: () => problems.slice(),
  select: (i) => { selected = i; refresh(); },
  scale: scaleModel,
  measure,
};
