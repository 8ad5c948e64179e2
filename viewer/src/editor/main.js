// Articula model editor: build or change an Articula model (docs/model-format.md) in a form and a
// 3D preview with a transform gizmo, checked against the model's JSON Schema on every change with
// the problems shown next to the offending field; force elements, contact materials with a
// graphical curve editor, initial state and scenario; undo / redo; scale a model to a height and
// mass; load and save JSON, import OpenMBD JSON. docs/viewer.md "The model editor".
import schema from './model.schema.json';
import { checkSchema } from './schemaCheck.js';
import { curveProblems, curveEditor } from './curves.js';
import { importOpenMbd, looksLikeOpenMbd } from './openmbd.js';
import { colorOf, createView, PALETTE, setMeshFiles } from './view3d.js';
import { arr, obj } from './rot.js';
import { measureModel, scaleModel as scaleModelDocument } from './scaling.js';
import { makeWidgets } from './widgets.js';
import { FORCE_FIELDS, jointCoordinates, jointName, renderContact, renderForces, renderInitialState, renderMarkers, renderScenario } from './sections.js';
import './style.css';

const $ = (id) => document.getElementById(id);
const JOINT_TYPES = schema.$defs.joint.properties.type.enum;
const SHAPES = { sphere: [['radius', 'number']], ellipsoid: [['semi_axes', 'vec']], box: [['half_lengths', 'vec']],
  cylinder: [['radius', 'number'], ['half_length', 'number']], capsule: [['radius', 'number'], ['half_length', 'number']],
  // A mesh names an OBJ / STL file relative to the model file; the page cannot read files, so it
  // draws the ones `articula edit` embedded (a file named later is not drawn).
  mesh: [['file', 'text'], ['scale', 'number']] };
const newField = (field, kind, size) => (kind === 'vec' ? [size, size, size] : kind === 'text' ? 'mesh.obj' : field === 'scale' ? 1 : size);

const emptyModel = () => ({ format: 'articula-model', version: 1, name: 'model', gravity: [0, 0, -9.81], bodies: [],
  scenario: { duration: 1, report_interval: 0.01 } });
// The editor's state: the model, the selected body and shape (-1: the body frame) and the section shown.
let model = loadEmbedded() || emptyModel();
if (!Array.isArray(model.bodies)) model.bodies = [];
let selected = model.bodies.length ? 0 : -1;
let shape = -1;
let section = 'body';
let problems = [];
let notice = '';
const undoStack = [], redoStack = [];

function loadEmbedded(id = 'articula-model') {
  const node = document.getElementById(id);
  try { return node ? JSON.parse(node.textContent) : null; } catch { return null; }
}
setMeshFiles(loadEmbedded('articula-meshes'));

const snapshot = () => JSON.stringify({ model, selected, shape, section });
// Every edit goes through change(): one undo step, none when nothing changed.
function change(fn) {
  const before = snapshot();
  fn();
  if (snapshot() !== before) {
    undoStack.push(before);
    if (undoStack.length > 200) undoStack.shift();
    redoStack.length = 0;
  }
  refresh();
}
// Drags (gizmo, curve points) change the model continuously and make one undo step at the end.
let liveBefore = null;
function liveStart() { liveBefore = snapshot(); }
function live(fn) {
  fn(model);
  problems = validate();
  syncFields();
  $('json').textContent = JSON.stringify(model, null, 2);
}
function liveEnd() {
  if (liveBefore !== null && snapshot() !== liveBefore) {
    undoStack.push(liveBefore);
    redoStack.length = 0;
  }
  liveBefore = null;
  refresh();
}
function restore(from, to) {
  if (!from.length) return;
  to.push(snapshot());
  ({ model, selected, shape, section } = JSON.parse(from.pop()));
  refresh();
}

const w = makeWidgets({ root: () => model, change });

// Checks: the schema, then what the schema cannot see (names, references, curves, coordinates).
function validate() {
  const errors = checkSchema(schema, model);
  const bodies = arr(model.bodies).map(obj);
  const names = new Set();
  bodies.forEach((b, i) => {
    if (names.has(b.name)) errors.push({ path: `/bodies/${i}/name`, message: `"${b.name}": a body of this name exists` });
    if (String(b.name).toLowerCase() === 'ground') errors.push({ path: `/bodies/${i}/name`, message: '"ground" is reserved' });
    names.add(b.name);
  });
  const materials = obj(model.contact_materials);
  const curves = (obj, path) => {
    for (const key of ['force_curve', 'unload_curve']) {
      for (const p of curveProblems(obj[key])) {
        errors.push({ path: `${path}/${key}/${p.index}${p.field === undefined ? '' : `/${p.field}`}`, message: p.message });
      }
    }
  };
  bodies.forEach((b, i) => {
    const parent = b.joint && b.joint.parent;
    if (parent && parent !== 'ground' && !names.has(parent)) errors.push({ path: `/bodies/${i}/joint/parent`, message: `"${parent}": no such body` });
    if (parent === b.name) errors.push({ path: `/bodies/${i}/joint/parent`, message: 'a body cannot be its own parent' });
    arr(b.geometry).map(obj).forEach((g, k) => {
      if (g.material !== undefined && !(g.material in materials)) errors.push({ path: `/bodies/${i}/geometry/${k}/material`, message: `"${g.material}": no such contact material` });
      curves(g, `/bodies/${i}/geometry/${k}`);
    });
  });
  for (const [name, m] of Object.entries(materials)) if (obj(m).type === 'penalty') curves(m, `/contact_materials/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  arr(model.forces).map(obj).forEach((f, i) => {
    for (const field of ['body', 'body1', 'body2']) {
      if (typeof f[field] === 'string' && f[field] !== 'ground' && !names.has(f[field])) errors.push({ path: `/forces/${i}/${field}`, message: `"${f[field]}": no such body` });
    }
    const body = bodies.find((b) => b.name === f.body);
    if (body && typeof f.coordinate === 'string' && FORCE_FIELDS[f.type]?.some(([k]) => k === 'coordinate')) {
      const c = jointCoordinates(body.joint);
      const list = ['mobility_constant_force', 'mobility_linear_damper'].includes(f.type) ? c.u : c.q;
      if (!list.some(([n]) => n === f.coordinate)) errors.push({ path: `/forces/${i}/coordinate`, message: `"${f.coordinate}": not a coordinate of ${body.joint?.type ?? '?'} joint "${jointName(body)}"` });
    }
  });
  const markerNames = new Set();
  arr(model.markers).map(obj).forEach((k, i) => {
    if (typeof k.body === 'string' && k.body !== 'ground' && !names.has(k.body)) errors.push({ path: `/markers/${i}/body`, message: `"${k.body}": no such body` });
    if (markerNames.has(k.name)) errors.push({ path: `/markers/${i}/name`, message: `"${k.name}": a marker of this name exists` });
    markerNames.add(k.name);
  });
  const st = model.initial_state;
  if (st && typeof st === 'object') {
    const coords = {};
    for (const b of bodies) {
      const c = jointCoordinates(b.joint);
      for (const s of ['q', 'u']) for (const [n, angular] of c[s]) coords[`${s}:${jointName(b)}.${n}`] = angular;
    }
    for (const s of ['q', 'u']) {
      for (const deg of [false, true]) {
        const map = st[deg ? `${s}_deg` : s];
        if (!map || typeof map !== 'object') continue;
        for (const key of Object.keys(map)) {
          const path = `/initial_state/${deg ? `${s}_deg` : s}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
          const angular = coords[`${s}:${key}`];
          if (angular === undefined) errors.push({ path, message: `"${key}": no such ${s === 'q' ? 'coordinate' : 'speed'}` });
          else if (deg && !angular) errors.push({ path, message: `"${key}" is not an angle: give it in ${s} (SI), not ${s}_deg` });
          if (deg && st[s] && key in st[s]) errors.push({ path, message: `"${key}" is given in both ${s} and ${s}_deg` });
        }
      }
    }
  }
  return errors;
}

function renderBodyList() {
  const list = $('body-list');
  list.textContent = '';
  model.bodies.map(obj).forEach((b, i) => {
    const li = document.createElement('li');
    li.textContent = `${b.name}  ← ${b.joint?.parent ?? '?'}`;
    li.dataset.index = String(i);
    li.classList.toggle('selected', section === 'body' && i === selected);
    li.classList.toggle('bad', problems.some((p) => p.path.startsWith(`/bodies/${i}/`) || p.path === `/bodies/${i}`));
    li.addEventListener('click', () => { selected = i; shape = -1; section = 'body'; refresh(); });
    list.append(li);
  });
  for (const el of document.querySelectorAll('#sections [data-section]')) {
    el.classList.toggle('selected', el.dataset.section === section);
    el.classList.toggle('bad', problems.some((p) => sectionOf(p.path) === el.dataset.section));
    if (el.dataset.section === 'forces') el.textContent = `Forces (${arr(model.forces).length})`;
    if (el.dataset.section === 'markers') el.textContent = `Markers (${arr(model.markers).length})`;
  }
}

const sectionOf = (path) => {
  if (/^\/forces/.test(path)) return 'forces';
  if (/^\/markers/.test(path)) return 'markers';
  if (/^\/(contact_materials|contact)(\/|$)/.test(path)) return 'contact';
  if (/^\/initial_state/.test(path)) return 'state';
  if (/^\/scenario/.test(path)) return 'scenario';
  return 'body';
};

// The colour picker takes "#rrggbb"; the format also allows [r, g, b] in 0..1, which is kept as
// an array when edited.
function colourInput(path, value, fallback) {
  const color = document.createElement('input');
  color.type = 'color';
  color.dataset.path = path;
  color.value = colorOf(value, fallback);
  color.addEventListener('change', () => change(() => {
    const hex = color.value;
    const asArray = Array.isArray(w.getAt(path));
    w.setAt(path, asArray ? [1, 3, 5].map((k) => Math.round((parseInt(hex.slice(k, k + 2), 16) / 255) * 1000) / 1000) : hex);
  }));
  return color;
}

const curveCtx = {
  change, liveStart, live: (fn) => live(() => fn()), liveEnd,
  get problems() { return problems; },
  numberInput: (path) => w.numberInput(path),
};

function renderJoint(p, body) {
  const joint = w.fieldset('Joint (mobilizer)');
  const parents = ['ground', ...model.bodies.map(obj).filter((b, i) => i !== selected && typeof b.name === 'string').map((b) => b.name)];
  const type = body.joint?.type;
  joint.append(w.row('type', w.selectInput(`${p}/joint/type`, JOINT_TYPES, {
    onSet: (t) => {
      const j = (model.bodies[selected].joint ||= {});
      j.type = t;
      if (t !== 'screw') delete j.pitch; else if (j.pitch === undefined) j.pitch = 0.01;
      if (t !== 'ellipsoid') delete j.semi_axes; else if (!j.semi_axes) j.semi_axes = [0.05, 0.05, 0.05];
      if (!['ball', 'free'].includes(t)) delete j.euler;
      if (!['pin', 'slider', 'screw', 'cylinder'].includes(t)) delete j.axis;
      if (t === 'function_based' && !j.coordinates) {
        Object.assign(j, { coordinates: [{ name: 'angle', angular: true }], rotation_axes: [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
          rotations: [{ type: 'linear', coefficients: [1, 0], args: ['angle'] }, null, null], translation_axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
          translations: [null, null, null] });
      }
      if (t !== 'function_based') for (const k of ['coordinates', 'rotation_axes', 'rotations', 'translation_axes', 'translations']) delete j[k];
    },
  })), w.row('parent', w.selectInput(`${p}/joint/parent`, parents)), w.row('name', w.textInput(`${p}/joint/name`, { optional: true })));
  const frames = document.createElement('div');
  frames.className = 'frames';
  frames.append(w.row('parent frame X_PF: position, m', w.vecInput(`${p}/joint/parent_frame/position`)),
    w.row('… orientation, x-y-z°', w.orientationInput(`${p}/joint/parent_frame/orientation`)),
    w.row('child frame X_BM: position, m', w.vecInput(`${p}/joint/child_frame/position`)),
    w.row('… orientation, x-y-z°', w.orientationInput(`${p}/joint/child_frame/orientation`)));
  joint.append(frames);
  if (['pin', 'slider', 'screw', 'cylinder'].includes(type) || body.joint?.axis) joint.append(w.row('axis (in F)', w.vecInput(`${p}/joint/axis`)));
  if (type === 'screw') joint.append(w.row('pitch, m/rad', w.numberInput(`${p}/joint/pitch`)));
  if (type === 'ellipsoid') joint.append(w.row('semi-axes, m', w.vecInput(`${p}/joint/semi_axes`, { optional: false })));
  if (type === 'ball' || type === 'free') joint.append(w.row('x-y-z angle coordinates (euler)', w.checkbox(`${p}/joint/euler`)));
  joint.append(w.row('reverse', w.checkbox(`${p}/joint/reverse`)));
  if (type === 'function_based') joint.append(w.row('function-based joint (JSON)', w.jsonArea(`${p}/joint`, { rows: 10 })));
  const coords = jointCoordinates(body.joint);
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = coords.q.length ? `coordinates: ${coords.q.map(([n]) => `${jointName(body)}.${n}`).join(', ')}` : 'no coordinates';
  joint.append(hint);
  return joint;
}

function renderGeometry(p, body) {
  const shapes = w.fieldset('Geometry');
  const materials = Object.keys(obj(model.contact_materials));
  arr(body.geometry).map(obj).forEach((g, k) => {
    const gp = `${p}/geometry/${k}`;
    const box = document.createElement('div');
    box.className = `geometry${k === shape ? ' selected' : ''}`;
    box.dataset.shape = String(k);
    const type = w.selectInput(`${gp}/type`, Object.keys(SHAPES), {
      onSet: (t) => {
        const old = model.bodies[selected].geometry[k];
        const size = old.radius ?? (old.semi_axes || old.half_lengths || [0.05])[0];
        for (const [field] of Object.values(SHAPES).flat()) delete old[field];
        delete old.layer_thickness;
        old.type = t;
        for (const [field, kind] of SHAPES[t]) old[field] = newField(field, kind, size);
      },
    });
    const pick = w.button(k === shape ? 'gizmo on this shape' : 'select in 3D', () => { shape = k; refresh(); }, { className: 'pick-shape' });
    box.append(w.row('shape', type), pick);
    const input = (field, kind) => {
      if (kind === 'text') return w.textInput(`${gp}/${field}`);
      if (field === 'scale' && Array.isArray(g.scale)) return w.vecInput(`${gp}/${field}`, { optional: true });
      return kind === 'vec' ? w.vecInput(`${gp}/${field}`, { optional: false }) : w.numberInput(`${gp}/${field}`, { optional: field === 'scale' });
    };
    for (const [field, kind] of SHAPES[g.type] || []) box.append(w.row(field, input(field, kind)));
    box.append(w.row('position, m', w.vecInput(`${gp}/position`)), w.row('orientation, x-y-z°', w.orientationInput(`${gp}/orientation`)),
      w.row('name', w.textInput(`${gp}/name`, { optional: true })),
      w.row('colour', colourInput(`${gp}/color`, g.color, colorOf(body.color, PALETTE[selected % PALETTE.length]))),
      w.row('contact material', w.selectInput(`${gp}/material`, materials, { optional: true })));
    const own = document.createElement('input');
    own.type = 'checkbox';
    own.className = 'own-curves';
    own.checked = Array.isArray(g.force_curve);
    own.addEventListener('change', () => change(() => {
      const gg = model.bodies[selected].geometry[k];
      if (own.checked) gg.force_curve = [[0, 0], [0.001, 60], [0.005, 600], [0.01, 3000], [0.02, 6500]];
      else { delete gg.force_curve; delete gg.unload_curve; }
    }));
    box.append(w.row('own force–penetration curves (OpenMBD style)', own));
    if (Array.isArray(g.force_curve) || Array.isArray(g.unload_curve)) box.append(curveEditor(g, gp, curveCtx));
    box.append(w.button('remove shape', () => change(() => { model.bodies[selected].geometry.splice(k, 1); shape = -1; })));
    shapes.append(box);
  });
  const addShape = w.button('add ellipsoid', () => change(() => {
    const b = model.bodies[selected];
    (b.geometry ||= []).push({ type: 'ellipsoid', semi_axes: [0.05, 0.05, 0.2], position: (b.mass_center || [0, 0, 0]).slice() });
    shape = b.geometry.length - 1;
  }), { id: 'add-geometry' });
  shapes.append(addShape);
  return shapes;
}

// A renamed body's name follows in everything that names it: joints' parents, forces, constraints,
// markers, muscle path points and the scenario's head body.
const BODY_KEYS = ['body', 'body1', 'body2', 'plane_body', 'line_body', 'follower_body', 'case_body', 'disk_body', 'head_body', 'sphere_body'];
function renameBodyReferences(old, to) {
  model.bodies.forEach((x) => { if (x.joint && x.joint.parent === old) x.joint.parent = to; });
  const rename = (o) => { if (o && typeof o === 'object') for (const k of BODY_KEYS) if (o[k] === old) o[k] = to; };
  for (const list of [model.forces, model.constraints, model.markers]) arr(list).forEach(rename);
  for (const muscle of arr(model.muscles)) arr(muscle?.path).forEach(rename);
  rename(model.scenario);
}

function renderBodyForm(form) {
  if (selected < 0 || !model.bodies[selected] || typeof model.bodies[selected] !== 'object') {
    form.innerHTML = '<p class="hint">Add a body (left) or open a model file.</p>';
    return;
  }
  const p = `/bodies/${selected}`;
  const body = model.bodies[selected];
  const h = document.createElement('h3');
  h.textContent = `Body ${body.name}`;
  const frameButton = w.button(shape < 0 ? 'gizmo on the body frame' : 'move the body frame', () => { shape = -1; refresh(); }, { id: 'pick-frame' });
  form.append(h, frameButton);
  const name = document.createElement('input');
  name.id = 'body-name';
  name.dataset.path = `${p}/name`;
  name.value = body.name ?? '';
  name.addEventListener('change', () => change(() => {  // renaming also renames the references
    const b = model.bodies[selected];
    const old = b.name;
    b.name = name.value;
    renameBodyReferences(old, name.value);
  }));
  form.append(w.row('name', name), w.row('mass, kg', w.numberInput(`${p}/mass`)), w.row('mass centre, m', w.vecInput(`${p}/mass_center`)));
  if (Array.isArray(body.inertia)) form.append(w.row('inertia [Ixx Iyy Izz (Ixy Ixz Iyz)], kg·m²', w.vecInput(`${p}/inertia`, { optional: false, n: body.inertia.length })));
  else {
    form.append(w.row('inertia moments Ixx Iyy Izz, kg·m²', w.vecInput(`${p}/inertia/moments`, { optional: false })),
      w.row('inertia products Ixy Ixz Iyz', w.vecInput(`${p}/inertia/products`)));
  }
  form.append(w.row('colour', colourInput(`${p}/color`, body.color, PALETTE[selected % PALETTE.length])));
  form.append(renderJoint(p, body), renderGeometry(p, body));
  form.append(w.button(`remove body ${body.name}`, () => change(() => {
    model.bodies.splice(selected, 1);
    selected = Math.min(selected, model.bodies.length - 1);
    shape = -1;
  })));
}

function renderForm() {
  const form = $('body-form');
  form.textContent = '';
  const ctx = { w, model: () => model, change, curveCtx };
  if (section === 'forces') renderForces(form, ctx);
  else if (section === 'contact') renderContact(form, ctx);
  else if (section === 'state') renderInitialState(form, ctx);
  else if (section === 'scenario') renderScenario(form, ctx);
  else if (section === 'markers') renderMarkers(form, ctx);
  else renderBodyForm(form);
}

function renderTopFields() {
  for (const el of document.querySelectorAll('#model-fields [data-path]')) {
    const path = el.dataset.path;
    if (el.classList.contains('vec')) { el.replaceWith(w.vecInput(path)); continue; }
    const v = w.getAt(path);
    el.value = v === undefined ? '' : String(v);
    el.onchange = () => change(() => w.setAt(path, el.dataset.number !== undefined ? (el.value === '' ? undefined : Number(el.value)) : el.value));
  }
}

// During a drag: the shown fields take the model's values without rebuilding the form.
function syncFields() {
  for (const el of document.querySelectorAll('#body-form input[data-path]')) {
    if (el === document.activeElement) continue;
    const v = w.getAt(el.dataset.path);
    if (el.type === 'number' && typeof v === 'number') el.value = String(v);
  }
  for (const span of document.querySelectorAll('#body-form .vec[data-path$="/orientation"]')) {
    const o = w.getAt(span.dataset.path);
    if (!o) continue;
    const fresh = w.orientationInput(span.dataset.path);
    [...span.querySelectorAll('input')].forEach((input, k) => { input.value = fresh.querySelectorAll('input')[k].value; });
  }
  showProblems();
}

function showProblems() {
  for (const el of document.querySelectorAll('.field-error:not(.sticky)')) el.remove();
  for (const el of document.querySelectorAll('.invalid')) el.classList.remove('invalid');
  const list = $('problems');
  list.textContent = '';
  for (const problem of problems) {
    const li = document.createElement('li');
    li.textContent = `${problem.path || '/'}: ${problem.message}`;
    li.addEventListener('click', () => {
      section = sectionOf(problem.path);
      const m = /^\/bodies\/(\d+)/.exec(problem.path);
      if (m) { selected = Number(m[1]); const g = /^\/bodies\/\d+\/geometry\/(\d+)/.exec(problem.path); shape = g ? Number(g[1]) : -1; }
      refresh();
    });
    list.append(li);
    // Inline: the field itself, or the nearest enclosing field shown.
    let path = problem.path;
    let el = null;
    while (path && !(el = document.querySelector(`[data-path="${CSS.escape(path)}"]`))) path = path.slice(0, path.lastIndexOf('/'));
    if (el) {
      el.classList.add('invalid');
      const note = document.createElement('span');
      note.className = 'field-error';
      note.dataset.for = problem.path;
      note.textContent = problem.path === path ? problem.message : `${problem.path.slice(path.length + 1)}: ${problem.message}`;
      if (el instanceof SVGElement) (el.closest('.curve-editor') || el.parentElement).append(note);
      else (el.closest('label') || el.closest('td') || el.parentElement).append(note);
    }
  }
}

let view = null;
function refresh() {
  if (!Array.isArray(model.bodies)) model.bodies = [];
  if (selected >= model.bodies.length) selected = model.bodies.length - 1;
  if (shape >= (model.bodies[selected]?.geometry?.length ?? 0)) shape = -1;
  problems = guarded('checking the model', validate, () => checkSchema(schema, model));
  guarded('the model fields', renderTopFields);
  guarded('the body list', renderBodyList);
  guarded('the form', renderForm, (error) => { $('body-form').textContent = `This part of the model cannot be shown in the form (${error.message}); fix it in a JSON file or undo.`; });
  guarded('the problems', showProblems);
  $('json').textContent = JSON.stringify(model, null, 2);
  $('status').textContent = `${notice ? `${notice} · ` : ''}${model.bodies.length} bodies, ${problems.length ? `${problems.length} problem(s)` : 'valid'}`;
  $('undo').disabled = !undoStack.length;
  $('redo').disabled = !redoStack.length;
  const info = guarded('measuring', measure, () => null);
  $('scale-info').textContent = info ? `now ${info.height.toFixed(3)} m (geometry extent along up at zero pose), ${info.mass.toFixed(2)} kg` : '';
  if (view) guarded('the 3D preview', () => { view.update(model, section === 'body' ? selected : -1, shape); showMode(); });
}

// A model far from the schema must not stop the page: a part that fails is reported and skipped.
function guarded(what, fn, fallback) {
  try { return fn(); } catch (error) {
    console.warn(`editor: ${what}: ${error.message}`);
    return fallback ? fallback(error) : undefined;
  }
}

// Height and mass (the geometry's extent along up at zero pose, the sum of the masses): scaling.js.
const measure = () => measureModel(model);

function scaleModel(height, mass) {
  let done = false;
  change(() => { done = scaleModelDocument(model, height, mass); });
  return done;
}

function addBody() {
  change(() => {
    let n = model.bodies.length + 1;
    while (model.bodies.some((b) => b.name === `body${n}`)) n++;
    const parent = selected >= 0 && model.bodies[selected] ? model.bodies[selected].name : 'ground';
    model.bodies.push({ name: `body${n}`, mass: 1, mass_center: [0, 0, 0], inertia: { moments: [0.01, 0.01, 0.01], products: [0, 0, 0] },
      joint: { type: 'pin', parent }, geometry: [] });
    selected = model.bodies.length - 1;
    shape = -1;
    section = 'body';
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

// Opens an Articula model, or imports an OpenMBD one (as `articula convert` does).
function openDocument(data, fileName) {
  if (looksLikeOpenMbd(data)) {
    const { model: imported, warnings } = importOpenMbd(data, fileName);
    change(() => { model = imported; selected = 0; shape = -1; section = 'body'; });
    notice = `${fileName}: imported from OpenMBD${warnings.length ? ` (${warnings.length} warning(s): ${warnings.join('; ')})` : ''}`;
    refresh();
    view?.frame();
    return { warnings };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an Articula or OpenMBD model (expected a JSON object)');
  change(() => { model = data; if (!Array.isArray(model.bodies)) model.bodies = []; selected = model.bodies.length ? 0 : -1; shape = -1; section = 'body'; });
  notice = `${fileName}: opened`;
  refresh();
  view?.frame();
  return { warnings: [] };
}

$('new').addEventListener('click', () => change(() => { model = emptyModel(); selected = -1; shape = -1; section = 'body'; }));
$('save').addEventListener('click', () => download(`${model.name || 'model'}.json`, exportJson()));
$('undo').addEventListener('click', () => restore(undoStack, redoStack));
$('redo').addEventListener('click', () => restore(redoStack, undoStack));
$('add-body').addEventListener('click', addBody);
$('scale').addEventListener('click', () => scaleModel(Number($('scale-height').value), Number($('scale-mass').value)));
for (const el of document.querySelectorAll('#sections [data-section]')) el.addEventListener('click', () => { section = el.dataset.section; refresh(); });
for (const el of document.querySelectorAll('#gizmo-modes [data-mode]')) el.addEventListener('click', () => { view?.setMode(el.dataset.mode); showMode(); });
$('frame-all')?.addEventListener('click', () => view?.frame());
$('pose-initial')?.addEventListener('change', (e) => view?.setInitialPose(e.target.checked));
function showMode() {
  for (const el of document.querySelectorAll('#gizmo-modes [data-mode]')) el.classList.toggle('selected', view?.mode() === el.dataset.mode);
}
$('open').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    openDocument(JSON.parse(await file.text()), file.name);
  } catch (error) {
    notice = `${file.name}: ${error instanceof SyntaxError ? `not valid JSON (${error.message})` : error.message}`;
    refresh();
  }
  e.target.value = '';
});
window.addEventListener('keydown', (e) => {
  const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName);
  if (!typing && !e.ctrlKey && !e.metaKey && view) {
    const mode = { w: 'translate', e: 'rotate', r: 'scale' }[e.key];
    if (mode) { view.setMode(mode); showMode(); }
  }
  if (!(e.ctrlKey || e.metaKey) || typing) return;
  if (e.key === 'z') { e.preventDefault(); restore(undoStack, redoStack); }
  if (e.key === 'y') { e.preventDefault(); restore(redoStack, undoStack); }
});

try {
  view = createView($('view3d'), {
    onSelect: (body, k) => { selected = body; shape = k; section = 'body'; refresh(); },
    onLiveStart: liveStart,
    onLive: live,
    onLiveEnd: liveEnd,
  });
  showMode();
} catch (error) {
  $('view3d').textContent = `3D preview unavailable (${error.message}); the form works without it.`;
}
refresh();
window.articulaEditor = {
  ready: true,
  json: exportJson,
  problems: () => problems.slice(),
  select: (i, k = -1) => { selected = i; shape = k; section = 'body'; refresh(); },
  show: (name) => { section = name; refresh(); },
  scale: scaleModel,
  measure,
  open: (text, fileName = 'model.json') => openDocument(JSON.parse(text), fileName),
  importOpenMbd: (text, fileName) => importOpenMbd(JSON.parse(text), fileName),
  gizmo: {
    mode: (m) => { if (m) { view.setMode(m); showMode(); } return view.mode(); },
    pose: () => view.objectPose(),
    handle: (axis, along) => view.handlePoint(axis, along),
    shapeScreen: (body, k) => view.shapeScreen(body, k),
    render: () => view.renderNow(),
    initialPose: (on) => { $('pose-initial').checked = on; view.setInitialPose(on); },
    bodyOrigin: (i) => view.bodyOrigin(i),
    drawnShapes: (i) => view.drawnShapes(i),
    markers: () => view.markers(),
  },
  undoDepth: () => undoStack.length,
  selection: () => ({ body: selected, shape, section }),
};
