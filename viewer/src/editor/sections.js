// The editor's model-wide sections: force elements, contact (materials with the curve editor and
// the contact block), initial state by coordinate name, and the scenario block. Each renderer
// fills `form` from the model through the widgets (widgets.js); ctx = {w, model(), change, live…}.
import { curveEditor } from './curves.js';
import { escapeKey, unitChoice } from './widgets.js';
import { arr, obj } from './rot.js';

// Coordinate names per joint type (docs/model-format.md "Joints"; src/model/JointTypes.cpp), each
// [name, angular].
const A = (n) => [n, true], L = (n) => [n, false];
export function jointCoordinates(j) {
  const t = j?.type;
  const same = (list) => ({ q: list, u: list });
  switch (t) {
    case 'pin': case 'screw': return same([A('angle')]);
    case 'slider': return same([L('x')]);
    case 'universal': return same([A('rx'), A('ry')]);
    case 'cylinder': return same([A('angle'), L('z')]);
    case 'bend_stretch': return same([A('angle'), L('x')]);
    case 'planar': return same([A('angle'), L('x'), L('y')]);
    case 'gimbal': return same([A('rx'), A('ry'), A('rz')]);
    case 'spherical_coords': return same([A('azimuth'), A('zenith'), L('radius')]);
    case 'translation': return same([L('x'), L('y'), L('z')]);
    case 'bushing': return same([A('rx'), A('ry'), A('rz'), L('x'), L('y'), L('z')]);
    case 'ball': case 'ellipsoid': return { q: [A('rx'), A('ry'), A('rz')], u: [A('wx'), A('wy'), A('wz')] };
    case 'free': return { q: [A('rx'), A('ry'), A('rz'), L('x'), L('y'), L('z')], u: [A('wx'), A('wy'), A('wz'), L('vx'), L('vy'), L('vz')] };
    case 'line_orientation': return { q: [A('rx'), A('ry'), A('rz')], u: [A('wx'), A('wy')] };
    case 'free_line': return { q: [A('rx'), A('ry'), A('rz'), L('x'), L('y'), L('z')], u: [A('wx'), A('wy'), L('vx'), L('vy'), L('vz')] };
    case 'function_based': return same(arr(j.coordinates).map(obj).filter((c) => typeof c.name === 'string').map((c) => [c.name, c.angular !== false]));
    default: return { q: [], u: [] };
  }
}
export const jointName = (b) => b.joint?.name || b.name;

// Force element fields by type (docs/model-format.md "Forces"). Kinds: body, body2 (a body or
// ground), q / u (a coordinate of the body's joint), vec, vec6, num, angle, bool, frame, enum:…,
// axes, peak, fn (a function of time, as JSON), target (a number or a function of time, as JSON;
// empty: hold the initial value), joints (joint names, as JSON).
export const FORCE_FIELDS = {
  constant_force: [['body', 'body'], ['station', 'vec'], ['force', 'vec']],
  constant_torque: [['body', 'body'], ['torque', 'vec']],
  mobility_constant_force: [['body', 'body'], ['coordinate', 'u'], ['force', 'num']],
  mobility_linear_spring: [['body', 'body'], ['coordinate', 'q'], ['stiffness', 'num'], ['rest', 'angle']],
  mobility_linear_damper: [['body', 'body'], ['coordinate', 'u'], ['damping', 'num']],
  mobility_linear_stop: [['body', 'body'], ['coordinate', 'q'], ['lower', 'angle'], ['upper', 'angle'], ['stiffness', 'num'], ['dissipation', 'num']],
  two_point_linear_spring: [['body1', 'body2'], ['station1', 'vec'], ['body2', 'body2'], ['station2', 'vec'], ['stiffness', 'num'], ['natural_length', 'num']],
  two_point_linear_damper: [['body1', 'body2'], ['station1', 'vec'], ['body2', 'body2'], ['station2', 'vec'], ['damping', 'num']],
  two_point_constant_force: [['body1', 'body2'], ['station1', 'vec'], ['body2', 'body2'], ['station2', 'vec'], ['force', 'num']],
  linear_bushing: [['body1', 'body2'], ['frame1', 'frame'], ['body2', 'body2'], ['frame2', 'frame'], ['stiffness', 'vec6'], ['damping', 'vec6']],
  global_damper: [['damping', 'num']],
  passive_joint_damping: [['damping', 'num'], ['damp_root_joints', 'bool']],
  range_of_motion_limit: [['body', 'body'], ['coordinate', 'q?'], ['lower', 'angle'], ['upper', 'angle'], ['stiffness', 'num'], ['damping', 'num'],
    ['twist_axis', 'enum:x,y,z'], ['axes', 'axes']],
  torque_pulse: [['body', 'body'], ['mode', 'enum:mobility,body_torque_pair'], ['peak', 'peak'], ['start', 'num'], ['duration', 'num']],
  joint_actuator: [['body', 'body'], ['coordinate', 'u'], ['function', 'fn'], ['scale', 'num'], ['limit', 'num']],
  pd_servo: [['body', 'body'], ['coordinate', 'q'], ['kp', 'num'], ['kd', 'num'], ['target', 'target'], ['limit', 'num']],
  muscle_tone: [['stiffness', 'num'], ['damping', 'num'], ['joints', 'joints']],
  coordinate_limit_force: [['body', 'body'], ['coordinate', 'q'], ['lower', 'angle'], ['upper', 'angle'], ['lower_stiffness', 'num'],
    ['upper_stiffness', 'num'], ['damping', 'num'], ['transition', 'angle']],
};
const REQUIRED = {
  constant_force: ['body', 'force'], constant_torque: ['body', 'torque'], mobility_constant_force: ['body', 'coordinate', 'force'],
  mobility_linear_spring: ['body', 'coordinate', 'stiffness'], mobility_linear_damper: ['body', 'coordinate', 'damping'],
  mobility_linear_stop: ['body', 'coordinate', 'stiffness'], two_point_linear_spring: ['body1', 'body2', 'stiffness'],
  two_point_linear_damper: ['body1', 'body2', 'damping'], two_point_constant_force: ['body1', 'body2', 'force'],
  linear_bushing: ['body1', 'body2', 'stiffness'], global_damper: ['damping'], passive_joint_damping: ['damping'],
  range_of_motion_limit: ['body'], torque_pulse: ['body', 'mode', 'peak', 'start', 'duration'],
  joint_actuator: ['body', 'coordinate', 'function'], pd_servo: ['body', 'coordinate', 'kp', 'kd'], muscle_tone: ['stiffness', 'damping'],
  coordinate_limit_force: ['body', 'coordinate', 'lower_stiffness', 'upper_stiffness', 'transition'],
};
// Starting values where 0 is not allowed or does nothing: a pulse's duration, a limit force's
// transition (> 0) and its limits (absent: no limit, so the new force would do nothing).
const STARTING = { torque_pulse: { duration: 0.1 }, coordinate_limit_force: { lower: -1, upper: 1, transition: 0.1 } };

function defaultValue(kind, model, force) {
  const first = arr(model.bodies).map(obj)[0];
  switch (kind) {
    case 'body': case 'body2': return first ? first.name : 'ground';
    case 'q': case 'u': {
      const b = arr(model.bodies).map(obj).find((x) => x.name === force.body) || first;
      return jointCoordinates(b?.joint)[kind][0]?.[0] ?? 'angle';
    }
    case 'vec': return [0, 0, 0];
    case 'vec6': return [0, 0, 0, 0, 0, 0];
    case 'peak': return [1];
    case 'fn': return { type: 'constant', coefficients: [1], args: ['t'] };
    case 'bool': return false;
    default: return kind.startsWith('enum:') ? kind.slice(5).split(',')[0] : 0;
  }
}

export function newForce(model, type) {
  const f = { type };
  for (const [field, kind] of FORCE_FIELDS[type]) if (REQUIRED[type].includes(field)) f[field] = defaultValue(kind, model, f);
  return Object.assign(f, STARTING[type]);
}

function retype(model, f, type) {
  const keep = new Set(['type', 'name', ...FORCE_FIELDS[type].flatMap(([k]) => [k, `${k}_deg`])]);
  for (const k of Object.keys(f)) if (!keep.has(k)) delete f[k];
  f.type = type;
  for (const [field, kind] of FORCE_FIELDS[type]) {
    if (REQUIRED[type].includes(field) && f[field] === undefined && f[`${field}_deg`] === undefined) f[field] = defaultValue(kind, model, f);
  }
  // Fields that must be positive take their starting value (the defaults above give 0).
  for (const field of ['duration', 'transition']) {
    const start = STARTING[type]?.[field];
    if (start !== undefined && !(f[field] > 0) && !(f[`${field}_deg`] > 0)) { delete f[`${field}_deg`]; f[field] = start; }
  }
}

// A JSON value edited as text; empty text removes the field (optional fields).
function optionalJson(w, ctx, path, title) {
  const area = document.createElement('textarea');
  area.className = 'json-area';
  area.rows = 2;
  area.dataset.jsonOf = path;
  area.title = title;
  const value = w.getAt(path);
  area.value = value === undefined ? '' : JSON.stringify(value);
  const note = document.createElement('span');
  note.className = 'field-error';
  area.addEventListener('change', () => {
    let v;
    if (area.value.trim() !== '') {
      try { v = JSON.parse(area.value); } catch (e) { note.textContent = `not JSON: ${e.message}`; return; }
    }
    ctx.change(() => w.setAt(path, v));
  });
  const wrap = document.createElement('div');
  wrap.append(area, note);
  return wrap;
}

export function renderForces(form, ctx) {
  const { w } = ctx;
  const model = ctx.model();
  const h = document.createElement('h3');
  h.textContent = 'Forces';
  form.append(h);
  const bodyNames = arr(model.bodies).map(obj).map((b) => b.name).filter((n) => typeof n === 'string');
  arr(model.forces).map(obj).forEach((f, i) => {
    const p = `/forces/${i}`;
    const box = w.fieldset(`${i}: ${f.name || f.type}`);
    box.className = 'force';
    box.dataset.force = String(i);
    box.append(w.row('type', w.selectInput(`${p}/type`, Object.keys(FORCE_FIELDS), { onSet: (t) => retype(model, model.forces[i], t) })),
      w.row('name', w.textInput(`${p}/name`, { optional: true })));
    const body = arr(model.bodies).map(obj).find((b) => b.name === f.body);
    const coords = jointCoordinates(body?.joint);
    for (const [field, kind] of FORCE_FIELDS[f.type] || []) {
      const fp = `${p}/${field}`;
      let widget;
      if (kind === 'body') {
        // A new body: keep the coordinate if its joint has one of that name, else take its first.
        widget = w.selectInput(fp, bodyNames, { optional: true, onSet: (name) => {
          const ff = model.forces[i];
          ff.body = name;
          const kinds = (FORCE_FIELDS[ff.type] || []).find(([k]) => k === 'coordinate');
          if (!kinds || name === undefined) return;
          const c = jointCoordinates(model.bodies.find((b) => b.name === name)?.joint)[kinds[1][0]];
          if (ff.coordinate !== undefined && !c.some(([n]) => n === ff.coordinate)) {
            if (c.length) ff.coordinate = c[0][0]; else delete ff.coordinate;
          }
        } });
      }
      else if (kind === 'body2') widget = w.selectInput(fp, ['ground', ...bodyNames], { optional: true });
      else if (kind === 'q' || kind === 'u' || kind === 'q?') widget = w.selectInput(fp, coords[kind[0]].map(([n]) => n), { optional: true });
      else if (kind === 'vec') widget = w.vecInput(fp);
      else if (kind === 'vec6') widget = w.vecInput(fp, { n: 6 });
      else if (kind === 'num') widget = w.numberInput(fp, { optional: true });
      else if (kind === 'bool') widget = w.checkbox(fp, { whenFalse: false });
      else if (kind === 'angle') {
        const c = coords.q.find(([n]) => n === f.coordinate);
        widget = w.angleInput(p, field, { siUnit: c && !c[1] ? 'm' : 'rad', angular: !c || c[1] });
      } else if (kind.startsWith('enum:')) widget = w.selectInput(fp, kind.slice(5).split(','), { optional: true });
      else if (kind === 'frame') {
        widget = document.createElement('span');
        widget.append('position ', w.vecInput(`${fp}/position`), ' x-y-z°', w.orientationInput(`${fp}/orientation`));
      } else if (kind === 'peak') {
        widget = document.createElement('input');
        widget.dataset.path = fp;
        widget.value = Array.isArray(f.peak) ? f.peak.join(', ') : '';
        widget.title = 'comma-separated: one value per u (mobility) or a torque [3] (body_torque_pair)';
        widget.addEventListener('change', () => ctx.change(() => {
          const v = widget.value.split(',').map((x) => x.trim()).filter((x) => x !== '').map(Number);
          w.setAt(fp, v.length ? v : undefined);
        }));
      } else if (kind === 'fn' || kind === 'target' || kind === 'joints') {
        widget = optionalJson(w, ctx, fp, kind === 'joints' ? 'joint names, e.g. ["hip_l", "knee_l"]; empty: every joint but the roots'
          : kind === 'target' ? 'a number (rad or m) or a function of time {"type": ..., "args": ["t"]}; empty: hold the initial value'
            : 'a function of time: {"type": "spline", "x": [...], "y": [...], "args": ["t"]}');
      } else if (kind === 'axes') {
        widget = document.createElement('div');
        widget.dataset.path = fp;
        if (!Array.isArray(f.axes)) {
          widget.append(w.button('use per-axis (orientation) limits', () => ctx.change(() => {
            model.forces[i].axes = [0, 1, 2].map(() => ({ lower: -0.5, upper: 0.5, stiffness: 10, damping: 1 }));
            model.forces[i].twist_axis ||= 'z';
          })));
        } else {
          f.axes.forEach((a, k) => {
            const ap = `${fp}/${k}`;
            const line = document.createElement('div');
            line.className = 'axis-row';
            line.append(`${'xyz'[k]}: `, w.angleInput(ap, 'lower'), ' … ', w.angleInput(ap, 'upper'), ' k ', w.numberInput(`${ap}/stiffness`, { optional: true }),
              ' c ', w.numberInput(`${ap}/damping`, { optional: true }));
            widget.append(line);
          });
        }
      }
      box.append(w.row(field, widget));
    }
    if (f.type === 'passive_joint_damping') box.append(w.row('per-body overrides', w.jsonArea(`${p}/bodies`, { rows: 2 })));
    box.append(w.button('remove force', () => ctx.change(() => model.forces.splice(i, 1))));
    form.append(box);
  });
  const add = document.createElement('div');
  const type = document.createElement('select');
  type.id = 'new-force-type';
  for (const t of Object.keys(FORCE_FIELDS)) type.append(new Option(t, t));
  add.append(type, ' ', w.button('Add force', () => ctx.change(() => { (model.forces ||= []).push(newForce(model, type.value)); }), { id: 'add-force' }));
  form.append(add);
}

export function renderInitialState(form, ctx) {
  const { w } = ctx;
  const model = ctx.model();
  const h = document.createElement('h3');
  h.textContent = 'Initial state';
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = 'q and u by coordinate name ("joint.coordinate"); empty is 0. Angular coordinates take rad or degrees (q_deg / u_deg); ' +
    'quaternion joints take x-y-z angles rx, ry, rz.';
  form.append(h, hint);
  const table = document.createElement('table');
  table.className = 'state-table';
  table.innerHTML = '<tr><th>coordinate</th><th>q</th><th>u</th></tr>';
  const st = obj(model.initial_state);
  const cell = (section, key, angular, linearUnit) => {
    const td = document.createElement('td');
    const si = obj(st[section]), deg = obj(st[`${section}_deg`]);
    const inDeg = deg[key] !== undefined || (si[key] === undefined && angular && unitChoice.get(`/initial_state/${section}:${key}`) === 'deg');
    const input = document.createElement('input');
    input.type = 'number';
    input.step = 'any';
    input.dataset.path = `/initial_state/${inDeg ? `${section}_deg` : section}/${escapeKey(key)}`;
    input.dataset.coordinate = `${section}:${key}`;
    input.value = deg[key] !== undefined ? String(deg[key]) : (si[key] !== undefined ? String(si[key]) : '');
    const unit = document.createElement('select');
    unit.append(new Option(angular ? (section === 'q' ? 'rad' : 'rad/s') : linearUnit, 'si'));
    if (angular) unit.append(new Option(section === 'q' ? 'deg' : 'deg/s', 'deg'));
    unit.value = inDeg ? 'deg' : 'si';
    unit.dataset.unitOf = `${section}:${key}`;
    const write = (value, toDeg) => {
      const s = (model.initial_state ||= {});
      for (const k of [section, `${section}_deg`]) if (s[k]) { delete s[k][key]; if (!Object.keys(s[k]).length && k.endsWith('_deg')) delete s[k]; }
      if (value === undefined) return;
      const target = toDeg ? `${section}_deg` : section;
      (s[target] ||= {})[key] = value;
    };
    input.addEventListener('change', () => ctx.change(() => write(input.value === '' ? undefined : Number(input.value), unit.value === 'deg')));
    unit.addEventListener('change', () => ctx.change(() => {
      unitChoice.set(`/initial_state/${section}:${key}`, unit.value);
      if (input.value === '') return;
      const v = Number(input.value);
      const toDeg = unit.value === 'deg';
      write(toDeg ? Math.round((v * 180) / Math.PI * 1e9) / 1e9 : (v * Math.PI) / 180, toDeg);
    }));
    td.append(input, unit);
    return td;
  };
  for (const b of arr(model.bodies).map(obj)) {
    const { q, u } = jointCoordinates(b.joint);
    const names = [...new Set([...q.map(([n]) => n), ...u.map(([n]) => n)])];
    for (const name of names) {
      const tr = document.createElement('tr');
      const key = `${jointName(b)}.${name}`;
      const label = document.createElement('td');
      label.textContent = key;
      tr.append(label);
      const qc = q.find(([n]) => n === name), uc = u.find(([n]) => n === name);
      tr.append(qc ? cell('q', key, qc[1], 'm') : document.createElement('td'), uc ? cell('u', key, uc[1], 'm/s') : document.createElement('td'));
      table.append(tr);
    }
  }
  form.append(table);
  // Entries that name no coordinate stay visible (and are listed as problems).
  const known = new Set(arr(model.bodies).map(obj).flatMap((b) => {
    const c = jointCoordinates(b.joint);
    return [...c.q, ...c.u].map(([n]) => `${jointName(b)}.${n}`);
  }));
  for (const section of ['q', 'q_deg', 'u', 'u_deg']) {
    for (const key of Object.keys(obj(st[section]))) {
      if (known.has(key)) continue;
      const line = w.row(`${section} ${key} (no such coordinate)`, w.numberInput(`/initial_state/${section}/${escapeKey(key)}`, { optional: true }));
      line.append(w.button('remove', () => ctx.change(() => { delete model.initial_state[section][key]; })));
      form.append(line);
    }
  }
}

const INTEGRATORS = ['ExplicitEuler', 'RungeKutta2', 'RungeKutta3', 'RungeKuttaMerson', 'RungeKuttaFeldberg', 'DormandPrince54', 'SemiExplicitEuler',
  'SemiExplicitEuler2', 'VelocityVerlet', 'CvodeBDF', 'CvodeAdams'];
const OUTPUTS = ['trajectory.csv', 'contacts.csv', 'summary', 'trajectory.json'];

export function renderScenario(form, ctx) {
  const { w } = ctx;
  const model = ctx.model();
  const h = document.createElement('h3');
  h.textContent = 'Scenario';
  form.append(h);
  form.append(w.row('duration, s', w.numberInput('/scenario/duration', { optional: true })),
    w.row('integrator', w.selectInput('/scenario/integrator', INTEGRATORS, { optional: true })),
    w.row('accuracy (relative)', w.numberInput('/scenario/accuracy', { optional: true })),
    w.row('fixed step, s (turns error control off)', w.numberInput('/scenario/fixed_step', { optional: true })),
    w.row('report interval, s', w.numberInput('/scenario/report_interval', { optional: true })));
  const outs = document.createElement('div');
  outs.dataset.path = '/scenario/outputs';
  outs.append('outputs: ');
  const current = Array.isArray(obj(model.scenario).outputs) ? model.scenario.outputs : undefined;
  for (const o of OUTPUTS) {
    const l = document.createElement('label');
    l.className = 'inline';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.dataset.output = o;
    box.checked = !current || current.includes(o);
    box.addEventListener('change', () => ctx.change(() => {
      const chosen = OUTPUTS.filter((x) => (x === o ? box.checked : (!current || current.includes(x))));
      const s = (model.scenario ||= {});
      if (chosen.length === OUTPUTS.length) delete s.outputs; else s.outputs = chosen;
    }));
    l.append(box, ` ${o} `);
    outs.append(l);
  }
  form.append(outs);
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = 'Empty fields take the defaults (1 s, RungeKuttaMerson, accuracy 1e-3, report every 1 ms, all outputs); command-line options override them.';
  form.append(hint);
}

const MATERIAL_FIELDS = {
  hertz: ['youngs_modulus', 'poisson_ratio', 'dissipation', 'static_friction', 'dynamic_friction', 'viscous_friction'],
  penalty: ['unloading_energy_fraction', 'damping', 'rate_c1', 'rate_c2', 'rate_c3', 'rate_c4', 'friction', 'friction_ramp_speed'],
};
export const newMaterial = (type) => (type === 'hertz' ? { type, youngs_modulus: 1e7, poisson_ratio: 0.3 }
  : { type, force_curve: [[0, 0], [0.005, 600], [0.01, 3000], [0.02, 6500]], unload_curve: [[0, 0], [0.005, 150], [0.01, 750], [0.02, 1625]] });

export function renderContact(form, ctx) {
  const { w } = ctx;
  const model = ctx.model();
  const h = document.createElement('h3');
  h.textContent = 'Contact materials';
  form.append(h);
  const mats = obj(model.contact_materials);
  for (const name of Object.keys(mats)) {
    const m = obj(mats[name]);
    const p = `/contact_materials/${escapeKey(name)}`;
    const box = w.fieldset(name);
    box.className = 'material';
    box.dataset.material = name;
    const rename = document.createElement('input');
    rename.value = name;
    rename.className = 'material-name';
    rename.addEventListener('change', () => ctx.change(() => {
      const to = rename.value.trim();
      if (!to || to === name || mats[to]) return;
      const entries = Object.entries(mats).map(([k, v]) => [k === name ? to : k, v]);
      model.contact_materials = Object.fromEntries(entries);
      for (const b of model.bodies || []) for (const g of b.geometry || []) if (g.material === name) g.material = to;
      if (model.contact?.ground?.material === name) model.contact.ground.material = to;
    }));
    box.append(w.row('name', rename), w.row('type', w.selectInput(`${p}/type`, ['hertz', 'penalty'], {
      onSet: (t) => { model.contact_materials[name] = newMaterial(t); },
    })));
    for (const field of MATERIAL_FIELDS[m.type] || []) box.append(w.row(field, w.numberInput(`${p}/${field}`, { optional: true }), { className: 'inline' }));
    if (m.type === 'penalty') box.append(curveEditor(m, p, ctx.curveCtx));
    box.append(w.button('remove material', () => ctx.change(() => { delete model.contact_materials[name]; })));
    form.append(box);
  }
  const add = document.createElement('div');
  const type = document.createElement('select');
  type.id = 'new-material-type';
  type.append(new Option('penalty (force-penetration curves)', 'penalty'), new Option('hertz', 'hertz'));
  add.append(type, ' ', w.button('Add material', () => ctx.change(() => {
    const mm = (model.contact_materials ||= {});
    let n = 1;
    while (mm[`material${n}`]) n++;
    mm[`material${n}`] = newMaterial(type.value);
  }), { id: 'add-material' }));
  form.append(add);

  const c = w.fieldset('What touches what (contact)');
  const ground = obj(model.contact).ground;
  const groundBox = document.createElement('input');
  groundBox.type = 'checkbox';
  groundBox.id = 'contact-ground';
  groundBox.checked = !!ground;
  groundBox.addEventListener('change', () => ctx.change(() => {
    const cc = (model.contact ||= {});
    if (groundBox.checked) cc.ground = { height: 0, normal: [0, 0, 1] }; else delete cc.ground;
  }));
  c.append(w.row('ground half-space', groundBox));
  if (ground) {
    c.append(w.row('height, m', w.numberInput('/contact/ground/height', { optional: true })), w.row('normal', w.vecInput('/contact/ground/normal')),
      w.row('material', w.selectInput('/contact/ground/material', Object.keys(mats), { optional: true })));
  }
  c.append(w.row('self contact', w.checkbox('/contact/self_contact', { whenFalse: false })),
    w.row('excluded joint distance', w.numberInput('/contact/excluded_joint_distance', { optional: true })),
    w.row('transition speed, m/s', w.numberInput('/contact/transition_speed', { optional: true })),
    w.row('recovery speed, m/s', w.numberInput('/contact/recovery_speed', { optional: true })),
    w.row('excluded body pairs', w.jsonArea('/contact/exclude', { rows: 2 })));
  form.append(c);
}

// Markers (docs/model-format.md "Markers"): named points fixed on bodies, as OpenSim's MarkerSet
// imports them; each a name, a body (or ground) and a location in that body's frame.
export function renderMarkers(form, ctx) {
  const { w } = ctx;
  const model = ctx.model();
  const h = document.createElement('h3');
  h.textContent = 'Markers';
  const hint = document.createElement('p');
  hint.className = 'hint';
  hint.textContent = 'Named points fixed on bodies (drawn as dots in the preview); the location is in the body\'s frame, m. Names are unique.';
  form.append(h, hint);
  const bodyNames = ['ground', ...arr(model.bodies).map(obj).map((b) => b.name).filter((n) => typeof n === 'string')];
  const table = document.createElement('table');
  table.className = 'marker-table';
  table.innerHTML = '<tr><th>name</th><th>body</th><th>location, m</th><th></th></tr>';
  arr(model.markers).map(obj).forEach((k, i) => {
    const p = `/markers/${i}`;
    const tr = document.createElement('tr');
    tr.dataset.marker = String(i);
    const cells = [w.textInput(`${p}/name`), w.selectInput(`${p}/body`, bodyNames), w.vecInput(`${p}/location`, { optional: false }),
      w.button('remove', () => ctx.change(() => { model.markers.splice(i, 1); if (!model.markers.length) delete model.markers; }))];
    for (const c of cells) {
      const td = document.createElement('td');
      td.append(c);
      tr.append(td);
    }
    table.append(tr);
  });
  form.append(table, w.button('Add marker', () => ctx.change(() => {
    const list = (model.markers ||= []);
    let n = list.length + 1;
    while (list.some((k) => k?.name === `marker${n}`)) n++;
    list.push({ name: `marker${n}`, body: bodyNames[1] ?? 'ground', location: [0, 0, 0] });
  }), { id: 'add-marker' }));
}
