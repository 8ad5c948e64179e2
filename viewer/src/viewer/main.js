// Articula viewer: the run's bodies in 3D (three.js), real-time playback with scrubbing and
// speed, contact-force arrows and centre of pressure, body paths, a camera that follows a body,
// a plot panel and the model tree. Everything comes from the JSON embedded in the page.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { toCreasedNormals } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { loadEmbeddedRun, tableFromTrajectory } from './data.js';
import { Plot } from './plot.js';
import './style.css';

const $ = (id) => document.getElementById(id);

function showError(error) {
  const box = $('message');
  box.hidden = false;
  box.textContent = String(error && error.message ? error.message : error);
  window.articulaViewer = { ready: true, error: box.textContent };
}

try {
  start(loadEmbeddedRun(document));
} catch (error) {
  showError(error);
}

function start({ trajectory, table, summary }) {
  const bodies = trajectory.bodies;
  const frames = trajectory.frames;
  const up = new THREE.Vector3(...(trajectory.up || [0, 0, 1])).normalize();
  const t0 = frames[0].t, t1 = frames[frames.length - 1].t;
  $('title').textContent = trajectory.model || 'Articula run';
  document.title = `${trajectory.model || 'run'} — Articula viewer`;

  // Renderer, scene, camera.
  const stage = $('stage');
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  stage.appendChild(renderer.domElement);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xe8eef5);
  const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
  camera.up.copy(up);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;

  // Body meshes: a Group per body (the body frame) holding its shapes.
  const groups = bodies.map((body) => {
    const group = new THREE.Group();
    group.name = body.name;
    const shapes = body.geometry && body.geometry.length ? body.geometry
      : [{ type: 'sphere', size: { radius: 0.03 }, position: body.mass_center || [0, 0, 0] }];
    for (const shape of shapes) {
      const mesh = makeShape(shape, body.color);
      if (!mesh) continue;
      mesh.castShadow = true;
      mesh.receiveShadow = true;
      mesh.userData.body = group;
      group.add(mesh);
    }
    scene.add(group);
    return group;
  });

  // Scene bounds over the run (every n-th frame): sizes the ground, camera and arrows.
  const box = new THREE.Box3();
  let lowest = Infinity;
  const stride = Math.max(1, Math.floor(frames.length / 100));
  const vertex = new THREE.Vector3();
  for (let k = 0; k < frames.length; k += stride) {
    applyPoses(frames[k].poses);
    scene.updateMatrixWorld(true);
    for (const group of groups) {
      group.traverse((o) => {
        if (!o.isMesh) return;
        const pos = o.geometry.attributes.position;
        for (let i = 0; i < pos.count; i += 7) {
          vertex.fromBufferAttribute(pos, i).applyMatrix4(o.matrixWorld);
          box.expandByPoint(vertex);
          lowest = Math.min(lowest, vertex.dot(up));
        }
      });
    }
  }
  const centre = box.getCenter(new THREE.Vector3());
  const radius = Math.max(0.05, box.getSize(new THREE.Vector3()).length() / 2);
  const groundHeight = Math.min(0, lowest);

  // Ground: a plane perpendicular to up, a grid, lights with shadows.
  const ground = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), new THREE.MeshStandardMaterial({ color: 0xcfd5dc, roughness: 1 }));
  const groundSize = Math.max(4 * radius, 1) * 4;
  ground.scale.set(groundSize, groundSize, 1);
  ground.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), up);
  const groundCentre = centre.clone().addScaledVector(up, groundHeight - centre.dot(up));
  ground.position.copy(groundCentre);
  ground.receiveShadow = true;
  scene.add(ground);
  const gridStep = Math.pow(10, Math.floor(Math.log10(radius)));
  const divisions = Math.min(200, Math.round(groundSize / gridStep));
  const grid = new THREE.GridHelper(divisions * gridStep, divisions, 0x9aa4b0, 0xb8c0ca);
  grid.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), up);
  grid.position.copy(groundCentre).addScaledVector(up, 1e-4 * radius);
  scene.add(grid);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8f99, 1.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.8);
  const side = Math.abs(up.z) > 0.9 ? new THREE.Vector3(1, 0, 0) : new THREE.Vector3(0, 0, 1);
  sun.position.copy(centre).addScaledVector(up, 4 * radius).addScaledVector(side, 1.5 * radius)
    .addScaledVector(new THREE.Vector3().crossVectors(up, side), -2 * radius);
  sun.target.position.copy(centre);
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  const cam = sun.shadow.camera;
  cam.left = cam.bottom = -2 * radius;
  cam.right = cam.top = 2 * radius;
  cam.near = 0.01 * radius;
  cam.far = 12 * radius;
  sun.shadow.bias = -0.0005;
  scene.add(sun, sun.target);

  // Camera: an oblique view of the whole run.
  const front = Math.abs(up.z) > 0.9 ? new THREE.Vector3(0, -1, 0) : new THREE.Vector3(0, 0, 1);
  const sideAxis = new THREE.Vector3().crossVectors(front, up).negate();
  const viewDir = front.clone().addScaledVector(sideAxis, 0.75).addScaledVector(up, 0.55).normalize();
  const fitDistance = (1.15 * radius) / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2));
  camera.position.copy(centre).addScaledVector(viewDir, fitDistance);
  camera.near = radius / 200;
  camera.far = fitDistance * 50;
  controls.target.copy(centre);

  // Markers (a model's named points, e.g. OpenSim's MarkerSet): small dots on their bodies.
  const markerDots = [];
  const markerMaterial = new THREE.MeshBasicMaterial({ color: 0xe0288c });
  const markerGeometry = new THREE.SphereGeometry(Math.min(0.012, 0.01 * radius), 12, 8);
  for (const marker of trajectory.markers || []) {
    const i = bodies.findIndex((b) => b.name === marker.body);
    const dot = new THREE.Mesh(markerGeometry, markerMaterial);
    dot.name = marker.name;
    dot.userData.marker = true;
    dot.position.set(...marker.location);
    (i >= 0 ? groups[i] : scene).add(dot);
    markerDots.push(dot);
  }
  $('markers-toggle').hidden = markerDots.length === 0;
  const showMarkers = () => { for (const dot of markerDots) dot.visible = $('show-markers').checked; };
  $('show-markers').addEventListener('change', showMarkers);

  // Contacts: arrows and the centre of pressure.
  let maxForce = 0;
  for (const f of frames) for (const c of f.contacts || []) maxForce = Math.max(maxForce, Math.hypot(...c.force));
  const arrowScale = maxForce > 0 ? (0.4 * radius) / maxForce : 0;
  const arrows = [];
  const copMarker = new THREE.Mesh(new THREE.SphereGeometry(0.025 * radius, 16, 12), new THREE.MeshBasicMaterial({ color: 0xffc61a, depthTest: false }));
  copMarker.renderOrder = 10;
  copMarker.visible = false;
  scene.add(copMarker);

  // Body path trace (selected body's origin over the whole run).
  let trace = null;

  // State.
  const state = { time: t0, playing: false, speed: 1, loop: true, selected: -1, follow: -1, frameIndex: 0 };

  function applyPoses(poses) {
    poses.forEach((p, i) => {
      groups[i].position.set(p[0], p[1], p[2]);
      groups[i].quaternion.set(p[4], p[5], p[6], p[3]);
    });
  }

  function frameIndexAt(t) {
    let lo = 0, hi = frames.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (frames[mid].t <= t) lo = mid; else hi = mid;
    }
    return frames[hi].t <= t ? hi : lo;
  }

  const qa = new THREE.Quaternion(), qb = new THREE.Quaternion();
  function setTime(t) {
    state.time = Math.min(t1, Math.max(t0, t));
    const k = frameIndexAt(state.time);
    state.frameIndex = k;
    const a = frames[k], b = frames[Math.min(k + 1, frames.length - 1)];
    const s = b.t > a.t ? (state.time - a.t) / (b.t - a.t) : 0;
    a.poses.forEach((pa, i) => {
      const pb = b.poses[i];
      groups[i].position.set(pa[0] + s * (pb[0] - pa[0]), pa[1] + s * (pb[1] - pa[1]), pa[2] + s * (pb[2] - pa[2]));
      qa.set(pa[4], pa[5], pa[6], pa[3]);
      qb.set(pb[4], pb[5], pb[6], pb[3]);
      groups[i].quaternion.slerpQuaternions(qa, qb, s);
    });
    updateContacts(a.contacts || []);
    if (state.follow >= 0) {
      const target = groups[state.follow].getWorldPosition(new THREE.Vector3());
      camera.position.add(target.clone().sub(controls.target));
      controls.target.copy(target);
    }
    $('time').textContent = `${state.time.toFixed(3)} s`;
    $('scrub').value = String(Math.round(((state.time - t0) / (t1 - t0 || 1)) * 1000));
    plot?.setCursor(state.time);
  }

  function updateContacts(contacts) {
    const show = $('show-contacts').checked && arrowScale > 0;
    while (arrows.length < contacts.length) {
      const arrow = new THREE.ArrowHelper(new THREE.Vector3(0, 0, 1), new THREE.Vector3(), 1, 0xd9251a);
      arrow.renderOrder = 9;
      arrow.line.material.depthTest = false;
      arrow.cone.material.depthTest = false;
      scene.add(arrow);
      arrows.push(arrow);
    }
    let weight = 0;
    const cop = new THREE.Vector3();
    arrows.forEach((arrow, i) => {
      const c = contacts[i];
      arrow.visible = show && !!c;
      if (!c) return;
      const force = new THREE.Vector3(...c.force);
      const length = force.length() * arrowScale;
      if (length > 0) {
        arrow.position.set(...c.point);
        arrow.setDirection(force.clone().normalize());
        arrow.setLength(length, Math.min(0.3 * length, 0.08 * radius), Math.min(0.15 * length, 0.04 * radius));
      } else arrow.visible = false;
      const fn = Math.max(0, force.dot(up));
      cop.addScaledVector(new THREE.Vector3(...c.point), fn);
      weight += fn;
    });
    copMarker.visible = show && weight > 0;
    if (weight > 0) copMarker.position.copy(cop.divideScalar(weight));
  }

  // Model tree.
  const tree = $('tree');
  const items = [];
  const childrenOf = (parent) => bodies.map((b, i) => i).filter((i) => (bodies[i].parent || null) === parent);
  function addItems(ul, parent) {
    for (const i of childrenOf(parent)) {
      const li = document.createElement('li');
      const label = document.createElement('span');
      const color = bodies[i].color || [0.7, 0.7, 0.7];
      label.innerHTML = `<i class="swatch" style="background:rgb(${color.map((c) => Math.round(255 * c)).join(',')})"></i>`;
      label.append(bodies[i].name);
      const joint = document.createElement('small');
      joint.className = 'joint';
      joint.textContent = bodies[i].joint_type || '';
      label.append(joint);
      label.dataset.body = String(i);
      label.addEventListener('click', () => select(state.selected === i ? -1 : i));
      li.append(label);
      items[i] = label;
      const sub = document.createElement('ul');
      addItems(sub, bodies[i].name);
      if (sub.children.length) li.append(sub);
      ul.append(li);
    }
  }
  addItems(tree, null);
  bodies.forEach((b, i) => { if (!items[i]) addItems(tree, b.parent); });  // bodies whose parent is unknown

  for (const [i, b] of bodies.entries()) {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = b.name;
    $('follow').append(o);
  }

  function select(i) {
    state.selected = i;
    items.forEach((el, k) => el?.classList.toggle('selected', k === i));
    groups.forEach((g, k) => g.traverse((o) => {
      if (o.isMesh && !o.userData.marker) o.material.emissive.setHex(k === i ? 0x3355aa : 0x000000);
    }));
    if (i >= 0 && plot) {
      const prefix = `${bodies[i].name}.`;
      const wanted = ['pos_x[m]', 'pos_y[m]', 'pos_z[m]'].map((s) => prefix + s).filter((c) => plotTable.columns.includes(c));
      const fallback = ['origin_x[m]', 'origin_y[m]', 'origin_z[m]'].map((s) => prefix + s).filter((c) => plotTable.columns.includes(c));
      plot.clear();
      (wanted.length ? wanted : fallback).forEach((c) => plot.addSeries(c));
      renderSeriesList();
    }
    updateTrace();
  }

  function updateTrace() {
    if (trace) { scene.remove(trace); trace.geometry.dispose(); trace = null; }
    if (!$('show-trace').checked || state.selected < 0) return;
    const i = state.selected;
    const points = frames.map((f) => new THREE.Vector3(f.poses[i][0], f.poses[i][1], f.poses[i][2]));
    trace = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points), new THREE.LineBasicMaterial({ color: 0x2f6fd6 }));
    scene.add(trace);
  }

  // Click in 3D selects a body.
  const raycaster = new THREE.Raycaster();
  let downAt = null;
  renderer.domElement.addEventListener('pointerdown', (e) => { downAt = [e.clientX, e.clientY]; });
  renderer.domElement.addEventListener('pointerup', (e) => {
    if (!downAt || Math.hypot(e.clientX - downAt[0], e.clientY - downAt[1]) > 4) return;
    const rect = renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const hit = raycaster.intersectObjects(groups, true)[0];
    select(hit ? groups.indexOf(hit.object.userData.body) : -1);
  });

  // Plot panel.
  const plotTable = table || tableFromTrajectory(trajectory);
  const columnSelect = $('column');
  plotTable.columns.slice(1).forEach((c) => {
    const o = document.createElement('option');
    o.value = o.textContent = c;
    columnSelect.append(o);
  });
  const plot = new Plot($('plot'), plotTable, (t) => { pause(); setTime(t); });
  function renderSeriesList() {
    const list = $('series-list');
    list.textContent = '';
    for (const s of plot.series) {
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.style.background = s.color;
      chip.textContent = `${s.name} ×`;
      chip.title = 'remove';
      chip.addEventListener('click', () => { plot.removeSeries(s.name); renderSeriesList(); });
      list.append(chip);
    }
  }
  $('add-series').addEventListener('click', () => { plot.addSeries(columnSelect.value); renderSeriesList(); });
  $('clear-series').addEventListener('click', () => { plot.clear(); renderSeriesList(); });
  $('reset-zoom').addEventListener('click', () => plot.resetZoom());
  $('export-png').addEventListener('click', () => download('plot.png', plot.toPngDataUrl()));
  $('export-csv').addEventListener('click', () =>
    download('plot.csv', URL.createObjectURL(new Blob([plot.toCsv()], { type: 'text/csv' }))));

  // Transport.
  function play() {
    if (state.time >= t1) setTime(t0);
    state.playing = true;
    $('play').textContent = '❚❚';
  }
  function pause() { state.playing = false; $('play').textContent = '▶'; }
  $('play').addEventListener('click', () => (state.playing ? pause() : play()));
  $('scrub').addEventListener('input', (e) => { pause(); setTime(t0 + (Number(e.target.value) / 1000) * (t1 - t0)); });
  $('speed').addEventListener('change', (e) => { state.speed = Number(e.target.value); });
  $('loop').addEventListener('change', (e) => { state.loop = e.target.checked; });
  $('show-contacts').addEventListener('change', () => setTime(state.time));
  $('show-trace').addEventListener('change', updateTrace);
  $('show-shadows').addEventListener('change', (e) => { sun.castShadow = e.target.checked; });
  $('follow').addEventListener('change', (e) => { state.follow = e.target.value === '' ? -1 : Number(e.target.value); setTime(state.time); });
  window.addEventListener('keydown', (e) => {
    if (e.code === 'Space' && e.target === document.body) { e.preventDefault(); state.playing ? pause() : play(); }
  });

  if (summary && summary.run) {
    $('summary').innerHTML = '<h2>Run</h2>';
    const p = document.createElement('div');
    p.textContent = `${summary.model?.bodies ?? bodies.length} bodies, ${summary.run.frames ?? frames.length} frames, ` +
      `${(summary.run.simulated_time_s ?? t1).toFixed(3)} s simulated in ${(summary.run.wall_time_s ?? 0).toFixed(3)} s`;
    $('summary').append(p);
  }
  // A run whose energy balance does not close says so over the scene (summary.json's last warning).
  if (summary?.energy?.balance_closes === false) {
    const w = (summary.warnings || []).find((x) => x.startsWith('the energy balance does not close'));
    $('balance-warning').textContent = `Warning: ${w ?? 'the energy balance does not close'}`;
    $('balance-warning').hidden = false;
  }

  // Main loop: real time × speed.
  let last = performance.now();
  function resize() {
    const w = stage.clientWidth, h = stage.clientHeight;
    if (w && h && (renderer.domElement.width !== Math.round(w * renderer.getPixelRatio()) || camera.aspect !== w / h)) {
      renderer.setSize(w, h, false);
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
    }
  }
  function tick(now) {
    const dt = Math.min(0.1, (now - last) / 1000);
    last = now;
    if (state.playing) {
      let t = state.time + dt * state.speed;
      if (t >= t1) {
        if (state.loop) t = t0 + ((t - t0) % (t1 - t0 || 1));
        else { t = t1; pause(); }
      }
      setTime(t);
    }
    resize();
    controls.update();
    renderer.render(scene, camera);
    requestAnimationFrame(tick);
  }
  setTime(t0);
  requestAnimationFrame(tick);

  // A small API for tests and scripting.
  window.articulaViewer = {
    ready: true,
    error: null,
    bodies: bodies.map((b) => b.name),
    columns: plotTable.columns,
    get time() { return state.time; },
    get playing() { return state.playing; },
    get selected() { return state.selected; },
    get series() { return plot.series.map((s) => s.name); },
    setTime(t) { pause(); setTime(t); renderer.render(scene, camera); },
    play, pause, select,
    addSeries(name) { const ok = plot.addSeries(name); renderSeriesList(); return ok; },
    plotCsv: () => plot.toCsv(),
    // The plot's axis labels, cursor text and legend lines, and the cursor's time.
    plotLabels: () => plot.labels(),
    get plotCursor() { return plot.cursor; },
    bodyPosition(i) { return groups[i].position.toArray(); },
    // The markers' names, positions in ground and visibility (the "markers" box).
    markers() {
      scene.updateMatrixWorld(true);
      return markerDots.map((d) => ({ name: d.name, position: d.getWorldPosition(new THREE.Vector3()).toArray(), visible: d.visible }));
    },
    setMarkersVisible(visible) { $('show-markers').checked = visible; showMarkers(); renderer.render(scene, camera); },
    setBodiesVisible(visible) { groups.forEach((g) => { g.visible = visible; }); renderer.render(scene, camera); },
    // Body i's drawn shapes: type, name, vertex and triangle counts (a mesh's as given in trajectory.json).
    shapes(i) {
      return groups[i].children.filter((o) => o.isMesh && !o.userData.marker).map((o) => ({ type: o.userData.type, name: o.name,
        vertices: o.geometry.userData.sourceVertices ?? o.geometry.attributes.position.count,
        triangles: o.geometry.userData.sourceTriangles ?? (o.geometry.index ? o.geometry.index.count : o.geometry.attributes.position.count) / 3,
        color: o.material.color.toArray() }));
    },
  };
}

function makeShape(shape, bodyColor) {
  const color = new THREE.Color(...(shape.color || bodyColor || [0.7, 0.7, 0.7]));
  const material = new THREE.MeshStandardMaterial({ color, roughness: 0.55, metalness: 0.05 });
  const size = shape.size || {};
  let geometry;
  const alongZ = (g) => g.rotateX(Math.PI / 2);  // three's cylinders and capsules run along y
  switch (shape.type) {
    case 'sphere': geometry = new THREE.SphereGeometry(size.radius, 32, 20); break;
    case 'ellipsoid': geometry = new THREE.SphereGeometry(1, 32, 20).scale(...size.semi_axes); break;
    case 'box': geometry = new THREE.BoxGeometry(2 * size.half_lengths[0], 2 * size.half_lengths[1], 2 * size.half_lengths[2]); break;
    case 'cylinder': geometry = alongZ(new THREE.CylinderGeometry(size.radius, size.radius, 2 * size.half_length, 32)); break;
    case 'capsule': geometry = alongZ(new THREE.CapsuleGeometry(size.radius, 2 * size.half_length, 8, 32)); break;
    case 'mesh': {
      geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.Float32BufferAttribute(size.vertices.flat(), 3));
      geometry.setIndex(size.faces.flat());
      if (size.scale) geometry.scale(...size.scale);
      // Smooth across edges below 40 degrees, sharp beyond (a cube stays a cube, a sphere stays round).
      geometry = toCreasedNormals(geometry, (40 * Math.PI) / 180);
      geometry.userData.sourceVertices = size.vertices.length;
      geometry.userData.sourceTriangles = size.faces.length;
      break;
    }
    default: return null;
  }
  const mesh = new THREE.Mesh(geometry, material);
  mesh.name = shape.name || shape.type;
  mesh.userData.type = shape.type;
  mesh.position.set(...(shape.position || [0, 0, 0]));
  const q = shape.orientation || [1, 0, 0, 0];
  mesh.quaternion.set(q[1], q[2], q[3], q[0]);
  return mesh;
}

function download(name, url) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}
