// End-to-end test of the viewer in Debian's headless Chromium, driven by playwright-core:
// `articula run` writes viewer.html; the page loads from disk, plays, shows the bodies (pixels
// differ from the empty scene), scrubbing moves them, and a plot appears for a chosen column.
//   node viewer.test.mjs ARTICULA_BINARY MODEL NODE_MODULES_DIR WORK_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { canvasPixels, countDiffering, launchChromium, makeChecker } from './support.mjs';

const [articula, model, nodeModules, workArg] = process.argv.slice(2);
const work = resolve(workArg || 'viewer-test');
const { check, finish } = makeChecker();

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const run = join(work, 'run');
execFileSync(articula, ['run', model, '--duration', '2', '--report-interval', '0.01', '-q', '--out', run], { stdio: 'inherit' });

const browser = await launchChromium(nodeModules);
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // No network: any request that is not the file itself fails the test.
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) requests.push(r.url()); });
  await page.goto(pathToFileURL(join(run, 'viewer.html')).href);
  await page.waitForFunction(() => window.articulaViewer && window.articulaViewer.ready, null, { timeout: 60000 });
  const state = await page.evaluate(() => ({ error: window.articulaViewer.error, bodies: window.articulaViewer.bodies }));
  check('viewer loads the run', !state.error && state.bodies.length === 2, JSON.stringify(state));

  const pixels = () => canvasPixels(page, 400, 300);
  const differing = countDiffering;
  await page.evaluate(() => window.articulaViewer.setTime(0));
  const withBodies = await pixels();
  await page.evaluate(() => window.articulaViewer.setBodiesVisible(false));
  const empty = await pixels();
  await page.evaluate(() => window.articulaViewer.setBodiesVisible(true));
  check('the bodies are drawn (pixels differ from the empty scene)', differing(withBodies, empty) > 100, `${differing(withBodies, empty)} pixels`);
  await page.screenshot({ path: join(work, 'viewer.png') });

  // Play for a while: time advances.
  await page.click('#play');
  await page.waitForFunction(() => window.articulaViewer.time > 0.05, null, { timeout: 30000 }).catch(() => {});
  const playing = await page.evaluate(() => ({ t: window.articulaViewer.time, playing: window.articulaViewer.playing }));
  check('play advances the time', playing.playing && playing.t > 0.05, JSON.stringify(playing));
  await page.click('#play');

  // Scrub to 60 %: the bodies move.
  const before = await page.evaluate(() => { window.articulaViewer.setTime(0); return window.articulaViewer.bodyPosition(1); });
  const atStart = await pixels();
  await page.$eval('#scrub', (el) => { el.value = '600'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  // Read the pose, then draw the frame now rather than waiting for the next animation frame.
  const after = await page.evaluate(() => ({ t: window.articulaViewer.time, p: window.articulaViewer.bodyPosition(1) }));
  await page.evaluate(() => window.articulaViewer.setTime(window.articulaViewer.time));
  const moved = Math.hypot(after.p[0] - before[0], after.p[1] - before[1], after.p[2] - before[2]);
  check('scrubbing sets the time', Math.abs(after.t - 1.2) < 0.01, JSON.stringify(after));
  check('scrubbing moves the bodies', moved > 0.01 && differing(await pixels(), atStart) > 50, `moved ${moved}`);

  // A plot for a chosen column.
  const plotInk = () => page.evaluate(() => {
    const c = document.getElementById('plot');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 150 && d[i] < 120) n++;  // the first series is blue
    return n;
  });
  const inkBefore = await plotInk();
  await page.selectOption('#column', 'lower.pos_z[m]');
  await page.click('#add-series');
  const series = await page.evaluate(() => window.articulaViewer.series);
  check('a plot appears for the chosen column', series.includes('lower.pos_z[m]') && (await plotInk()) > inkBefore + 100, JSON.stringify(series));
  const csv = await page.evaluate(() => window.articulaViewer.plotCsv());
  check('the plot exports CSV', csv.startsWith('time[s],lower.pos_z[m]\n') && csv.split('\n').length > 150);
  // Axis labels with units, a legend naming the curve, a cursor at the current time.
  await page.evaluate(() => window.articulaViewer.setTime(1.0));
  const labels = await page.evaluate(() => ({ ...window.articulaViewer.plotLabels(), cursorTime: window.articulaViewer.plotCursor }));
  check('the plot has axis labels with units', labels.x === 'time [s]' && labels.y === 'lower.pos_z [m]', JSON.stringify(labels));
  check('the legend names the curve with its value at the cursor',
    labels.legend.length === 1 && /^lower\.pos_z = -?[0-9.e-]+ m$/.test(labels.legend[0]), JSON.stringify(labels.legend));
  check('the time cursor is at the current time', labels.cursorTime === 1.0 && labels.cursor === 't = 1 s', JSON.stringify(labels));
  await page.click('#play');
  await page.waitForFunction(() => Math.abs(window.articulaViewer.time - 1.0) > 0.05, null, { timeout: 30000 }).catch(() => {});
  await page.click('#play');  // pause (playback may have looped round)
  const followed = await page.evaluate(() => ({ t: window.articulaViewer.time, cursor: window.articulaViewer.plotCursor }));
  check('the time cursor follows playback', Math.abs(followed.t - 1.0) > 0.05 && followed.cursor === followed.t, JSON.stringify(followed));

  // Model tree: clicking a body selects it in 3D and in the plots.
  await page.click('#tree span[data-body="0"]');
  const selected = await page.evaluate(() => ({ s: window.articulaViewer.selected, series: window.articulaViewer.series }));
  check('the model tree selects a body and plots it', selected.s === 0 && selected.series.includes('upper.pos_x[m]'), JSON.stringify(selected));

  // The energy-balance warning strip: hidden for this run (its balance closes), shown with the
  // summary's advice for a run whose balance does not (explicit Euler at 10 ms: 25 % of the energy moved).
  const strip = (p) => p.evaluate(() => {
    const w = document.getElementById('balance-warning');
    return { hidden: w.hidden, text: w.textContent };
  });
  const closing = await strip(page);
  check('no energy-balance warning when the balance closes', closing.hidden, JSON.stringify(closing));
  const loose = join(work, 'loose');
  execFileSync(articula, ['run', model, '--duration', '2', '--integrator', 'ExplicitEuler', '--dt', '0.01',
    '--report-interval', '0.01', '-q', '--out', loose], { stdio: 'inherit' });
  const loosePage = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  loosePage.on('pageerror', (e) => errors.push(String(e)));
  await loosePage.goto(pathToFileURL(join(loose, 'viewer.html')).href);
  await loosePage.waitForFunction(() => window.articulaViewer && window.articulaViewer.ready, null, { timeout: 60000 });
  const warned = await strip(loosePage);
  check('a run whose energy balance does not close shows the warning with its advice',
    !warned.hidden && warned.text.includes('the energy balance does not close') && warned.text.includes('--dt 0.001'),
    JSON.stringify(warned));

  check('no page errors', errors.length === 0, errors.join('; '));
  check('no network requests', requests.length === 0, requests.join(', '));
} finally {
  await browser.close();
}
finish('viewer');
