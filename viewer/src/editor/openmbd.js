// OpenMBD model import inside the page: the same mapping as the C++ importer
// (src/model/OpenMbdImport.cpp, docs/model-format.md "OpenMBD files"), producing the Articula JSON
// that `articula convert` writes. Returns {model, warnings}; throws an Error naming the field.
import { compose, frameTransform, invert, identityTransform, matrixToQuat, mul3, transpose3 } from './rot.js';

const DEG = Math.PI / 180;
// OpenMBD's range-of-motion table: degrees Z | Y | X, stiffness N·m/rad, damping N·m·s/rad; knee
// and ankle flexion (Y) corrected as in the C++ importer.
const ROM = [
  ['hipl', [-30, 45], [-30, 130], [-50, 50], 60, 3], ['hipr', [-45, 30], [-30, 130], [-50, 50], 60, 3],
  ['kneel', [-10, 10], [-140, 0], [-10, 10], 120, 5], ['kneer', [-10, 10], [-140, 0], [-10, 10], 120, 5],
  ['anklel', [-20, 35], [-45, 20], [-15, 15], 40, 2], ['ankler', [-35, 20], [-45, 20], [-15, 15], 40, 2],
  ['shoulderl', [-130, 30], [-60, 180], [-90, 90], 25, 1.5], ['shoulderr', [-30, 130], [-60, 180], [-90, 90], 25, 1.5],
  ['elbow', [-10, 10], [0, 145], [-90, 90], 80, 3], ['wrist', [-30, 20], [-75, 75], [-20, 20], 20, 1],
  ['lowerback', [-30, 30], [-45, 25], [-40, 40], 35, 2], ['upperbackjnt', [-25, 25], [-30, 20], [-35, 35], 35, 2],
  ['neck', [-45, 45], [-70, 60], [-80, 80], 15, 1], ['head', [-20, 20], [-30, 30], [-40, 40], 10, 0.5],
];
const PASSIVE_DAMPING = 40;

export const looksLikeOpenMbd = (d) => d && typeof d === 'object' && !Array.isArray(d) && d.bodies && typeof d.bodies === 'object' &&
  !Array.isArray(d.bodies) && Array.isArray(d.joints);

const fail = (path, message) => { throw new Error(`${path}: ${message}`); };
const isGround = (s) => String(s).toLowerCase() === 'ground';

function numbers(v, path, n) {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number')) fail(path, 'expected an array of numbers');
  if (n !== undefined && v.length !== n) fail(path, `expected ${n} numbers`);
  return v;
}

// A 4x4 (or 3x3) homogeneous matrix as {R, p}; R must be a rotation.
function transform44(v, path) {
  if (!Array.isArray(v) || (v.length !== 4 && v.length !== 3)) fail(path, 'expected a 4x4 (or 3x3) matrix');
  const R = [], p = [0, 0, 0];
  for (let r = 0; r < 3; r++) {
    const row = numbers(v[r], `${path}/${r}`, v.length);
    R.push(row.slice(0, 3));
    if (v.length === 4) p[r] = row[3];
  }
  const RtR = mul3(transpose3(R), R);
  const err = Math.sqrt(RtR.flat().reduce((s, x, i) => s + (x - (i % 4 === 0 ? 1 : 0)) ** 2, 0));
  if (err > 1e-6) fail(path, `not a rotation matrix (|R^T R - I| = ${err})`);
  const det = R[0][0] * (R[1][1] * R[2][2] - R[1][2] * R[2][1]) - R[0][1] * (R[1][0] * R[2][2] - R[1][2] * R[2][0]) +
    R[0][2] * (R[1][0] * R[2][1] - R[1][1] * R[2][0]);
  if (det < 0) fail(path, 'not a rotation matrix (determinant -1: a reflection)');
  return { R, p };
}

const frameOf = (X) => ({ position: X.p.slice(), orientation: { quaternion: matrixToQuat(X.R) } });
const identityFrame = () => ({ position: [0, 0, 0], orientation: { quaternion: [1, 0, 0, 0] } });

function curve(v, path) {
  if (!Array.isArray(v) || v.length < 2) fail(path, 'a curve needs at least 2 points [penetration m, force N]');
  return v.map((point, i) => {
    const pt = numbers(point, `${path}/${i}`, 2);
    if (pt[0] < 0 || pt[1] < 0) fail(`${path}/${i}`, 'penetration and force must not be negative');
    if (i > 0 && pt[0] <= v[i - 1][0]) fail(`${path}/${i}`, 'penetrations must increase strictly');
    return pt.slice();
  });
}

// OpenMBD inertia [Ixx, Iyy, Izz, Ixy, Iyz, Ixz] (products of inertia) -> the matrix. As in
// src/model/OpenMbdImport.cpp without --openmbd-compat: a short list is an error, not OpenMBD's
// default, and the moments are kept as written (the schema check refuses a bad matrix).
function inertia(v, body, path) {
  if (!Array.isArray(v) || v.length !== 6) {
    fail(path, `expected 6 values [Ixx, Iyy, Izz, Ixy, Iyz, Ixz], got ${Array.isArray(v) ? v.length : typeof v}`);
  }
  numbers(v, path);
  return [[v[0], -v[3], -v[5]], [-v[3], v[1], -v[4]], [-v[5], -v[4], v[2]]];
}

function body(node, name, path, warnings) {
  if (!node || typeof node !== 'object') fail(path, 'expected an object');
  const mass = node.mass;
  if (typeof mass !== 'number') fail(`${path}/mass`, 'missing or not a number');
  if (!(mass > 0)) fail(`${path}/mass`, 'must be positive');  // OpenMBD would raise it to 1 g: a typo stays an error
  if (node.inertia === undefined) fail(`${path}/inertia`, 'missing');
  const I = inertia(node.inertia, name, `${path}/inertia`);
  const b = {
    name, mass, mass_center: numbers(node.center_of_mass, `${path}/center_of_mass`, 3).slice(),
    inertia: { moments: [I[0][0], I[1][1], I[2][2]], products: [I[0][1], I[0][2], I[1][2]] },
    joint: null,
  };
  const ellipsoids = node.ellipsoids || [];
  const names = new Set();
  b.geometry = ellipsoids.map((e, i) => {
    const ep = `${path}/ellipsoids/${i}`;
    const semi = numbers(e.dimensions, `${ep}/dimensions`, 3);
    if (Math.min(...semi) <= 0) fail(`${ep}/dimensions`, 'semi-axes must be positive');
    const X = e.local_orientation ? transform44(e.local_orientation, `${ep}/local_orientation`) : identityTransform();
    const g = {
      name: typeof e.name === 'string' ? e.name : `ellipsoid${i}`, type: 'ellipsoid', semi_axes: semi.slice(),
      position: e.local_position ? numbers(e.local_position, `${ep}/local_position`, 3).slice() : X.p.slice(),
      orientation: { quaternion: matrixToQuat(X.R) },
      force_curve: e.force_curve ? curve(e.force_curve, `${ep}/force_curve`) : [[0, 0], [0.01, 1e4]],
    };
    if (e.unload_curve) g.unload_curve = curve(e.unload_curve, `${ep}/unload_curve`);
    if (names.has(g.name)) warnings.push(`body "${name}": two ellipsoids named "${g.name}"`);
    names.add(g.name);
    return g;
  });
  if (!b.geometry.length) delete b.geometry;
  return b;
}

function joint(node, b, path, warnings) {
  const name = typeof node.name === 'string' ? node.name : `${b.name}_joint`;
  const type = typeof node.type === 'string' ? node.type : 'fixed';
  const parent = node.parent;
  if (isGround(parent)) {
    if (type !== 'free') warnings.push(`joint "${name}": a ${type} joint to GROUND becomes a free root (as OpenMBD does)`);
    return { name, type: 'free', parent: 'ground', parent_frame: identityFrame(), child_frame: identityFrame() };
  }
  const map = { spherical: 'ball', revolute: 'pin', fixed: 'weld', free: 'free' };
  if (!map[type]) fail(`${path}/type`, `"${type}": unknown OpenMBD joint type (fixed, revolute, spherical, free)`);
  const T1 = transform44(node.T1, `${path}/T1`), T2 = transform44(node.T2, `${path}/T2`);
  if (node.T2_inv) {
    const P = compose(T2, transform44(node.T2_inv, `${path}/T2_inv`));
    const bad = P.p.some((v) => Math.abs(v) > 1e-6) || P.R.some((row, r) => row.some((v, c) => Math.abs(v - (r === c ? 1 : 0)) > 1e-6));
    if (bad) warnings.push(`joint "${name}": T2_inv is not the inverse of T2 (OpenMBD trusts it; Articula uses T2)`);
  }
  return { name, type: map[type], parent, parent_frame: frameOf(T1), child_frame: frameOf(T2) };
}

function romForces(bodies) {
  const forces = [];
  for (const b of bodies) {
    const j = b.joint;
    if (j.parent === 'ground' || (j.type !== 'ball' && j.type !== 'pin')) continue;
    const key = j.name.toLowerCase();
    const e = ROM.find((r) => key.includes(r[0]));
    if (!e) continue;
    const [, z, y, x, k, c] = e;
    const f = { type: 'range_of_motion_limit', name: `${j.name} range of motion`, body: b.name };
    if (j.type === 'pin') Object.assign(f, { coordinate: 'angle', lower: z[0] * DEG, upper: z[1] * DEG, stiffness: k, damping: c });
    else {
      f.twist_axis = 'z';
      f.axes = [x, y, z].map((r) => ({ stiffness: k, damping: c, lower: r[0] * DEG, upper: r[1] * DEG }));
    }
    forces.push(f);
  }
  forces.push({ type: 'passive_joint_damping', name: 'passive joint damping', damping: PASSIVE_DAMPING, damp_root_joints: false });
  return forces;
}

// Height that puts the lowest ellipsoid point on z = 0, at zero pose with the roots at the origin.
function groundLift(bodies) {
  const X = {};
  const pose = (b, depth = 0) => {
    if (X[b.name]) return X[b.name];
    const j = b.joint;
    const parent = j.parent === 'ground' ? null : bodies.find((x) => x.name === j.parent);
    if (!parent || depth > bodies.length) return (X[b.name] = identityTransform());
    return (X[b.name] = compose(compose(pose(parent, depth + 1), frameTransform(j.parent_frame)), invert(frameTransform(j.child_frame))));
  };
  let lowest = Infinity;
  for (const b of bodies) {
    for (const g of b.geometry || []) {
      const XE = compose(pose(b), frameTransform(g));
      const h = Math.sqrt(g.semi_axes.reduce((s, a, k) => s + (XE.R[2][k] * a) ** 2, 0));
      lowest = Math.min(lowest, XE.p[2] - h);
    }
  }
  return Number.isFinite(lowest) ? -lowest : 0;
}

export function importOpenMbd(doc, fileName = 'model.json') {
  if (!looksLikeOpenMbd(doc)) fail('/', 'not an OpenMBD model (needs a "bodies" object and a "joints" array)');
  const warnings = [];
  const stem = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const bodies = [];
  const seen = new Set();
  doc.joints.forEach((jn, i) => {
    const path = `/joints/${i}`;
    const child = jn && jn.child;
    if (typeof child !== 'string' || !(child in doc.bodies)) fail(`${path}/child`, `${JSON.stringify(child)}: no body of this name in "bodies"`);
    if (seen.has(child)) fail(`${path}/child`, `"${child}": body already has a joint (OpenMBD models are trees)`);
    seen.add(child);
    if (typeof jn.parent !== 'string' || (!isGround(jn.parent) && !(jn.parent in doc.bodies))) {
      fail(`${path}/parent`, `${JSON.stringify(jn.parent)}: no body of this name in "bodies" (nor GROUND)`);
    }
    const b = body(doc.bodies[child], child, `/bodies/${child}`, warnings);
    b.joint = joint(jn, b, path, warnings);
    bodies.push(b);
  });
  // Bodies without a joint become free roots, in the C++ parser's (sorted) key order.
  for (const name of Object.keys(doc.bodies).sort()) {
    if (seen.has(name)) continue;
    const b = body(doc.bodies[name], name, `/bodies/${name}`, warnings);
    b.joint = { name: `${name}_root`, type: 'free', parent: 'ground', parent_frame: identityFrame(), child_frame: identityFrame() };
    warnings.push(`body "${name}" has no joint: it becomes a free root`);
    bodies.push(b);
  }
  if (!bodies.length) fail('/bodies', 'a model needs at least one body');
  // Reorder the fields as the C++ writer does (joint after inertia, geometry last).
  const ordered = bodies.map(({ name, mass, mass_center, inertia: I, joint: j, geometry }) => (geometry ? { name, mass, mass_center, inertia: I, joint: j, geometry }
    : { name, mass, mass_center, inertia: I, joint: j }));
  const model = { format: 'articula-model', version: 1, name: typeof doc.name === 'string' ? doc.name : stem };
  if (typeof doc.description === 'string') model.description = doc.description;
  model.gravity = [0, 0, -9.81];
  model.contact = { self_contact: false, excluded_joint_distance: 2, ground: { height: 0, normal: [0, 0, 1] } };
  model.bodies = ordered;
  model.forces = romForces(ordered);
  const q = {}, u = {};
  const lift = groundLift(ordered);
  for (const b of ordered) if (b.joint.parent === 'ground' && lift !== 0) q[`${b.joint.name}.z`] = lift;
  for (const jn of doc.joints) {
    if (!jn.initial_velocity || !isGround(jn.parent)) continue;
    const v = numbers(jn.initial_velocity, '/joints/initial_velocity', 3);
    const name = typeof jn.name === 'string' ? jn.name : '';
    if (ordered.some((b) => b.joint.name === name)) ['vx', 'vy', 'vz'].forEach((c, k) => { u[`${name}.${c}`] = v[k]; });
  }
  model.initial_state = { q, u };
  model.scenario = { duration: 1, integrator: 'RosenbrockW3', accuracy: 1e-3, report_interval: 1e-3, outputs: ['trajectory.csv', 'contacts.csv', 'summary', 'trajectory.json'] };
  return { model, warnings };
}
