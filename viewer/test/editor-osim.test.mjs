// End-to-end test of the model editor on what the OpenSim import brings (headless Chromium,
// playwright-core): coordinate_limit_force elements and markers. A model written by hand (limits
// in degrees, markers on bodies and ground, a constraint, metadata) is opened with `articula edit`;
// one field is edited and the page's Save button downloads the model, which must equal `articula
// convert`'s canonical JSON of the file except for that field; `articula edit --apply` writes it
// back keeping the file's own form (degrees stay degrees). Then: a limit force added, retyped and
// removed in the form; the markers section (edit, add, remove, a body rename followed, an unknown
// body listed as a problem); marker dots in the 3D preview at their ground positions; the scaling
// tool moves markers; an imported .osim pendulum with a CoordinateLimitForce and a marker round-trips.
//   node editor-osim.test.mjs ARTICULA_BINARY NODE_MODULES_DIR WORK_DIR [OSIM_PENDULUM]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, makeChecker } from './support.mjs';

const [articula, nodeModules, workArg, osimArg] = process.argv.slice(2);
const work = resolve(workArg || 'editor-osim-test');
const osimPendulum = osimArg || resolve(new URL('../../tests/data/osim/pendulum.osim', import.meta.url).pathname);
const { check, finish } = makeChecker();
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
const clone = (x) => JSON.parse(JSON.stringify(x));

// Differences between two JSON documents (exact numbers, object keys in any order).
function differences(a, b, path = '', out = []) {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} vs ${b.length} items`);
    else a.forEach((x, i) => differences(x, b[i], `${path}/${i}`, out));
  } else if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in a) || !(k in b)) out.push(`${path}/${k}: only in the ${k in a ? 'first' : 'second'}`);
      else differences(a[k], b[k], `${path}/${k}`, out);
    }
  } else if (a !== b) out.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  return out;
}
const run = (args) => spawnSync(articula, args, { encoding: 'utf8' });
const validates = (file) => {
  const r = run(['validate', file]);
  return { ok: r.status === 0, detail: r.stderr + r.stdout };
};

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// An arm on a pin (about y) with a sliding hand; a limit force on each coordinate (the pin's in
// degrees, the slider's with no lower limit), markers on both bodies and on ground, a constraint
// and metadata the editor has no form for.
const start = {
  format: 'articula-model', version: 1, name: 'limits', description: 'an arm with limits and markers', metadata: { source: 'hand-written' },
  gravity: [0, 0, -9.81],
  bodies: [
    { name: 'arm', mass: 2, mass_center: [0, 0, -0.3], inertia: { moments: [0.06, 0.06, 0.004] },
      joint: { name: 'shoulder', type: 'pin', parent: 'ground', axis: [0, 1, 0] },
      geometry: [{ type: 'capsule', radius: 0.04, half_length: 0.3, position: [0, 0, -0.3] }] },
    { name: 'hand', mass: 0.5, mass_center: [0, 0, 0], inertia: { moments: [0.001, 0.001, 0.001] },
      joint: { name: 'wrist', type: 'slider', parent: 'arm', axis: [0, 0, 1], parent_frame: { position: [0, 0, -0.6] } },
      geometry: [{ type: 'sphere', radius: 0.05 }] },
  ],
  forces: [
    { type: 'coordinate_limit_force', name: 'shoulder limit', body: 'arm', coordinate: 'angle', lower_deg: -30, upper_deg: 90,
      lower_stiffness: 20, upper_stiffness: 40, damping: 0.5, transition_deg: 5 },
    { type: 'coordinate_limit_force', name: 'wrist stop', body: 'hand', coordinate: 'x', upper: 0.05, lower_stiffness: 0, upper_stiffness: 2000,
      transition: 0.01 },
  ],
  constraints: [{ type: 'constant_speed', name: 'turn', coordinate: 'shoulder.angle', speed: 0.5 }],
  markers: [
    { name: 'elbow', body: 'arm', location: [0.05, 0, -0.6] },
    { name: 'finger', body: 'hand', location: [0, 0.02, -0.05] },
    { name: 'table', body: 'ground', location: [0.4, 0, -0.8] },
  ],
  initial_state: { q_deg: { 'shoulder.angle': 20 } },
  scenario: { duration: 0.05, report_interval: 0.01 },
};
const modelFile = join(work, 'limits.json');
writeFileSync(modelFile, JSON.stringify(start, null, 1));
const canonicalFile = join(work, 'canonical.json');
execFileSync(articula, ['convert', modelFile, canonicalFile, '--canonical', '-q'], { stdio: 'inherit' });
const canonical = JSON.parse(readFileSync(canonicalFile, 'utf8'));
const pagePath = join(work, 'limits-editor.html');
execFileSync(articula, ['edit', modelFile, '--out', pagePath, '-q'], { stdio: 'inherit' });

const browser = await launchChromium(nodeModules);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pathToFileURL(pagePath).href);
  await page.waitForFunction(() => window.articulaEditor && window.articulaEditor.ready, null, { timeout: 60000 });
  const model = async () => JSON.parse(await page.evaluate(() => window.articulaEditor.json()));
  const problems = () => page.evaluate(() => window.articulaEditor.problems());
  const set = async (path, value) => {
    const input = page.locator(`[data-path="${path}"]`).first();
    await input.fill(String(value));
    await input.dispatchEvent('change');
  };
  // The Save button's download, parsed.
  const save = async (name) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const file = join(work, name);
    await download.saveAs(file);
    return { file, json: JSON.parse(readFileSync(file, 'utf8')) };
  };

  // --- the limit forces and markers arrive whole ------------------------------------------------
  let m = await model();
  check('the page holds articula convert\'s JSON of the model (limit forces, markers, constraint, metadata)',
    differences(m, canonical).length === 0 && m.forces.length === 2 && m.markers.length === 3 && m.constraints.length === 1,
    differences(m, canonical).join('; '));
  check('the opened model has no problems in the page', (await problems()).length === 0, JSON.stringify(await problems()));

  // --- the forces form: every field of the limit force, units by coordinate kind ----------------
  await page.click('#sections [data-section="forces"]');
  const shown = await page.locator('[data-force="0"] label').evaluateAll((ls) => ls.map((l) => l.firstChild.textContent.trim()));
  check('the form shows every coordinate_limit_force field', ['body', 'coordinate', 'lower', 'upper', 'lower_stiffness', 'upper_stiffness', 'damping',
    'transition'].every((f) => shown.includes(f)), shown.join(', '));
  check('the pin\'s limits take rad or deg, the slider\'s metres only',
    (await page.locator('[data-unit-of="/forces/0/lower"] option').count()) === 2 && (await page.locator('[data-unit-of="/forces/1/upper"] option').count()) === 1 &&
    (await page.locator('[data-unit-of="/forces/1/upper"] option').first().textContent()) === 'm');
  check('the slider force\'s absent lower limit shows empty', (await page.locator('[data-path="/forces/1/lower"]').inputValue()) === '');
  await set('/forces/0/upper_stiffness', 55);
  const edited = clone(canonical);
  edited.forces[0].upper_stiffness = 55;
  const saved = await save('saved.json');
  let diff = differences(saved.json, edited);
  check('Save keeps everything but the edited field', diff.length === 0, diff.join('; '));
  let v = validates(saved.file);
  check('the saved model validates', v.ok, v.detail);
  const sim = run(['run', saved.file, '-q', '--no-viewer', '--out', join(work, 'run')]);
  check('and runs', sim.status === 0 && existsSync(join(work, 'run', 'trajectory.csv')), sim.stderr);
  // Written back into the hand-written file in its own form: the degrees stay degrees.
  const apply = run(['edit', '--apply', saved.file, modelFile, '-q']);
  const back = JSON.parse(readFileSync(modelFile, 'utf8'));
  const expected = clone(start);
  expected.forces[0].upper_stiffness = 55;
  diff = differences(back, expected);
  check('articula edit --apply writes it back keeping the file\'s form', apply.status === 0 && diff.length === 0, apply.stderr + diff.join('; '));

  // --- add, retype, remove ------------------------------------------------------------------
  await page.selectOption('#new-force-type', 'coordinate_limit_force');
  await page.click('#add-force');
  let f = (await model()).forces[2];
  check('a new coordinate_limit_force: on the first body\'s coordinate, limits ±1 rad, transition 0.1', f.type === 'coordinate_limit_force' &&
    f.body === 'arm' && f.coordinate === 'angle' && f.lower === -1 && f.upper === 1 && f.transition === 0.1 && f.lower_stiffness === 0 &&
    f.upper_stiffness === 0, JSON.stringify(f));
  await page.selectOption('[data-path="/forces/2/body"]', 'hand');
  await set('/forces/2/lower_stiffness', 300);
  f = (await model()).forces[2];
  check('moved to the slider: its coordinate follows, the stiffness set', f.body === 'hand' && f.coordinate === 'x' && f.lower_stiffness === 300, JSON.stringify(f));
  check('the new force leaves the model valid', (await problems()).length === 0, JSON.stringify(await problems()));
  const withNew = await save('with-new.json');
  v = validates(withNew.file);
  check('articula validate accepts the added force', v.ok, v.detail);
  await page.selectOption('[data-path="/forces/2/type"]', 'mobility_linear_stop');
  await page.selectOption('[data-path="/forces/2/type"]', 'coordinate_limit_force');
  f = (await model()).forces[2];
  check('retyped through a stop and back: limits kept, transition restored', f.lower === -1 && f.upper === 1 && f.transition === 0.1 &&
    f.lower_stiffness === 0 && f.dissipation === undefined, JSON.stringify(f));
  await set('/forces/2/transition', 0);
  check('a zero transition is listed as a problem', (await problems()).some((p) => p.path === '/forces/2/transition'), JSON.stringify(await problems()));
  await page.locator('[data-force="2"] button:has-text("remove force")').click();
  diff = differences(await model(), edited);
  check('removing it returns the model to the saved one', diff.length === 0, diff.join('; '));

  // --- markers ------------------------------------------------------------------------------
  await page.click('#sections [data-section="markers"]');
  check('the markers section lists them', (await page.locator('[data-marker]').count()) === 3 &&
    (await page.locator('#sections [data-section="markers"]').textContent()) === 'Markers (3)');
  await set('/markers/1/location/2', -0.08);
  await page.click('#add-marker');
  await set('/markers/3/name', 'shoulder tip');
  await page.selectOption('[data-path="/markers/3/body"]', 'arm');
  await set('/markers/3/location/0', 0.1);
  m = await model();
  check('a marker moved and one added', m.markers[1].location[2] === -0.08 && JSON.stringify(m.markers[3]) === '{"name":"shoulder tip","body":"arm","location":[0.1,0,0]}',
    JSON.stringify(m.markers));
  await page.locator('[data-marker="0"] button:has-text("remove")').click();
  m = await model();
  check('a marker removed', m.markers.length === 3 && m.markers[0].name === 'finger', JSON.stringify(m.markers));
  await set('/markers/0/name', 'table');
  check('a duplicate marker name is a problem', (await problems()).some((p) => /^\/markers\/[01]\/name$/.test(p.path) && /table/.test(p.message)),
    JSON.stringify(await problems()));
  await page.click('#undo');
  await page.selectOption('[data-path="/markers/0/body"]', 'ground');
  await page.evaluate(() => window.articulaEditor.open(JSON.stringify({ ...JSON.parse(window.articulaEditor.json()),
    markers: [{ name: 'lost', body: 'nobody', location: [0, 0, 0] }] }), 'lost.json'));
  check('a marker on an unknown body is a problem', (await problems()).some((p) => p.path === '/markers/0/body' && /nobody/.test(p.message)),
    JSON.stringify(await problems()));
  await page.click('#undo');
  await page.click('#undo');
  m = await model();
  check('undo returns the markers', m.markers.length === 3 && m.markers[0].body === 'hand', JSON.stringify(m.markers));

  // Renaming a body renames it in its markers, its forces and its constraints' references.
  await page.evaluate(() => window.articulaEditor.select(0));
  await set('/bodies/0/name', 'upper_arm');
  m = await model();
  check('a body rename follows in joints, forces and markers', m.bodies[1].joint.parent === 'upper_arm' && m.forces[0].body === 'upper_arm' &&
    m.markers.filter((k) => k.body === 'upper_arm').length === 1 && (await problems()).length === 0, JSON.stringify(m.markers));
  await page.click('#undo');

  // --- marker dots in the preview, at the initial pose --------------------------------------
  // The shoulder pin (about y) at 20°: a point p of the arm is at Ry(20°) p; the hand's origin is
  // the arm's (0, 0, -0.6), its x coordinate 0.
  await page.evaluate(() => window.articulaEditor.gizmo.initialPose(true));
  const dots = await page.evaluate(() => window.articulaEditor.gizmo.markers());
  const a = (20 * Math.PI) / 180;
  const ry = ([x, y, z]) => [Math.cos(a) * x + Math.sin(a) * z, y, -Math.sin(a) * x + Math.cos(a) * z];
  m = await model();
  const want = {};
  for (const k of m.markers) {
    want[k.name] = k.body === 'ground' ? k.location : k.body === 'arm' ? ry(k.location) : ry([k.location[0], k.location[1], k.location[2] - 0.6]);
  }
  const placed = dots.length === 3 && dots.every((d) => want[d.name] && d.position.every((v, i) => near(v, want[d.name][i], 1e-6)));
  check('markers drawn as dots at their ground positions', placed, `${JSON.stringify(dots)} vs ${JSON.stringify(want)}`);
  await page.evaluate(() => window.articulaEditor.gizmo.initialPose(false));

  // --- scaling moves the markers with the bodies ---------------------------------------------
  const before = await model();
  const size = await page.evaluate(() => window.articulaEditor.measure());
  await page.evaluate(([h, mass]) => window.articulaEditor.scale(h, mass), [2 * size.height, size.mass]);
  m = await model();
  check('scaling to twice the height doubles the marker locations', m.markers.every((k, i) => k.location.every((v, j) => near(v, 2 * before.markers[i].location[j], 1e-9))),
    JSON.stringify(m.markers));
  await page.click('#undo');

  // --- muscle paths (the format's "muscles": OpenSim's path points) are kept and follow edits -----
  const muscles = [{ name: 'biceps', type: 'Thelen2003Muscle', path: [
    { name: 'origin', body: 'ground', location: [0.02, 0, 0.05] },
    { name: 'via', body: 'arm', location: [0.03, 0, -0.3], coordinate: 'shoulder.angle', range: [-1, 1] },
    { name: 'insertion', body: 'hand', location: [0.01, 0, 0.02],
      functions: [{ type: 'linear', coefficients: [0.01, 0], args: ['shoulder.angle'] }, null, null] }] }];
  await page.evaluate((t) => window.articulaEditor.open(t, 'with-muscles.json'), JSON.stringify({ ...canonical, muscles }));
  await page.evaluate(() => window.articulaEditor.select(0));
  await set('/bodies/0/name', 'upper_arm');
  m = await model();
  check('a body rename follows in muscle path points', m.muscles[0].path[1].body === 'upper_arm' && m.muscles[0].path[0].body === 'ground',
    JSON.stringify(m.muscles));
  await page.click('#undo');
  const sized = await page.evaluate(() => window.articulaEditor.measure());
  await page.evaluate(([h, mass]) => window.articulaEditor.scale(h, mass), [2 * sized.height, sized.mass]);
  m = await model();
  check('scaling moves the muscle path points', m.muscles[0].path.every((pt, i) => pt.location.every((x, j) => near(x, 2 * muscles[0].path[i].location[j], 1e-9))),
    JSON.stringify(m.muscles));
  await page.click('#undo');
  const withMuscles = await save('with-muscles.json');
  diff = differences(withMuscles.json, { ...canonical, muscles });
  check('a model with muscle paths is saved with them unchanged', diff.length === 0, diff.join('; '));
  await page.click('#undo');

  // --- an imported OpenSim model: a CoordinateLimitForce and a marker -----------------------
  if (existsSync(osimPendulum)) {
    const limit = '<ForceSet name="forceset"><objects><CoordinateLimitForce name="swing_limit"><coordinate>swing</coordinate>' +
      '<upper_stiffness>2</upper_stiffness><upper_limit>60</upper_limit><lower_stiffness>3</lower_stiffness><lower_limit>-45</lower_limit>' +
      '<damping>0.01</damping><transition>4</transition></CoordinateLimitForce></objects></ForceSet>';
    const osim = join(work, 'pendulum_limit.osim');
    writeFileSync(osim, readFileSync(osimPendulum, 'utf8').replace('</MarkerSet>', `</MarkerSet>\n${limit}`));
    const osimCanonical = join(work, 'pendulum_limit.json');
    execFileSync(articula, ['convert', osim, osimCanonical, '--canonical', '-q'], { stdio: 'inherit' });
    const imported = JSON.parse(readFileSync(osimCanonical, 'utf8'));
    const osimPage = join(work, 'pendulum-editor.html');
    execFileSync(articula, ['edit', osim, '--out', osimPage, '-q'], { stdio: 'inherit' });
    await page.goto(pathToFileURL(osimPage).href);
    await page.waitForFunction(() => window.articulaEditor && window.articulaEditor.ready, null, { timeout: 60000 });
    m = await model();
    const lim = m.forces?.find((x) => x.type === 'coordinate_limit_force');
    check('an imported .osim opens with its limit force (degrees as radians) and marker', differences(m, imported).length === 0 && lim &&
      near(lim.upper, Math.PI / 3, 1e-12) && near(lim.transition, (4 * Math.PI) / 180, 1e-12) && m.markers?.[0]?.name === 'tip' && (await problems()).length === 0,
      `${differences(m, imported).join('; ')} ${JSON.stringify(lim)} ${JSON.stringify(await problems())}`);
    await page.click('#sections [data-section="forces"]');
    const i = m.forces.indexOf(lim);
    await set(`/forces/${i}/damping`, 0.2);
    const fromOsim = await save('pendulum_edited.json');
    const want2 = clone(imported);
    want2.forces[i].damping = 0.2;
    diff = differences(fromOsim.json, want2);
    check('the imported model saved with one field changed keeps the rest', diff.length === 0, diff.join('; '));
    v = validates(fromOsim.file);
    check('and validates', v.ok, v.detail);
  } else check(`the OpenSim pendulum ${osimPendulum} exists`, false);

  check('no page errors', errors.length === 0, errors.join('; '));
} finally {
  await browser.close();
}
finish('editor osim');
