// End-to-end test of the model editor in Debian's headless Chromium (playwright-core): build a
// two-body pendulum from scratch through the form, see a schema problem shown next to its field,
// undo / redo, scale, export the JSON, and check that `articula validate` accepts it and
// `articula run` simulates it.
//   node editor.test.mjs ARTICULA_BINARY NODE_MODULES_DIR WORK_DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [articula, nodeModules, workArg] = process.argv.slice(2);
const work = resolve(workArg || 'editor-test');
const require = createRequire(join(resolve(nodeModules), 'noop.js'));
const { chromium } = require('playwright-core');

let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) { passed++; console.log(`ok - ${name}`); } else { failed++; console.log(`not ok - ${name} ${detail}`); }
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const pagePath = join(work, 'editor.html');
execFileSync(articula, ['edit', '--out', pagePath, '-q'], { stdio: 'inherit' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(pagePath).href);
  await page.waitForFunction(() => window.articulaEditor && window.articulaEditor.ready, null, { timeout: 60000 });
  const set = async (path, value) => {
    const input = page.locator(`[data-path="${path}"]`).first();
    await input.fill(String(value));
    await input.dispatchEvent('change');
  };
  const model = async () => JSON.parse(await page.evaluate(() => window.articulaEditor.json()));

  // Upper arm: a pin about y at the origin, mass centre 0.25 m below, an ellipsoid.
  await page.click('#add-body');
  await set('/bodies/0/name', 'upper');
  await set('/bodies/0/mass', 1.5);
  await set('/bodies/0/mass_center/2', -0.25);
  await set('/bodies/0/joint/axis/1', 1);
  await page.click('#add-geometry');
  // Lower arm hanging from the upper one's end.
  await page.click('#add-body');
  await set('/bodies/1/name', 'lower');
  await set('/bodies/1/mass_center/2', -0.25);
  await set('/bodies/1/joint/axis/1', 1);
  await set('/bodies/1/joint/parent_frame/position/2', -0.5);
  await page.click('#add-geometry');
  let m = await model();
  check('two bodies built from scratch', m.bodies.length === 2 && m.bodies[1].joint.parent === 'upper' &&
    m.bodies[1].joint.parent_frame.position[2] === -0.5 && m.bodies[0].geometry.length === 1, JSON.stringify(m.bodies.map((b) => b.joint)));
  check('the model matches the schema', (await page.evaluate(() => window.articulaEditor.problems().length)) === 0,
    JSON.stringify(await page.evaluate(() => window.articulaEditor.problems())));

  // A bad value is shown next to its field; undo removes it, redo brings it back.
  await set('/bodies/1/mass', -2);
  const inline = await page.locator('[data-path="/bodies/1/mass"]').locator('xpath=..').locator('.field-error').textContent().catch(() => '');
  check('a schema problem is shown next to the offending field', /greater than 0/.test(inline), inline);
  await page.click('#undo');
  m = await model();
  check('undo restores the previous value', m.bodies[1].mass === 1 && (await page.locator('.field-error').count()) === 0, `mass ${m.bodies[1].mass}, ${await page.locator('.field-error').count()} errors shown`);
  await page.click('#redo');
  check('redo repeats the change', (await model()).bodies[1].mass === -2);
  await page.click('#undo');

  // Scaling: twice as tall, three times as heavy; inertias by k s² = 12.
  const before = await model();
  const height = await page.evaluate(() => window.articulaEditor.measure().height);
  await page.evaluate((h) => window.articulaEditor.scale(2 * h, 3 * 2.5), height);
  const scaled = await model();
  check('scaling updates masses, lengths and inertias',
    Math.abs(scaled.bodies[0].mass - 4.5) < 1e-9 && Math.abs(scaled.bodies[1].joint.parent_frame.position[2] + 1) < 1e-9 &&
    Math.abs(scaled.bodies[0].inertia.moments[0] - 12 * before.bodies[0].inertia.moments[0]) < 1e-12, JSON.stringify(scaled.bodies[0]));
  await page.click('#undo');

  const exported = await page.evaluate(() => window.articulaEditor.json());
  const file = join(work, 'pendulum.json');
  writeFileSync(file, exported);
  const validate = spawnSync(articula, ['validate', file], { encoding: 'utf8' });
  check('articula validate accepts the exported model', validate.status === 0, validate.stderr + validate.stdout);
  const run = spawnSync(articula, ['run', file, '--duration', '0.2', '-q', '--no-viewer', '--out', join(work, 'run')], { encoding: 'utf8' });
  check('articula run simulates it', run.status === 0 && existsSync(join(work, 'run', 'trajectory.csv')), run.stderr);
  check('no page errors', errors.length === 0, errors.join('; '));
} finally {
  await browser.close();
}
console.log(`editor: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
