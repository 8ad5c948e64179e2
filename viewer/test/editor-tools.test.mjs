// End-to-end test of the model editor's tools in Debian's headless Chromium (playwright-core):
// the transform gizmo dragged with the mouse (shape position, semi-axes, orientation, body frame)
// and its two-way sync with the form and undo / redo; the contact-curve editor (drag, add, remove,
// numeric entry, inline monotonicity errors); OpenMBD import in the page against `articula
// convert` on the same files; forces, initial state, scenario and joint editing exported to a
// model that `articula validate` accepts and `articula run` simulates; scaling a human model;
// colour arrays in the colour picker; unknown sections kept.
//   node editor-tools.test.mjs ARTICULA_BINARY NODE_MODULES_DIR WORK_DIR [OPENMBD_DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [articula, nodeModules, workArg, openMbdArg] = process.argv.slice(2);
const work = resolve(workArg || 'editor-tools-test');
const openMbdDir = openMbdArg || process.env.OPENMBD_DIR || resolve(new URL('../../tests/data/openmbd', import.meta.url).pathname);
const require = createRequire(join(resolve(nodeModules), 'noop.js'));
const { chromium } = require('playwright-core');

let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) { passed++; console.log(`ok - ${name}`); } else { failed++; console.log(`not ok - ${name} ${detail}`); }
}
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

// Differences between two JSON documents: numbers within a relative tolerance, quaternions equal
// up to sign (q and -q are the same rotation), object keys in any order.
function differences(a, b, path = '', out = []) {
  if (out.length > 8) return out;
  if (typeof a === 'number' && typeof b === 'number') { if (!near(a, b)) out.push(`${path}: ${a} vs ${b}`); return out; }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) { out.push(`${path}: ${a.length} vs ${b.length} items`); return out; }
    if (path.endsWith('/quaternion') && a.length === 4 && a.every((x, i) => near(x, -b[i]))) return out;
    a.forEach((x, i) => differences(x, b[i], `${path}/${i}`, out));
    return out;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      if (!(k in a) || !(k in b)) out.push(`${path}/${k}: only in ${k in a ? 'the page' : 'articula convert'}`);
      else differences(a[k], b[k], `${path}/${k}`, out);
    }
    return out;
  }
  if (a !== b) out.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  return out;
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// A two-body model: an ellipsoid with an [r, g, b] colour on "upper", a sphere on "lower", and an
// unknown top-level section the editor must keep.
const start = {
  format: 'articula-model', version: 1, name: 'tools', gravity: [0, 0, -9.81],
  bodies: [
    { name: 'upper', mass: 1, mass_center: [0, 0, -0.25], inertia: { moments: [0.02, 0.02, 0.002], products: [0, 0, 0] }, color: [1, 0, 0],
      joint: { name: 'shoulder', type: 'pin', parent: 'ground', axis: [0, 1, 0] },
      geometry: [{ type: 'ellipsoid', semi_axes: [0.05, 0.05, 0.25], position: [0, 0, -0.25] }] },
    { name: 'lower', mass: 1, mass_center: [0, 0, -0.2], inertia: { moments: [0.02, 0.02, 0.002], products: [0, 0, 0] }, color: '#d8844f',
      joint: { name: 'elbow', type: 'pin', parent: 'upper', axis: [0, 1, 0], parent_frame: { position: [0, 0, -0.5] } },
      geometry: [{ type: 'sphere', radius: 0.06, position: [0, 0, -0.2] }] },
  ],
  scenario: { duration: 0.2, report_interval: 0.01 },
};
const modelFile = join(work, 'tools.json');
writeFileSync(modelFile, JSON.stringify(start, null, 1));
const pagePath = join(work, 'tools-editor.html');
execFileSync(articula, ['edit', modelFile, '--out', pagePath, '-q'], { stdio: 'inherit' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const requests = [];
  page.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url()); });
  await page.goto(pathToFileURL(pagePath).href);
  await page.waitForFunction(() => window.articulaEditor && window.articulaEditor.ready, null, { timeout: 60000 });
  const model = async () => JSON.parse(await page.evaluate(() => window.articulaEditor.json()));
  const undoDepth = () => page.evaluate(() => window.articulaEditor.undoDepth());
  const set = async (path, value) => {
    const input = page.locator(`[data-path="${path}"]`).first();
    await input.fill(String(value));
    await input.dispatchEvent('change');
  };
  const fieldValue = (path) => page.locator(`[data-path="${path}"]`).first().inputValue();
  const pause = () => page.waitForTimeout(120);

  // --- colour arrays in the picker; unknown sections are kept --------------------------------
  await page.evaluate(() => window.articulaEditor.select(0));
  check('an [r, g, b] colour shows in the colour picker', (await fieldValue('/bodies/0/color')) === '#ff0000', await fieldValue('/bodies/0/color'));
  const picker = page.locator('[data-path="/bodies/0/color"]');
  await picker.fill('#00ff00');
  await picker.dispatchEvent('change');
  let m = await model();
  check('a colour picked for an array colour stays an array', JSON.stringify(m.bodies[0].color) === '[0,1,0]', JSON.stringify(m.bodies[0].color));
  await page.click('#undo');
  await page.evaluate((text) => window.articulaEditor.open(text, 'with-constraints.json'), JSON.stringify({ ...start, constraints: [{ type: 'weld' }] }));
  await page.evaluate(() => window.articulaEditor.select(1));
  m = await model();
  check('an unknown top-level section is kept', Array.isArray(m.constraints) && m.bodies.length === 2);
  await page.click('#undo');
  check('undo returns to the model before opening', !('constraints' in (await model())));

  // --- clicking a shape in the 3D view selects it ----------------------------------------------
  await page.evaluate(() => window.articulaEditor.select(0));
  await page.evaluate(() => window.articulaEditor.gizmo.render());
  const at = await page.evaluate(() => window.articulaEditor.gizmo.shapeScreen(1, 0));
  await page.mouse.click(at[0], at[1]);
  await pause();
  let sel = await page.evaluate(() => window.articulaEditor.selection());
  check('a click on a shape in 3D selects its body and shape', sel.body === 1 && sel.shape === 0 &&
    (await page.locator('#body-name').inputValue()) === 'lower', JSON.stringify(sel));

  // --- the gizmo: a shape -----------------------------------------------------------------------
  const drag = async (axis, pixels, along) => {
    await page.evaluate(() => window.articulaEditor.gizmo.render());  // the gizmo's pickers placed for this view
    const h = await page.evaluate(([a, l]) => window.articulaEditor.gizmo.handle(a, l), [axis, along]);
    const [x0, y0] = h.at;
    let dx = h.at[0] - h.origin[0], dy = h.at[1] - h.origin[1];
    const n = Math.hypot(dx, dy) || 1;
    dx /= n; dy /= n;
    if (Array.isArray(axis)) [dx, dy] = [-dy, dx];  // along a rotation ring: tangent to it
    await page.mouse.move(x0, y0);
    await pause();
    await page.mouse.down();
    for (let k = 1; k <= 8; k++) { await page.mouse.move(x0 + (dx * pixels * k) / 8, y0 + (dy * pixels * k) / 8); }
    await page.mouse.up();
    await pause();
  };
  await page.evaluate(() => window.articulaEditor.select(0, 0));
  await page.evaluate(() => window.articulaEditor.gizmo.mode('translate'));
  await pause();
  let depth = await undoDepth();
  await drag('X', 60);
  m = await model();
  let g = m.bodies[0].geometry[0];
  check('dragging the gizmo moves the shape along x', g.position[0] > 0.005 && near(g.position[1], 0, 1e-6) && near(g.position[2], -0.25, 1e-6), JSON.stringify(g.position));
  check('the form shows the dragged position', Number(await fieldValue('/bodies/0/geometry/0/position/0')) === g.position[0], await fieldValue('/bodies/0/geometry/0/position/0'));
  check('a drag is one undo step', (await undoDepth()) === depth + 1, `${depth} -> ${await undoDepth()}`);
  const moved = g.position[0];
  await page.click('#undo');
  m = await model();
  let pose = await page.evaluate(() => window.articulaEditor.gizmo.pose());
  check('undo puts the shape and the gizmo back', m.bodies[0].geometry[0].position[0] === 0 && Math.abs(pose.position[0]) < 1e-9, JSON.stringify(pose));
  await page.click('#redo');
  check('redo repeats the drag', (await model()).bodies[0].geometry[0].position[0] === moved);
  await set('/bodies/0/geometry/0/position/2', -0.3);
  pose = await page.evaluate(() => window.articulaEditor.gizmo.pose());
  check('a form edit moves the gizmo', near(pose.position[2], -0.3, 1e-9) && near(pose.position[0], moved, 1e-9), JSON.stringify(pose));

  await page.evaluate(() => window.articulaEditor.gizmo.mode('scale'));
  await pause();
  await drag('X', 40);
  g = (await model()).bodies[0].geometry[0];
  check('the scale gizmo changes the ellipsoid semi-axis along x only', g.semi_axes[0] > 0.055 && g.semi_axes[1] === 0.05 && g.semi_axes[2] === 0.25, JSON.stringify(g.semi_axes));
  check('the form shows the new semi-axis', Number(await fieldValue('/bodies/0/geometry/0/semi_axes/0')) === g.semi_axes[0]);

  await page.evaluate(() => window.articulaEditor.gizmo.mode('rotate'));
  await pause();
  // A point of the x ring (radius 0.5 in the y-z plane) that the pointer picks as the x ring.
  let ring = null;
  for (let k = 0; k < 12 && !ring; k++) {
    const a = (k * Math.PI) / 6;
    const dir = [0, Math.cos(a), Math.sin(a)];
    await page.evaluate(() => window.articulaEditor.gizmo.render());
    const h = await page.evaluate(([d]) => window.articulaEditor.gizmo.handle(d, 0.5), [dir]);
    await page.mouse.move(h.at[0], h.at[1]);
    await pause();
    if ((await page.evaluate(() => window.articulaEditor.gizmo.pose())).axis === 'X') ring = dir;
  }
  check('the x rotation ring can be picked', ring !== null);
  if (ring) await drag(ring, 50, 0.5);
  g = (await model()).bodies[0].geometry[0];
  const angles = await Promise.all([0, 1, 2].map((k) => fieldValue(`/bodies/0/geometry/0/orientation/xyz_deg/${k}`).then(Number)));
  check('the rotate gizmo turns the shape about its x axis', Array.isArray(g.orientation?.quaternion) && Math.abs(angles[0]) > 2 &&
    Math.abs(angles[1]) < 1e-3 && Math.abs(angles[2]) < 1e-3, `${JSON.stringify(g.orientation)} ${angles}`);

  // --- the gizmo: a body frame (the joint's parent frame); the child follows ---------------------
  await page.evaluate(() => window.articulaEditor.select(1));
  await page.evaluate(() => window.articulaEditor.gizmo.mode('translate'));
  await pause();
  await drag('X', 50);
  m = await model();
  const pf = m.bodies[1].joint.parent_frame.position;
  check('dragging a body frame moves its joint parent frame', pf[0] > 0.005 && near(pf[2], -0.5, 1e-6), JSON.stringify(pf));
  check('the form shows the parent frame position', Number(await fieldValue('/bodies/1/joint/parent_frame/position/0')) === pf[0]);
  await page.click('#undo');
  check('undo restores the parent frame', (await model()).bodies[1].joint.parent_frame.position[0] === 0);

  // --- mobilizer editing: type, frames' orientation, type-specific fields ---------------------
  await page.selectOption('[data-path="/bodies/1/joint/type"]', 'screw');
  m = await model();
  check('a screw joint gets a pitch field', typeof m.bodies[1].joint.pitch === 'number' && (await page.locator('[data-path="/bodies/1/joint/pitch"]').count()) === 1);
  await page.selectOption('[data-path="/bodies/1/joint/type"]', 'ball');
  for (const [k, v] of [[0, 90], [1, 0], [2, 0]]) await set(`/bodies/1/joint/child_frame/orientation/xyz_deg/${k}`, v);
  m = await model();
  check('joint type and child-frame orientation edited', m.bodies[1].joint.type === 'ball' && m.bodies[1].joint.pitch === undefined &&
    m.bodies[1].joint.axis === undefined && JSON.stringify(m.bodies[1].joint.child_frame.orientation) === '{"xyz_deg":[90,0,0]}', JSON.stringify(m.bodies[1].joint));
  await page.selectOption('[data-path="/bodies/1/joint/parent"]', 'ground');
  check('joint parent edited', (await model()).bodies[1].joint.parent === 'ground');
  await page.click('#undo');
  await set('/bodies/1/geometry/0/radius', -1);
  const inline = await page.locator('[data-path="/bodies/1/geometry/0/radius"]').locator('xpath=..').locator('.field-error').textContent().catch(() => '');
  check('a schema problem is shown next to the shape field', /greater than 0/.test(inline), inline);
  await page.click('#undo');

  // --- the contact-curve editor ----------------------------------------------------------------
  await page.click('#sections [data-section="contact"]');
  await page.click('#add-material');
  m = await model();
  const base = m.contact_materials.material1.force_curve.map((p) => p.slice());
  const point = (key, i) => page.locator(`.curve-editor[data-curve-path="/contact_materials/material1"] circle[data-curve="${key}"][data-index="${i}"]`);
  let box = await point('force_curve', 2).boundingBox();
  depth = await undoDepth();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 6; k++) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 6 * k);
  await page.mouse.up();
  m = await model();
  let c = m.contact_materials.material1.force_curve;
  check('dragging a curve point up raises its force', c[2][1] > base[2][1] * 1.05 && Math.abs(c[2][0] - base[2][0]) < 0.02 * base[2][0], JSON.stringify(c[2]));
  check('the table shows the dragged point', Number(await fieldValue('/contact_materials/material1/force_curve/2/1')) === c[2][1]);
  check('a point drag is one undo step', (await undoDepth()) === depth + 1);
  const svg = page.locator('.curve-editor[data-curve-path="/contact_materials/material1"] svg');
  box = await svg.boundingBox();
  await page.mouse.dblclick(box.x + box.width * 0.93, box.y + box.height * 0.2);
  m = await model();
  c = m.contact_materials.material1.force_curve;
  check('double-click adds a point at the end, in order', c.length === base.length + 1 && c.every((p, i) => i === 0 || p[0] > c[i - 1][0]), JSON.stringify(c));
  await point('force_curve', 1).click({ button: 'right' });
  m = await model();
  check('right-click removes a point', m.contact_materials.material1.force_curve.length === base.length, JSON.stringify(m.contact_materials.material1.force_curve));
  await set('/contact_materials/material1/force_curve/2/0', 0.0001);
  const curveError = await page.locator('[data-path="/contact_materials/material1/force_curve/2/0"]').locator('xpath=..').locator('.field-error').textContent().catch(() => '');
  check('a penetration that does not increase is flagged next to its field', /must increase/.test(curveError), curveError);
  check('and its point is drawn as invalid', (await point('force_curve', 2).getAttribute('class')).includes('bad'));
  await page.click('#undo');
  check('undo clears the curve problem', (await page.evaluate(() => window.articulaEditor.problems().length)) === 0,
    JSON.stringify(await page.evaluate(() => window.articulaEditor.problems())));
  await page.evaluate(() => window.articulaEditor.select(0, 0));
  await page.selectOption('[data-path="/bodies/0/geometry/0/material"]', 'material1');
  await page.click('#sections [data-section="contact"]');
  await page.click('#contact-ground');

  // --- forces, initial state, scenario -------------------------------------------------------
  await page.click('#sections [data-section="forces"]');
  await page.selectOption('#new-force-type', 'mobility_linear_spring');
  await page.click('#add-force');
  await set('/forces/0/stiffness', 2.5);
  let f;
  await page.selectOption('[data-path="/forces/0/body"]', 'lower');
  f = (await model()).forces[0];
  check('a force moved to a body with a ball joint takes one of its coordinates', f.coordinate === 'rx', JSON.stringify(f));
  await page.selectOption('[data-path="/forces/0/body"]', 'upper');
  await page.selectOption('[data-path="/forces/0/coordinate"]', 'angle');
  await page.selectOption('[data-unit-of="/forces/0/rest"]', 'deg');
  await set('/forces/0/rest_deg', 10);
  m = await model();
  f = m.forces[0];
  check('a force element added and edited', f.type === 'mobility_linear_spring' && f.body === 'upper' && f.coordinate === 'angle' &&
    f.stiffness === 2.5 && f.rest_deg === 10 && f.rest === undefined, JSON.stringify(f));
  await page.selectOption('[data-path="/forces/0/type"]', 'constant_force');
  f = (await model()).forces[0];
  check('changing a force type keeps only its fields', f.type === 'constant_force' && Array.isArray(f.force) && f.stiffness === undefined && f.coordinate === undefined, JSON.stringify(f));
  await page.click('#undo');
  // An actuator: a PD servo whose target is a function of time, edited as JSON.
  await page.selectOption('#new-force-type', 'pd_servo');
  await page.click('#add-force');
  await set('/forces/1/kp', 40);
  const target = page.locator('[data-json-of="/forces/1/target"]');
  await target.fill('{"type": "sinusoid", "coefficients": [0.2, 3, 0, 0], "args": ["t"]}');
  await target.dispatchEvent('change');
  f = (await model()).forces[1];
  check('a pd_servo added with a target of time', f.type === 'pd_servo' && f.body === 'upper' && f.coordinate === 'angle' && f.kp === 40 &&
    f.kd === 0 && f.target?.type === 'sinusoid', JSON.stringify(f));
  await target.fill('');
  await target.dispatchEvent('change');
  f = (await model()).forces[1];
  check('an emptied target holds the initial value', f.target === undefined, JSON.stringify(f));
  await page.locator('[data-force="1"] button:has-text("remove force")').click();
  check('and the servo removed', (await model()).forces.length === 1);
  await page.click('#sections [data-section="state"]');
  await page.selectOption('[data-unit-of="q:shoulder.angle"]', 'deg');
  await set('/initial_state/q_deg/shoulder.angle', 30);
  await page.locator('[data-coordinate="u:shoulder.angle"]').fill('1.5');
  await page.locator('[data-coordinate="u:shoulder.angle"]').dispatchEvent('change');
  m = await model();
  check('initial q in degrees and u in SI by coordinate name', m.initial_state.q_deg['shoulder.angle'] === 30 && m.initial_state.u['shoulder.angle'] === 1.5,
    JSON.stringify(m.initial_state));
  await page.selectOption('[data-unit-of="q:shoulder.angle"]', 'si');
  m = await model();
  check('switching the unit converts degrees to radians', near(m.initial_state.q['shoulder.angle'], Math.PI / 6, 1e-9) && !m.initial_state.q_deg,
    JSON.stringify(m.initial_state));
  // The preview at the initial state: the shoulder pin (about y) at 30° swings the elbow's origin,
  // 0.5 m below the shoulder, to (-0.5 sin 30°, 0, -0.5 cos 30°).
  const zeroPose = await page.evaluate(() => window.articulaEditor.gizmo.bodyOrigin(1));
  await page.evaluate(() => window.articulaEditor.gizmo.initialPose(true));
  const swung = await page.evaluate(() => window.articulaEditor.gizmo.bodyOrigin(1));
  await page.evaluate(() => window.articulaEditor.gizmo.initialPose(false));
  check('the preview poses the model at its initial state', near(zeroPose[0], 0, 1e-9) && near(zeroPose[2], -0.5, 1e-9) &&
    near(swung[0], -0.25, 1e-6) && near(swung[1], 0, 1e-6) && near(swung[2], -0.5 * Math.cos(Math.PI / 6), 1e-6), `${zeroPose} -> ${swung}`);
  await page.click('#sections [data-section="scenario"]');
  await page.selectOption('#body-form [data-path="/scenario/integrator"]', 'RungeKutta3');
  await page.locator('[data-output="summary"]').uncheck();
  m = await model();
  check('scenario integrator and outputs edited', m.scenario.integrator === 'RungeKutta3' && JSON.stringify(m.scenario.outputs) === '["trajectory.csv","contacts.csv","trajectory.json"]',
    JSON.stringify(m.scenario));

  const left = await page.evaluate(() => window.articulaEditor.problems());
  check('the edited model has no problems in the page', left.length === 0, JSON.stringify(left));
  const exported = join(work, 'edited.json');
  writeFileSync(exported, JSON.stringify(m, null, 1));
  const validate = spawnSync(articula, ['validate', exported], { encoding: 'utf8' });
  check('articula validate accepts the edited model', validate.status === 0, validate.stderr + validate.stdout);
  const run = spawnSync(articula, ['run', exported, '-q', '--no-viewer', '--out', join(work, 'run')], { encoding: 'utf8' });
  check('articula run simulates it with the chosen outputs', run.status === 0 && existsSync(join(work, 'run', 'trajectory.csv')) &&
    !existsSync(join(work, 'run', 'summary.json')), run.stderr);

  // --- OpenMBD import in the page against `articula convert` -----------------------------------
  const files = existsSync(openMbdDir) ? readdirSync(openMbdDir).filter((f) => /^openmbd_.*\.json$/.test(f)).sort() : [];
  check('OpenMBD sample files found', files.length > 0, openMbdDir);
  for (const file of files) {
    const converted = join(work, `converted-${file}`);
    const conv = spawnSync(articula, ['convert', join(openMbdDir, file), converted], { encoding: 'utf8' });
    if (conv.status !== 0) { check(`articula convert ${file}`, false, conv.stderr); continue; }
    await page.setInputFiles('#open', join(openMbdDir, file));
    await page.waitForFunction((name) => document.getElementById('status').textContent.includes(name), file);
    const imported = await model();
    const expected = JSON.parse(readFileSync(converted, 'utf8'));
    const diff = differences(imported, expected);
    const summary = `${imported.bodies.length} bodies, ${imported.forces.length} forces`;
    check(`importing ${file} in the page gives what articula convert writes (${summary})`, diff.length === 0, diff.join('; '));
  }
  await page.setInputFiles('#open', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ bodies: { a: { mass: 1 } }, joints: [{ child: 'b', parent: 'GROUND' }] })) });
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('broken.json'));
  const status = await page.locator('#status').textContent();
  check('a bad OpenMBD file is refused with the field named', /\/joints\/0\/child/.test(status), status);

  // --- scaling a human model: mass scales, inertia as m L² ---------------------------------
  const male = files.find((f) => f.includes('male') && !f.includes('female'));
  if (male) {
    await page.setInputFiles('#open', join(openMbdDir, male));
    await page.waitForFunction((name) => document.getElementById('status').textContent.includes(name), male);
    const before = await model();
    const size = await page.evaluate(() => window.articulaEditor.measure());
    await page.fill('#scale-height', '1.9');
    await page.fill('#scale-mass', '90');
    await page.click('#scale');
    const after = await model();
    const sizeAfter = await page.evaluate(() => window.articulaEditor.measure());
    const s = 1.9 / size.height, k = 90 / size.mass;
    const inertiaOk = after.bodies.every((b, i) => b.inertia.moments.every((v, j) => near(v, before.bodies[i].inertia.moments[j] * k * s * s, 1e-9)));
    const rootZ = Object.keys(before.initial_state.q)[0];
    check('scaling a human model: total mass, height, inertias k·s², lifted root', near(sizeAfter.mass, 90, 1e-9) && near(sizeAfter.height, 1.9, 1e-9) &&
      inertiaOk && near(after.initial_state.q[rootZ], before.initial_state.q[rootZ] * s, 1e-9), `${JSON.stringify(sizeAfter)} s=${s} k=${k}`);
    const scaledFile = join(work, 'scaled.json');
    writeFileSync(scaledFile, JSON.stringify(after));
    const v = spawnSync(articula, ['validate', scaledFile], { encoding: 'utf8' });
    check('articula validate accepts the scaled model', v.status === 0, v.stderr + v.stdout);
  }
  // --- a model far from the schema opens, every section draws, the problems are listed ----------
  const bad = { format: 'articula-model', version: 1, gravity: 'down', scenario: 'x', contact: 3,
    bodies: [null, 7, { name: 'a' }, { name: 'b', mass: 'x', inertia: [1], joint: { type: 'pin', parent: 'a', parent_frame: { orientation: { quaternion: [0, 0] } } },
      geometry: [{ type: 'ellipsoid' }, null, { type: 'box', half_lengths: [1] }, { type: 'cylinder', radius: 1 }] }],
    forces: [null, { type: 'x' }, { type: 'mobility_linear_spring', body: 'b', coordinate: 3 }], initial_state: { q: 5, u: { 'b.angle': 'x' } },
    contact_materials: { m: null, p: { type: 'penalty', force_curve: [[0, 0], 5, [1]] } } };
  const errorsBefore = errors.length;
  await page.evaluate((t) => window.articulaEditor.open(t, 'bad.json'), JSON.stringify(bad));
  for (const i of [0, 1, 2, 3]) await page.evaluate((k) => window.articulaEditor.select(k), i);
  for (const section of ['forces', 'contact', 'state', 'scenario']) await page.evaluate((name) => window.articulaEditor.show(name), section);
  const badProblems = await page.evaluate(() => window.articulaEditor.problems());
  check('a malformed model opens without page errors, every section draws, problems listed', errors.length === errorsBefore && badProblems.length > 10,
    `${errors.slice(errorsBefore).join('; ')} (${badProblems.length} problems)`);
  await page.click('#undo');
  await page.evaluate(() => window.articulaEditor.show('body'));

  await page.screenshot({ path: join(work, 'editor.png') });
  check('no page errors', errors.length === 0, errors.join('; '));
  check('no network requests', requests.length === 0, requests.join(' '));
} finally {
  await browser.close();
}
console.log(`editor tools: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
