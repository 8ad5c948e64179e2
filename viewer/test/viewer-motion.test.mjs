// Browser test of an OpenSim model and motion in the viewer: `articula motion` poses gait2354 by
// its IK motion; the viewer draws every body (the generated joint-to-joint capsules and inertia
// ellipsoids, OpenSim's .vtp meshes being absent), the markers as dots where their body's pose
// in trajectory.json puts their location (computed here from the poses, not read from the page),
// the markers' box hides them, and playing moves the model.
//   node viewer-motion.test.mjs ARTICULA_BINARY OPENSIM_FIXTURES NODE_MODULES_DIR WORK_DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { canvasPixels, countDiffering, launchChromium, makeChecker } from './support.mjs';

const [articula, fixtures, nodeModules, workArg] = process.argv.slice(2);
const dir = join(fixtures, 'gait2354');
if (!existsSync(dir)) {
  console.log(`SKIP: ${dir} absent`);
  process.exit(0);
}
const work = resolve(workArg || 'viewer-motion-test');
const { check, finish } = makeChecker();

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const out = join(work, 'walk');
execFileSync(articula, ['motion', join(dir, 'subject01_simbody_adjusted.osim'), '--motion', join(dir, 'subject01_walk1_ik.mot'),
  '-q', '--out', out], { stdio: 'inherit' });
const trajectory = JSON.parse(readFileSync(join(out, 'trajectory.json'), 'utf8'));
check('73 frames of the IK motion', trajectory.frames.length === 73, String(trajectory.frames.length));

// p_G = p_GB + R_GB p_B, R_GB from the pose's quaternion [qw, qx, qy, qz].
function toGround(pose, p) {
  const [x, y, z, w, a, b, c] = pose;
  const R = [[1 - 2 * (b * b + c * c), 2 * (a * b - w * c), 2 * (a * c + w * b)],
    [2 * (a * b + w * c), 1 - 2 * (a * a + c * c), 2 * (b * c - w * a)],
    [2 * (a * c - w * b), 2 * (b * c + w * a), 1 - 2 * (a * a + b * b)]];
  return [0, 1, 2].map((r) => [x, y, z][r] + R[r][0] * p[0] + R[r][1] * p[1] + R[r][2] * p[2]);
}

const browser = await launchChromium(nodeModules);
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pathToFileURL(join(out, 'viewer.html')).href);
  await page.waitForFunction(() => window.articulaViewer && window.articulaViewer.ready, null, { timeout: 60000 });
  const state = await page.evaluate(() => ({ error: window.articulaViewer.error, bodies: window.articulaViewer.bodies }));
  check('the viewer loads the motion', !state.error && state.bodies.length === 12, JSON.stringify(state));

  const shapes = await page.evaluate(() => window.articulaViewer.bodies.map((b, i) => window.articulaViewer.shapes(i)));
  check('every body draws a generated shape (capsules or an inertia ellipsoid, no default dot)',
    shapes.every((s) => s.length > 0 && s.every((x) => x.type === 'capsule' || x.type === 'ellipsoid')),
    JSON.stringify(shapes.map((s) => s.map((x) => x.name))));
  check('femur_r draws one segment, to the tibia', JSON.stringify(shapes[1].map((x) => x.name)) === '["segment_tibia_r"]',
    JSON.stringify(shapes[1]));

  const k = 40;
  await page.evaluate((t) => window.articulaViewer.setTime(t), trajectory.frames[k].t);
  const markers = await page.evaluate(() => window.articulaViewer.markers());
  check('39 markers drawn', markers.length === 39 && trajectory.markers.length === 39, String(markers.length));
  let worst = 0;
  for (const [j, m] of trajectory.markers.entries()) {
    const body = trajectory.bodies.findIndex((b) => b.name === m.body);
    const want = toGround(trajectory.frames[k].poses[body], m.location);
    worst = Math.max(worst, Math.hypot(...want.map((v, c) => v - markers[j].position[c])));
  }
  check('each marker at its body pose times its location', worst < 1e-5, `worst ${worst} m`);

  const pixels = () => canvasPixels(page, 300, 225);
  const withMarkers = await pixels();
  await page.evaluate(() => window.articulaViewer.setMarkersVisible(false));
  const hidden = await page.evaluate(() => window.articulaViewer.markers().every((m) => !m.visible));
  const withoutMarkers = await pixels();
  check('the markers box hides the dots', hidden && countDiffering(withMarkers, withoutMarkers) > 5,
    `${countDiffering(withMarkers, withoutMarkers)} pixels`);
  await page.evaluate(() => window.articulaViewer.setMarkersVisible(true));

  // The right foot (calcn_r) swings forward during the stride (the subject walks on the spot in x).
  const footAt = (t) => page.evaluate((s) => { window.articulaViewer.setTime(s); return window.articulaViewer.bodyPosition(4); }, t);
  const before = await footAt(0.4), after = await footAt(1.0);
  check('playing moves the legs', Math.hypot(...after.map((v, c) => v - before[c])) > 0.1, JSON.stringify({ before, after }));
  await page.evaluate(() => window.articulaViewer.setTime(1.0));
  await page.screenshot({ path: join(work, 'viewer-motion.png') });
  check('no page errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
finish('viewer motion');
