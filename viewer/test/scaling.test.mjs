// node --test: the editor's scaling (src/editor/scaling.js) against the library's
// (include/articula/model/ModelScaling.h). The C++ test ModelScaling.WritesTheEditorCrossCheck
// writes the adult male's measured size and the model scaled to two targets; here the editor
// measures the same file and scales it to the same targets, and every number of the bodies and the
// initial state must agree to 1e-12 (relative), as must the editor's measure of the C++ result.
//   ARTICULA_SCALING_CROSSCHECK=<file written by test_model> node --test scaling.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { measureModel, scaleModel } from '../src/editor/scaling.js';

const source = JSON.parse(readFileSync(new URL('../../models/adult_male.json', import.meta.url), 'utf8'));
const crossFile = process.env.ARTICULA_SCALING_CROSSCHECK;
const cpp = crossFile ? JSON.parse(readFileSync(crossFile, 'utf8')) : null;
const near = (a, b, tol = 1e-12) => Math.abs(a - b) <= tol * Math.max(1e-3, Math.abs(a), Math.abs(b));

// Every number at the same path in `mine` and `theirs` (mine's paths; colours, orientations and
// names are not lengths or masses); returns the count compared and the differences.
function compareNumbers(mine, theirs, path = '', out = { count: 0, bad: [] }) {
  if (typeof mine === 'number') {
    out.count++;
    if (typeof theirs !== 'number' || !near(mine, theirs)) out.bad.push(`${path}: ${mine} vs ${theirs}`);
  } else if (mine && typeof mine === 'object') {
    for (const [k, v] of Object.entries(mine)) {
      if (k === 'color' || k === 'orientation' || k === 'axis') continue;
      compareNumbers(v, theirs?.[k], `${path}/${k}`, out);
    }
  }
  return out;
}

test('the editor measures the adult male as the library does', { skip: !cpp && 'ARTICULA_SCALING_CROSSCHECK not set' }, () => {
  const size = measureModel(structuredClone(source));
  assert.ok(near(size.height, cpp.height), `${size.height} vs ${cpp.height}`);
  assert.ok(near(size.mass, cpp.mass), `${size.mass} vs ${cpp.mass}`);
});

test('the editor scales the adult male as the library does', { skip: !cpp && 'ARTICULA_SCALING_CROSSCHECK not set' }, () => {
  for (const target of cpp.scaled) {
    const doc = structuredClone(source);
    assert.equal(scaleModel(doc, target.height, target.mass), true);
    const bodies = compareNumbers(doc.bodies, target.model.bodies, '/bodies');
    const state = compareNumbers(doc.initial_state, target.model.initial_state, '/initial_state');
    assert.deepEqual([...bodies.bad, ...state.bad], [], `at ${target.height} m, ${target.mass} kg`);
    assert.ok(bodies.count > 16 * 8 && state.count >= 1, `${bodies.count} + ${state.count} numbers compared`);
    // Each side's result measures as the target on the other side's scale.
    const theirs = measureModel(target.model);
    assert.ok(near(theirs.height, target.height) && near(theirs.mass, target.mass), JSON.stringify(theirs));
  }
});

test('without a target the editor changes nothing', () => {
  const doc = structuredClone(source);
  assert.equal(scaleModel(doc, -1, 70), false);
  assert.equal(scaleModel(doc, 1.7, 0), false);
  assert.deepEqual(doc, source);
});
