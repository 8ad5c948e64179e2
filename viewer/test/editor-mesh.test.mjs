// Browser test of mesh geometry in the model editor: `articula edit` of a model whose geometry names
// an OBJ file (models/mesh_drop.json) embeds the file's mesh, and the editor's 3D view draws it with
// every vertex and triangle at the geometry's scale; changing the scale in the form redraws it.
//   node editor-mesh.test.mjs ARTICULA_BINARY MODEL NODE_MODULES_DIR WORK_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { launchChromium, makeChecker } from './support.mjs';

const [articula, model, nodeModules, workArg] = process.argv.slice(2);
const work = resolve(workArg || 'editor-mesh-test');
const { check, finish } = makeChecker();

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const pagePath = join(work, 'editor.html');
execFileSync(articula, ['edit', model, '--out', pagePath, '-q'], { stdio: 'inherit' });

// The model's mesh geometry and the OBJ file's own counts (read here, independently of the program).
const spec = JSON.parse(readFileSync(model, 'utf8'));
const found = spec.bodies.flatMap((b, i) => (b.geometry || []).map((g, k) => ({ body: i, shape: k, g })))
  .find((x) => x.g.type === 'mesh');
const obj = readFileSync(join(dirname(model), found.g.file), 'utf8').split('\n');
const vertices = obj.filter((l) => l.startsWith('v ')).length;
const triangles = obj.filter((l) => l.startsWith('f ')).reduce((n, l) => n + l.trim().split(/\s+/).length - 3, 0);
check('the model names an OBJ mesh', vertices > 3 && triangles > 3, JSON.stringify(found.g));

const browser = await launchChromium(nodeModules);
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(pagePath).href);
  await page.waitForFunction(() => window.articulaEditor && window.articulaEditor.ready, null, { timeout: 60000 });
  const drawn = async () => (await page.evaluate((i) => window.articulaEditor.gizmo.drawnShapes(i), found.body))
    .find((s) => s.shape === found.shape);
  const shape = await drawn();
  check('the mesh is drawn', !!shape, JSON.stringify(await page.evaluate((i) => window.articulaEditor.gizmo.drawnShapes(i), found.body)));
  const scale = typeof found.g.scale === 'number' ? found.g.scale : 1;
  if (shape) {
    check('with every vertex and triangle of the file', shape.vertices === vertices && shape.triangles === triangles,
      JSON.stringify({ shape, vertices, triangles }));
    check('at the geometry\'s scale', shape.scale.every((s) => Math.abs(s - scale) < 1e-12), JSON.stringify(shape.scale));
  }
  await page.evaluate(([b, k]) => window.articulaEditor.select(b, k), [found.body, found.shape]);
  const input = page.locator(`[data-path="/bodies/${found.body}/geometry/${found.shape}/scale"]`).first();
  await input.fill(String(2 * scale));
  await input.dispatchEvent('change');
  const rescaled = await drawn();
  check('a new scale redraws it', rescaled && rescaled.scale.every((s) => Math.abs(s - 2 * scale) < 1e-12), JSON.stringify(rescaled));
  const exported = JSON.parse(await page.evaluate(() => window.articulaEditor.json()));
  const g = exported.bodies[found.body].geometry[found.shape];
  check('the exported model still names the file, without the mesh data', g.file === found.g.file && !('vertices' in g),
    JSON.stringify(Object.keys(g)));
  check('no page errors', errors.length === 0, errors.join(' | '));
} finally {
  await browser.close();
}
finish('editor mesh');
