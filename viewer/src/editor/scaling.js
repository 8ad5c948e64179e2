// Height and mass of a model document and scaling it to new ones (the editor's "scale" button). The
// library does the same on a loaded model: include/articula/model/ModelScaling.h (docs/api.md,
// "Scaling a model"); viewer/test/scaling.test.mjs checks the two agree. No DOM (node imports it).
import { bodyPoses } from './poses.js';
import { arr, compose, frameTransform, obj } from './rot.js';
import { jointCoordinates, jointName } from './sections.js';

export const upVector = (model) => {
  const g = model.gravity;
  const n = Array.isArray(g) ? Math.hypot(...g) : 0;
  return n > 0 ? g.map((x) => -x / n) : [0, 0, 1];
};

// Height (the geometry's extent along up at zero pose) and mass of the model; null when it cannot
// be measured. Meshes are left out (the page holds their files only when `articula edit` embeds them).
export function measureModel(model) {
  if (!arr(model.bodies).length) return null;
  let poses;
  try { ({ poses } = bodyPoses(model)); } catch { return null; }
  const up = upVector(model);
  let lo = Infinity, hi = -Infinity, mass = 0;
  model.bodies.map(obj).forEach((b, i) => {
    mass += typeof b.mass === 'number' ? b.mass : 0;
    for (const g of arr(b.geometry).map(obj)) {
      if (!poses[i]) continue;
      const X = compose(poses[i], frameTransform(g));
      const axis = [0, 1, 2].map((k) => up[0] * X.R[0][k] + up[1] * X.R[1][k] + up[2] * X.R[2][k]);  // up in shape axes
      let extent = NaN;
      if (g.type === 'sphere') extent = g.radius;
      else if (g.type === 'ellipsoid') extent = Math.hypot(...axis.map((a, k) => a * arr(g.semi_axes)[k]));
      else if (g.type === 'box') extent = axis.reduce((s, a, k) => s + Math.abs(a) * arr(g.half_lengths)[k], 0);
      else if (g.type === 'cylinder') extent = Math.abs(axis[2]) * g.half_length + g.radius * Math.sqrt(Math.max(0, 1 - axis[2] ** 2));
      else if (g.type === 'capsule') extent = Math.abs(axis[2]) * g.half_length + g.radius;
      const h = X.p[0] * up[0] + X.p[1] * up[1] + X.p[2] * up[2];
      if (!Number.isFinite(extent) || !Number.isFinite(h)) continue;
      lo = Math.min(lo, h - extent);
      hi = Math.max(hi, h + extent);
    }
  });
  return { height: hi > lo ? hi - lo : 0, mass };
}

// Lengths scale by s = H / H0 and masses by k = M / M0, so inertias scale by k s² (m L²).
// Positions (mass centres, frames, shapes, force stations), sizes and initial translations scale.
// Changes `model` in place; false (and no change) when a target or the model's size is not positive.
export function scaleModel(model, height, mass) {
  const now = measureModel(model);
  if (!now || !(now.height > 0) || !(now.mass > 0) || !(height > 0) || !(mass > 0)) return false;
  const s = height / now.height, k = mass / now.mass;
  const scaleVec = (v) => (Array.isArray(v) ? v.map((x) => x * s) : v);
  for (const b of model.bodies) {
    b.mass *= k;
    b.mass_center = scaleVec(b.mass_center);
    if (Array.isArray(b.inertia)) b.inertia = b.inertia.map((x) => x * k * s * s);
    else if (b.inertia) {
      b.inertia.moments = b.inertia.moments?.map((x) => x * k * s * s);
      if (b.inertia.products) b.inertia.products = b.inertia.products.map((x) => x * k * s * s);
    }
    const j = b.joint || {};
    for (const frame of [j.parent_frame, j.child_frame]) if (frame?.position) frame.position = scaleVec(frame.position);
    if (j.semi_axes) j.semi_axes = scaleVec(j.semi_axes);
    if (typeof j.pitch === 'number') j.pitch *= s;
    for (const g of b.geometry || []) {
      g.position = scaleVec(g.position);
      for (const f of ['radius', 'half_length']) if (g[f] !== undefined) g[f] *= s;
      for (const f of ['semi_axes', 'half_lengths']) if (g[f]) g[f] = scaleVec(g[f]);
    }
  }
  for (const f of model.forces || []) {
    for (const key of ['station', 'station1', 'station2']) if (f[key]) f[key] = scaleVec(f[key]);
    for (const key of ['frame1', 'frame2']) if (f[key]?.position) f[key].position = scaleVec(f[key].position);
    if (typeof f.natural_length === 'number') f.natural_length *= s;
  }
  for (const m of arr(model.markers)) if (m?.location) m.location = scaleVec(m.location);
  for (const muscle of arr(model.muscles)) for (const point of arr(muscle?.path)) if (point?.location) point.location = scaleVec(point.location);
  // Initial translations (non-angular coordinates) scale too: a lifted root stays on the ground.
  const st = model.initial_state;
  for (const sec of ['q', 'u']) {
    if (!st?.[sec]) continue;
    for (const b of model.bodies) {
      for (const [n, angular] of jointCoordinates(b.joint)[sec]) {
        const key = `${jointName(b)}.${n}`;
        if (!angular && typeof st[sec][key] === 'number') st[sec][key] *= s;
      }
    }
  }
  return true;
}
