// Browser test of mesh geometry in the viewer: `articula run` of a model with a triangle mesh
// (models/mesh_drop.json) writes the scaled mesh into trajectory.json; the viewer draws it as an
// indexed BufferGeometry with every vertex and triangle, in the body's colour, and the picture
// changes when the bodies are hidden.
//   node viewer-mesh.test.mjs ARTICULA_BINARY MODEL NODE_MODULES_DIR WORK_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { canvasPixels, countDiffering, launchChromium, makeChecker } from './support.mjs';

const [articula, model, nodeModules, workArg] = process.argv.slice(2);
const work = resolve(workArg || 'viewer-mesh-test');
const { check, finish } = makeChecker();

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const run = join(work, 'run');
execFileSync(articula, ['run', model, '--duration', '0.3', '-q', '--out', run], { stdio: 'inherit' });
const trajectory = JSON.parse(readFileSync(join(run, 'trajectory.json'), 'utf8'));
const meshes = trajectory.bodies.flatMap((b, i) => b.geometry.filter((g) => g.type === 'mesh').map((g) => ({ body: i, g, color: b.color })));
check('trajectory.json carries a mesh with vertices and faces', meshes.length > 0 && meshes[0].g.size.vertices.length > 3
  && meshes[0].g.size.faces.length > 3, JSON.stringify(meshes.map((m) => m.g.name)));

const browser = await launchChromium(nodeModules);
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(pathToFileURL(join(run, 'viewer.html')).href);
  await page.waitForFunction(() => window.articulaViewer && window.articulaViewer.ready, null, { timeout: 60000 });
  const error = await page.evaluate(() => window.articulaViewer.error);
  check('viewer loads the run', !error, String(error));
  if (meshes.length) {
    const { body, g, color } = meshes[0];
    const shapes = await page.evaluate((i) => window.articulaViewer.shapes(i), body);
    const drawn = shapes.find((s) => s.type === 'mesh');
    check('the mesh is in the scene', !!drawn, JSON.stringify(shapes));
    if (drawn) {
      check('with every vertex and triangle', drawn.vertices === g.size.vertices.length && drawn.triangles === g.size.faces.length,
        JSON.stringify({ drawn, vertices: g.size.vertices.length, faces: g.size.faces.length }));
      const want = g.color || color;
      check('in the shape\'s colour', want.every((c, k) => Math.abs(c - drawn.color[k]) < 1e-3), JSON.stringify({ want, got: drawn.color }));
    }
  }
  const pixels = () => canvasPixels(page, 300, 225);
  const differing = countDiffering;
  await page.evaluate(() => window.articulaViewer.setTime(0));
  const withMesh = await pixels();
  await page.evaluate(() => window.articulaViewer.setBodiesVisible(false));
  const empty = await pixels();
  check('the mesh is drawn (pixels differ from the empty scene)', differing(withMesh, empty) > 100, `${differing(withMesh, empty)} pixels`);
  await page.screenshot({ path: join(work, 'viewer-mesh.png') });
  check('no page errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
finish('viewer mesh');
