// node --test: the viewer reads back trajectory.csv headers as src/run/CsvText.h writes them
// (quoted names, doubled quotes, line breaks, the ' put before formula-like names).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../src/viewer/data.js';

test('plain header and rows', () => {
  const t = parseCsv('Time,upper_PosX,upper_PosY\r\n0,1,2\r\n0.5,3,4\r\n');
  assert.deepEqual(t.columns, ['Time', 'upper_PosX', 'upper_PosY']);
  assert.deepEqual(Array.from(t.data[2]), [2, 4]);
});

test('quoted names are restored exactly', () => {
  const header = 'Time,"\'=HYPERLINK(""x"")_PosX","a,b_PosY","two\nlines_PosZ","\'\'q_QuatW","\'-1_QuatX","\'@s_QuatY"';
  const t = parseCsv(`${header}\n0,1,2,3,4,5,6\n`);
  assert.deepEqual(t.columns, ['Time', '=HYPERLINK("x")_PosX', 'a,b_PosY', 'two\nlines_PosZ', "'q_QuatW", '-1_QuatX', '@s_QuatY']);
  assert.deepEqual(Array.from(t.data[6]), [6]);
});

test('no rows: no table', () => {
  assert.equal(parseCsv('Time,a_PosX\n'), null);
  assert.equal(parseCsv(''), null);
});
