// Rotations and frames as plain arrays for the editor: quaternions [w, x, y, z] (scalar first, as
// in the model format), 3x3 matrices as rows, transforms {R, p}. The model format's four
// orientation forms (docs/model-format.md "Frames and orientations") convert to and from these.

const DEG = Math.PI / 180;

export const identity3 = () => [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
export const mul3 = (A, B) => A.map((row) => [0, 1, 2].map((c) => row[0] * B[0][c] + row[1] * B[1][c] + row[2] * B[2][c]));
export const apply3 = (A, v) => A.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
export const transpose3 = (A) => [0, 1, 2].map((r) => [A[0][r], A[1][r], A[2][r]]);

export function quatToMatrix([w, x, y, z]) {
  const n = Math.hypot(w, x, y, z) || 1;
  w /= n; x /= n; y /= n; z /= n;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

// Shepperd's method: divide by the largest of |w|, |x|, |y|, |z|.
export function matrixToQuat(R) {
  const t = R[0][0] + R[1][1] + R[2][2];
  let q;
  if (t >= R[0][0] && t >= R[1][1] && t >= R[2][2]) {
    const r = Math.sqrt(1 + t), s = 0.5 / r;
    q = [0.5 * r, (R[2][1] - R[1][2]) * s, (R[0][2] - R[2][0]) * s, (R[1][0] - R[0][1]) * s];
  } else if (R[0][0] >= R[1][1] && R[0][0] >= R[2][2]) {
    const r = Math.sqrt(1 + 2 * R[0][0] - t), s = 0.5 / r;
    q = [(R[2][1] - R[1][2]) * s, 0.5 * r, (R[0][1] + R[1][0]) * s, (R[0][2] + R[2][0]) * s];
  } else if (R[1][1] >= R[2][2]) {
    const r = Math.sqrt(1 + 2 * R[1][1] - t), s = 0.5 / r;
    q = [(R[0][2] - R[2][0]) * s, (R[0][1] + R[1][0]) * s, 0.5 * r, (R[1][2] + R[2][1]) * s];
  } else {
    const r = Math.sqrt(1 + 2 * R[2][2] - t), s = 0.5 / r;
    q = [(R[1][0] - R[0][1]) * s, (R[0][2] + R[2][0]) * s, (R[1][2] + R[2][1]) * s, 0.5 * r];
  }
  const n = Math.hypot(...q);
  return q.map((v) => v / n);
}

const aboutX = (a) => [[1, 0, 0], [0, Math.cos(a), -Math.sin(a)], [0, Math.sin(a), Math.cos(a)]];
const aboutY = (a) => [[Math.cos(a), 0, Math.sin(a)], [0, 1, 0], [-Math.sin(a), 0, Math.cos(a)]];
const aboutZ = (a) => [[Math.cos(a), -Math.sin(a), 0], [Math.sin(a), Math.cos(a), 0], [0, 0, 1]];

// Body-fixed x-y-z angles: R = Rx(a) Ry(b) Rz(c).
export const xyzToMatrix = ([a, b, c]) => mul3(mul3(aboutX(a), aboutY(b)), aboutZ(c));
export function matrixToXyz(R) {
  const b = Math.asin(Math.max(-1, Math.min(1, R[0][2])));
  if (Math.abs(R[0][2]) < 0.9999999) return [Math.atan2(-R[1][2], R[2][2]), b, Math.atan2(-R[0][1], R[0][0])];
  return [Math.atan2(R[2][1], R[1][1]), b, 0];  // gimbal lock: put everything in a
}

function axisAngleMatrix(axis, angle) {
  const n = Math.hypot(...axis) || 1;
  const [x, y, z] = axis.map((v) => v / n);
  const s = Math.sin(angle / 2);
  return quatToMatrix([Math.cos(angle / 2), x * s, y * s, z * s]);
}

// Any of the format's orientation forms (or none) as a rotation matrix.
export function orientationMatrix(o) {
  if (!o || typeof o !== 'object') return identity3();
  if (Array.isArray(o.quaternion) && o.quaternion.length === 4) return quatToMatrix(o.quaternion);
  if (Array.isArray(o.matrix) && o.matrix.length === 3) return o.matrix.map((r) => r.slice());
  if (Array.isArray(o.xyz_deg)) return xyzToMatrix(o.xyz_deg.map((v) => v * DEG));
  if (Array.isArray(o.axis) && typeof o.angle_deg === 'number') return axisAngleMatrix(o.axis, o.angle_deg * DEG);
  return identity3();
}

// A rotation matrix written in the form `like` uses (xyz_deg, matrix or quaternion); rounded so
// that a gizmo drag writes readable numbers.
export function orientationLike(like, R) {
  const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d || 0;
  if (like && like.xyz_deg) return { xyz_deg: matrixToXyz(R).map((v) => round(v / DEG, 6)) };
  if (like && like.matrix) return { matrix: R.map((r) => r.map((v) => round(v, 12))) };
  const q = matrixToQuat(R);
  return { quaternion: q.map((v) => round(v, 12)) };
}

export const isIdentity = (R, tol = 1e-12) => R.every((row, r) => row.every((v, c) => Math.abs(v - (r === c ? 1 : 0)) <= tol));

// Transforms X = {R, p}: X_AC = X_AB * X_BC, inverse.
export const frameTransform = (f) => ({ R: orientationMatrix(f && f.orientation), p: (f && f.position) ? f.position.slice() : [0, 0, 0] });
export const compose = (A, B) => ({ R: mul3(A.R, B.R), p: apply3(A.R, B.p).map((v, k) => v + A.p[k]) });
export function invert(X) {
  const Rt = transpose3(X.R);
  return { R: Rt, p: apply3(Rt, X.p).map((v) => -v) };
}
export const identityTransform = () => ({ R: identity3(), p: [0, 0, 0] });

// Eigen-decomposition of a symmetric 3x3 matrix (cyclic Jacobi): {values, vectors (columns)}.
export function symmetricEigen(A) {
  const a = A.map((r) => r.slice());
  const V = identity3();
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0][1] ** 2 + a[0][2] ** 2 + a[1][2] ** 2;
    if (off < 1e-30) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (Math.abs(a[p][q]) < 1e-300) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < 3; k++) {  // a = J^T a J
        const akp = a[k][p], akq = a[k][q];
        a[k][p] = c * akp - s * akq;
        a[k][q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p][k], aqk = a[q][k];
        a[p][k] = c * apk - s * aqk;
        a[q][k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = V[k][p], vkq = V[k][q];
        V[k][p] = c * vkp - s * vkq;
        V[k][q] = s * vkp + c * vkq;
      }
    }
  }
  return { values: [a[0][0], a[1][1], a[2][2]], vectors: V };
}

export { DEG };

// Tolerant readers for models that do not match the schema yet (the editor shows the problems
// and must keep working): non-objects read as {}, non-arrays as [].
export const obj = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
export const arr = (x) => (Array.isArray(x) ? x : []);
