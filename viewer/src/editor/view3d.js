// The editor's 3D preview: the model at zero pose (free and translation roots at their initial
// x, y, z), click to select a body or a shape, and a three.js TransformControls gizmo that moves,
// turns and scales the selected shape (ellipsoid semi-axes, box half-lengths, radii) or moves and
// turns the selected body's frame (its joint's parent frame X_PF). Edits go through the callbacks
// so the form fields, the JSON and undo / redo follow; the form's edits come back through update().
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { arr, compose, frameTransform, invert, obj, orientationLike, quatToMatrix, matrixToQuat } from './rot.js';
import { bodyPoses } from './poses.js';

export { bodyPoses };

export const PALETTE = ['#d8a070', '#7aa6d8', '#8cc084', '#d88a8a', '#b69bd8', '#d8c46a', '#6ac4c0', '#c08a5a'];
const round = (v) => Math.round(v * 1e9) / 1e9 || 0;

export function colorOf(c, fallback) {
  if (typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c)) return c;
  if (Array.isArray(c) && c.length === 3 && c.every((x) => typeof x === 'number')) {
    return `#${c.map((x) => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, '0')).join('')}`;
  }
  return fallback;
}

const toThree = (X, object) => {
  const q = matrixToQuat(X.R);
  object.position.set(...X.p);
  object.quaternion.set(q[1], q[2], q[3], q[0]);
};
const fromThree = (object) => {
  const q = object.quaternion;
  return { R: quatToMatrix([q.w, q.x, q.y, q.z]), p: [object.position.x, object.position.y, object.position.z] };
};

// A mesh's "scale": absent (1), one number for every axis, or [sx, sy, sz].
function scale3(s) {
  if (typeof s === 'number') return [s, s, s];
  return Array.isArray(s) ? s : [1, 1, 1];
}

// Meshes named by file, as `articula edit` embeds them: { file: { vertices, faces } } (unscaled).
let meshFiles = {};
export function setMeshFiles(table) {
  meshFiles = table && typeof table === 'object' ? table : {};
}

function shapeGeometry(g) {
  // Unit shapes scaled by the object's scale, so the gizmo's scale maps onto the sizes.
  const alongZ = (geo) => geo.rotateX(Math.PI / 2);
  switch (g.type) {
    case 'sphere': return { geometry: new THREE.SphereGeometry(1, 32, 20), scale: [g.radius, g.radius, g.radius] };
    case 'ellipsoid': return { geometry: new THREE.SphereGeometry(1, 32, 20), scale: g.semi_axes };
    case 'box': return { geometry: new THREE.BoxGeometry(2, 2, 2), scale: g.half_lengths };
    case 'cylinder': return { geometry: alongZ(new THREE.CylinderGeometry(1, 1, 2, 32)), scale: [g.radius, g.radius, g.half_length] };
    case 'capsule': return { geometry: alongZ(new THREE.CapsuleGeometry(g.radius, 2 * g.half_length, 8, 32)), scale: [1, 1, 1] };
    case 'mesh': {  // inline {vertices, faces, scale}, or a "file" whose data the page was given
      const data = Array.isArray(g.vertices) ? g : meshFiles[g.file];
      if (!data || !Array.isArray(data.vertices) || !Array.isArray(data.faces)) return null;
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.Float32BufferAttribute(data.vertices.flat(), 3));
      geometry.setIndex(data.faces.flat());
      geometry.computeVertexNormals();
      return { geometry, scale: scale3(g.scale) };
    }
    default: return null;
  }
}

export function createView(container, { onSelect, onLiveStart, onLive, onLiveEnd }) {
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  container.append(renderer.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xe8eef5);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8f99, 1.4));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(2, -3, 5);
  scene.add(sun);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.005, 500);
  const orbit = new OrbitControls(camera, renderer.domElement);
  const gizmo = new TransformControls(camera, renderer.domElement);
  gizmo.setSpace('local');
  gizmo.setSize(0.9);
  scene.add(gizmo.getHelper());
  const world = new THREE.Group();
  scene.add(world);
  let grid = null;
  let model = null, selBody = -1, selShape = -1;
  let groups = [], framed = false, dirty = true;
  let live = null;  // the drag under way: {kind, body, shape, start}
  let initialPose = false;  // show the initial state instead of the zero pose (body frames are then not dragged)

  const render = () => { dirty = true; };
  orbit.addEventListener('change', render);
  gizmo.addEventListener('change', render);
  gizmo.addEventListener('dragging-changed', (e) => { orbit.enabled = !e.value; });
  gizmo.addEventListener('mouseDown', () => {
    const object = gizmo.object;
    if (!object) return;
    live = { body: selBody, shape: selShape, scale: object.scale.clone(), shapeJson: selShape >= 0 ? JSON.parse(JSON.stringify(model.bodies[selBody].geometry[selShape])) : null };
    onLiveStart();
  });
  gizmo.addEventListener('objectChange', () => { if (live) onLive((m) => applyDrag(m)); });
  gizmo.addEventListener('mouseUp', () => { if (live) { live = null; onLiveEnd(); } });

  // The drag written into the model: a shape's pose and size, or a body's parent frame.
  function applyDrag(m) {
    const object = gizmo.object;
    const b = m.bodies[live.body];
    if (live.shape >= 0) {
      const g = b.geometry[live.shape];
      const X = fromThree(object);
      g.position = X.p.map(round);
      if (g.orientation || gizmo.getMode() === 'rotate') g.orientation = orientationLike(g.orientation, X.R);
      if (gizmo.getMode() === 'scale') {
        const r = ['x', 'y', 'z'].map((k) => object.scale[k] / live.scale[k]);
        const g0 = live.shapeJson;
        const most = (ks) => ks.reduce((a, k) => (Math.abs(r[k] - 1) > Math.abs(r[a] - 1) ? k : a), ks[0]);
        if (g.type === 'sphere') g.radius = round(g0.radius * r[most([0, 1, 2])]);
        if (g.type === 'ellipsoid') g.semi_axes = g0.semi_axes.map((v, k) => round(v * r[k]));
        if (g.type === 'box') g.half_lengths = g0.half_lengths.map((v, k) => round(v * r[k]));
        if (g.type === 'cylinder' || g.type === 'capsule') {
          g.radius = round(g0.radius * r[most([0, 1])]);
          g.half_length = round(g0.half_length * r[2]);
        }
        if (g.type === 'mesh') g.scale = scale3(g0.scale).map((v, k) => round(v * r[k]));
      }
    } else {
      // X_PF = X_GP^-1 X_GB X_BM.
      const j = (b.joint ||= {});
      const { parentPose } = bodyPoses(m);
      const XPF = compose(compose(invert(parentPose(live.body)), fromThree(object)), frameTransform(j.child_frame));
      const pf = (j.parent_frame ||= {});
      pf.position = XPF.p.map(round);
      if (pf.orientation || gizmo.getMode() === 'rotate') pf.orientation = orientationLike(pf.orientation, XPF.R);
    }
    model = m;
    placeBodies();
  }

  function placeBodies() {
    const { poses } = bodyPoses(model, { initial: initialPose });
    groups.forEach((group, i) => {
      if (live && live.shape < 0 && live.body === i) return;  // the gizmo holds it
      toThree(poses[i], group);
    });
  }

  // The markers on a body (or ground) as small dots in the viewer's marker colour; not pickable.
  const markerMaterial = new THREE.MeshBasicMaterial({ color: 0xe0288c });
  const markerGeometry = new THREE.SphereGeometry(0.01, 12, 8);
  function markerDots(bodyName) {
    return arr(model.markers).map(obj).filter((k) => k.body === bodyName && Array.isArray(k.location) && k.location.length === 3 &&
      k.location.every(Number.isFinite)).map((k) => {
      const dot = new THREE.Mesh(markerGeometry, markerMaterial);
      dot.name = String(k.name);
      dot.userData = { marker: true };
      dot.position.set(...k.location);
      return dot;
    });
  }

  function rebuild() {
    world.clear();
    groups = [];
    const bodies = arr(model.bodies).map(obj);
    bodies.forEach((b, i) => {
      const group = new THREE.Group();
      group.userData = { body: i, shape: -1 };
      const colour = colorOf(b.color, PALETTE[i % PALETTE.length]);
      arr(b.geometry).map(obj).forEach((g, k) => {
        let made = null;
        try { made = shapeGeometry(g); } catch { made = null; }
        if (!made || !Array.isArray(made.scale) || made.scale.length !== 3 || made.scale.some((v) => !(v > 0))) return;
        const selected = i === selBody && k === selShape;
        const material = new THREE.MeshStandardMaterial({ color: colorOf(g.color, colour), roughness: 0.6, metalness: 0.05,
          emissive: selected ? 0x334466 : 0x000000 });
        const mesh = new THREE.Mesh(made.geometry, material);
        mesh.userData = { body: i, shape: k };
        const X = frameTransform(g);
        if (![...X.p, ...X.R.flat()].every(Number.isFinite)) return;
        toThree(X, mesh);
        mesh.scale.set(...made.scale);
        group.add(mesh);
      });
      // The body frame: small axes (larger when selected) and the mass centre.
      const axes = new THREE.AxesHelper(i === selBody ? 0.12 : 0.05);
      axes.material.depthTest = i !== selBody;
      axes.renderOrder = i === selBody ? 5 : 0;
      group.add(axes);
      for (const dot of markerDots(b.name)) group.add(dot);
      world.add(group);
      groups.push(group);
    });
    for (const dot of markerDots('ground')) world.add(dot);
    placeBodies();
    if (!framed && bodies.length) { frame(); framed = true; }
    attach();
    render();
  }

  function attach() {
    const group = groups[selBody];
    let target = null;
    if (group) target = selShape >= 0 ? group.children.find((o) => o.isMesh && o.userData.shape === selShape) : (initialPose ? null : group);
    if (target) {
      gizmo.attach(target);
      gizmo.showX = gizmo.showY = gizmo.showZ = true;
      if (selShape < 0 && gizmo.getMode() === 'scale') gizmo.setMode('translate');  // a frame has no size
    } else gizmo.detach();
  }

  const up = () => {
    const g = model?.gravity;
    const n = Array.isArray(g) ? Math.hypot(...g) : 0;
    return n > 0 ? new THREE.Vector3(-g[0] / n, -g[1] / n, -g[2] / n) : new THREE.Vector3(0, 0, 1);
  };

  function frame() {
    world.updateMatrixWorld(true);
    const box = new THREE.Box3().setFromObject(world);
    if (box.isEmpty()) box.set(new THREE.Vector3(-0.5, -0.5, -0.5), new THREE.Vector3(0.5, 0.5, 0.5));
    const centre = box.getCenter(new THREE.Vector3());
    const radius = Math.max(0.1, box.getSize(new THREE.Vector3()).length() / 2);
    const u = up();
    camera.up.copy(u);
    const side = Math.abs(u.z) > 0.9 ? new THREE.Vector3(0.6, -1, 0) : new THREE.Vector3(0.6, 0, 1);
    const dir = side.normalize().addScaledVector(u, 0.45).normalize();
    camera.position.copy(centre).addScaledVector(dir, (1.2 * radius) / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2)));
    camera.near = radius / 100;
    camera.far = radius * 200;
    camera.updateProjectionMatrix();
    orbit.target.copy(centre);
    orbit.update();
    if (grid) scene.remove(grid);
    const step = 10 ** Math.floor(Math.log10(radius));
    grid = new THREE.GridHelper(40 * step, 40, 0x9aa4b0, 0xc4cad2);
    grid.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), u);
    const low = box.min.clone();
    grid.position.copy(centre).addScaledVector(u, Math.min(0, low.dot(u)) - centre.dot(u));
    scene.add(grid);
    render();
  }

  // Click (without dragging) selects the body / shape under the pointer.
  const ray = new THREE.Raycaster();
  let downAt = null;
  renderer.domElement.addEventListener('pointerdown', (e) => { downAt = [e.clientX, e.clientY]; });
  renderer.domElement.addEventListener('pointerup', (e) => {
    if (!downAt || Math.hypot(e.clientX - downAt[0], e.clientY - downAt[1]) > 4 || gizmo.dragging || live) return;
    if (gizmo.axis) return;  // a click on the gizmo itself
    const rect = renderer.domElement.getBoundingClientRect();
    ray.setFromCamera(new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1), camera);
    const hit = ray.intersectObjects(world.children, true).find((h) => h.object.isMesh && !h.object.userData.marker);
    if (hit) onSelect(hit.object.userData.body, e.shiftKey ? -1 : hit.object.userData.shape);
  });

  function resize() {
    const w = container.clientWidth || 1, h = container.clientHeight || 1;
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    render();
  }
  new ResizeObserver(resize).observe(container);
  resize();
  (function loop() {
    if (dirty) { dirty = false; renderer.render(scene, camera); }
    requestAnimationFrame(loop);
  })();

  return {
    update(m, body, shape) {
      model = m; selBody = body; selShape = shape;
      if (!live) rebuild();
    },
    setMode(mode) { gizmo.setMode(mode); attach(); render(); },
    mode: () => gizmo.getMode(),
    setInitialPose(on) { initialPose = !!on; if (model) rebuild(); },
    bodyOrigin(i) { const g = groups[i]; return g ? [g.position.x, g.position.y, g.position.z] : null; },
    // For tests: the shapes drawn for body i (geometry index, vertices, triangles, scale).
    drawnShapes(i) {
      const g = groups[i];
      if (!g) return [];
      return g.children.filter((o) => o.isMesh && !o.userData.marker).map((o) => {
        const pos = o.geometry.getAttribute('position');
        const index = o.geometry.getIndex();
        return { shape: o.userData.shape, vertices: pos ? pos.count : 0, triangles: index ? index.count / 3 : (pos ? pos.count / 3 : 0),
          scale: [o.scale.x, o.scale.y, o.scale.z] };
      });
    },
    // For tests: the marker dots drawn, with their positions in ground.
    markers() {
      world.updateMatrixWorld(true);
      const dots = [];
      world.traverse((o) => { if (o.userData.marker) dots.push({ name: o.name, position: o.getWorldPosition(new THREE.Vector3()).toArray() }); });
      return dots;
    },
    frame,
    renderNow() { renderer.render(scene, camera); },
    canvas: renderer.domElement,
    // For tests: the world pose of the selected object and a point on a gizmo handle (client px).
    objectPose() {
      const o = gizmo.object;
      if (!o) return null;
      o.updateMatrixWorld(true);
      const p = o.getWorldPosition(new THREE.Vector3());
      const q = o.quaternion;
      return { position: [p.x, p.y, p.z], scale: [o.scale.x, o.scale.y, o.scale.z], quaternion: [q.w, q.x, q.y, q.z], axis: gizmo.axis, mode: gizmo.getMode() };
    },
    shapeScreen(body, shape) {
      const mesh = groups[body]?.children.find((o) => o.isMesh && o.userData.shape === shape);
      if (!mesh) return null;
      world.updateMatrixWorld(true);
      const s = mesh.getWorldPosition(new THREE.Vector3()).project(camera);
      const rect = renderer.domElement.getBoundingClientRect();
      return [rect.left + ((s.x + 1) / 2) * rect.width, rect.top + ((1 - s.y) / 2) * rect.height];
    },
    handlePoint(axis, along = 0.42) {
      const o = gizmo.object;
      if (!o) return null;
      o.updateMatrixWorld(true);
      const p = o.getWorldPosition(new THREE.Vector3());
      const factor = p.distanceTo(camera.position) * Math.min(1.9 * Math.tan((Math.PI * camera.fov) / 360) / camera.zoom, 7) * gizmo.size / 4;
      const v = Array.isArray(axis) ? axis : [axis.includes('X') ? 1 : 0, axis.includes('Y') ? 1 : 0, axis.includes('Z') ? 1 : 0];
      const dir = new THREE.Vector3(...v).normalize()
        .applyQuaternion(o.getWorldQuaternion(new THREE.Quaternion()));
      const point = p.clone().addScaledVector(dir, along * factor);
      const rect = renderer.domElement.getBoundingClientRect();
      const toScreen = (v) => { const s = v.clone().project(camera); return [rect.left + ((s.x + 1) / 2) * rect.width, rect.top + ((1 - s.y) / 2) * rect.height]; };
      return { at: toScreen(point), origin: toScreen(p) };
    },
  };
}

