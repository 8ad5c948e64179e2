// node --test: the plot's axis labels carry the units of the trajectory.csv column names, the
// legend names each curve with its value at the cursor, and the cursor follows setCursor (which
// playback calls every frame). Drawn into a recording stand-in for the canvas (no browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Plot, axisLabel, legendText, splitUnit, valueAt } from '../src/viewer/plot.js';

test('units come from the column names', () => {
  assert.deepEqual(splitUnit('pelvis.pos_x[m]'), { name: 'pelvis.pos_x', unit: 'm' });
  assert.deepEqual(splitUnit('hip_r.rz.q[deg]'), { name: 'hip_r.rz.q', unit: 'deg' });
  assert.deepEqual(splitUnit('pelvis.acc_z[m/s^2]'), { name: 'pelvis.acc_z', unit: 'm/s^2' });
  assert.deepEqual(splitUnit('upper_PosX'), { name: 'upper_PosX', unit: '' });
});

test('axis labels', () => {
  assert.equal(axisLabel(['time[s]']), 'time [s]');
  assert.equal(axisLabel(['pelvis.pos_x[m]']), 'pelvis.pos_x [m]');
  assert.equal(axisLabel(['pelvis.pos_x[m]', 'pelvis.pos_z[m]']), 'pos_x, pos_z [m]');
  assert.equal(axisLabel(['pelvis.pos_z[m]', 'head.pos_z[m]']), 'pos_z [m]');
  assert.equal(axisLabel(['pelvis.pos_z[m]', 'hip_r.rz.q[deg]']), 'pos_z, q [m | deg]');
  assert.equal(axisLabel(['a.x[m]', 'a.y[m]', 'a.z[m]', 'a.w[m]']), 'value [m]');
  assert.equal(axisLabel(['Time']), 'Time');
  assert.equal(axisLabel([]), 'value');
});

test('values at a time are interpolated between rows', () => {
  const time = [0, 0.1, 0.2], col = [1, 3, -1];
  assert.equal(valueAt(time, col, 0.05), 2);
  assert.ok(Math.abs(valueAt(time, col, 0.15) - 1) < 1e-12);
  assert.equal(valueAt(time, col, 0.2), -1);
  assert.ok(Number.isNaN(valueAt(time, col, 0.3)));
  assert.equal(legendText('pelvis.pos_x[m]', 0.25), 'pelvis.pos_x = 0.25 m');
  assert.equal(legendText('hip_r.rz.q[deg]', NaN), 'hip_r.rz.q = —');
});

// A canvas whose 2D context records the text drawn and the cursor's line.
function recordingCanvas() {
  const texts = [];
  const context = new Proxy({ texts }, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'fillText') return (text, x, y) => texts.push({ text, x, y });
      if (key === 'measureText') return (text) => ({ width: 6 * String(text).length });
      return () => {};
    },
    set(target, key, value) { target[key] = value; return true; },
  });
  return { clientWidth: 600, clientHeight: 220, width: 0, height: 0, addEventListener() {}, getContext: () => context, context };
}

test('a drawn plot has axis labels with units, a legend and a cursor that follows the time', () => {
  globalThis.window = { devicePixelRatio: 1, addEventListener() {} };
  globalThis.ResizeObserver = class { observe() {} };
  const time = Float64Array.from({ length: 11 }, (_, i) => i / 10);
  const table = {
    columns: ['time[s]', 'pelvis.pos_x[m]', 'hip_r.rz.q[deg]'],
    data: [time, time.map((t) => 2 * t), time.map((t) => 90 * t)],
  };
  const canvas = recordingCanvas();
  const plot = new Plot(canvas, table);
  plot.addSeries('pelvis.pos_x[m]');
  plot.addSeries('hip_r.rz.q[deg]');
  canvas.context.texts.length = 0;
  plot.setCursor(0.25);
  const drawn = canvas.context.texts.map((t) => t.text);
  assert.ok(drawn.includes('time [s]'), drawn.join(' | '));
  assert.ok(drawn.includes('pos_x, q [m | deg]'), drawn.join(' | '));
  assert.ok(drawn.includes('t = 0.25 s'), drawn.join(' | '));
  assert.ok(drawn.includes('pelvis.pos_x = 0.5 m'), drawn.join(' | '));
  assert.ok(drawn.includes('hip_r.rz.q = 22.5 deg'), drawn.join(' | '));
  // Playback moves the cursor: the legend's values follow.
  canvas.context.texts.length = 0;
  plot.setCursor(0.75);
  const later = canvas.context.texts.map((t) => t.text);
  assert.ok(later.includes('t = 0.75 s') && later.includes('pelvis.pos_x = 1.5 m'), later.join(' | '));
  assert.deepEqual(plot.labels().legend, ['pelvis.pos_x = 1.5 m', 'hip_r.rz.q = 67.5 deg']);
});
