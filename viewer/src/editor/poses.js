// Body poses of a model as the editor shows them: each joint's motion at the initial state, and the
// bodies' frames in Ground composed through the joint frames. No DOM or three.js (node imports it).
import { apply3, arr, compose, DEG, frameTransform, identityTransform, invert, obj, quatToMatrix, xyzToMatrix } from './rot.js';

// The joint's motion X_FM at the model's initial q (docs/model-format.md "Joints" and "Initial
// state"): SI values from q, degrees from q_deg; quaternion joints by their x-y-z angles. A pin,
// slider, screw or cylinder `axis` (in P's axes) is the working axis in F: R_PF^T axis. Ellipsoid,
// spherical-coordinate and function-based joints are shown at q = 0.
export function jointMotion(j, model, bodyName) {
  const st = obj(model.initial_state);
  const name = j.name || bodyName;
  const q = (c) => {
    const si = obj(st.q)[`${name}.${c}`], deg = obj(st.q_deg)[`${name}.${c}`];
    return typeof si === 'number' ? si : typeof deg === 'number' ? deg * DEG : 0;
  };
  const X = identityTransform();
  const axisF = (fallback) => {
    if (!Array.isArray(j.axis) || j.axis.length !== 3) return fallback;
    const RPF = frameTransform(j.parent_frame).R;
    const a = [0, 1, 2].map((k) => RPF[0][k] * j.axis[0] + RPF[1][k] * j.axis[1] + RPF[2][k] * j.axis[2]);
    const n = Math.hypot(...a) || 1;
    return a.map((v) => v / n);
  };
  const about = (axis, angle) => {
    const s = Math.sin(angle / 2);
    return quatToMatrix([Math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s]);
  };
  const along = (axis, d) => axis.map((v) => v * d);
  const xyz = () => xyzToMatrix([q('rx'), q('ry'), q('rz')]);
  switch (j.type) {
    case 'pin': X.R = about(axisF([0, 0, 1]), q('angle')); break;
    case 'slider': X.p = along(axisF([1, 0, 0]), q('x')); break;
    case 'screw': { const a = axisF([0, 0, 1]); X.R = about(a, q('angle')); X.p = along(a, (typeof j.pitch === 'number' ? j.pitch : 0) * q('angle')); break; }
    case 'cylinder': { const a = axisF([0, 0, 1]); X.R = about(a, q('angle')); X.p = along(a, q('z')); break; }
    case 'universal': X.R = xyzToMatrix([q('rx'), q('ry'), 0]); break;
    case 'bend_stretch': X.R = about([0, 0, 1], q('angle')); X.p = apply3(X.R, [q('x'), 0, 0]); break;
    case 'planar': X.R = about([0, 0, 1], q('angle')); X.p = [q('x'), q('y'), 0]; break;
    case 'gimbal': case 'ball': case 'line_orientation': X.R = xyz(); break;
    case 'translation': X.p = [q('x'), q('y'), q('z')]; break;
    case 'free': case 'free_line': case 'bushing': X.R = xyz(); X.p = [q('x'), q('y'), q('z')]; break;
    default: break;
  }
  return j.reverse ? invert(X) : X;
}

// Body frames in Ground: X_GB = X_GP X_PF X_FM X_BM^-1. At zero pose (X_FM = I; a root's parent
// is Ground moved by the root's initial x, y, z for free and translation joints) or, with
// {initial: true}, at the initial state.
export function bodyPoses(model, { initial = false } = {}) {
  const bodies = arr(model.bodies).map(obj);
  const poses = new Array(bodies.length);
  const byName = new Map(bodies.map((b, i) => [b.name, i]));
  const parentPose = (i, depth) => {
    const j = obj(bodies[i].joint);
    const p = byName.get(j.parent);
    if (j.parent && j.parent !== 'ground' && p !== undefined && p !== i && depth < bodies.length) return pose(p, depth + 1);
    const X = identityTransform();
    if (!initial && ['free', 'translation', 'free_line'].includes(j.type)) {
      const q = obj(obj(model.initial_state).q);
      X.p = ['x', 'y', 'z'].map((c) => (typeof q[`${j.name || bodies[i].name}.${c}`] === 'number' ? q[`${j.name || bodies[i].name}.${c}`] : 0));
    }
    return X;
  };
  function pose(i, depth = 0) {
    if (poses[i]) return poses[i];
    const j = obj(bodies[i].joint);
    let X = compose(parentPose(i, depth), frameTransform(j.parent_frame));
    if (initial) X = compose(X, jointMotion(j, model, bodies[i].name));
    return (poses[i] = compose(X, invert(frameTransform(j.child_frame))));
  }
  bodies.forEach((b, i) => pose(i));
  return { poses, parentPose: (i) => parentPose(i, 0) };
}

