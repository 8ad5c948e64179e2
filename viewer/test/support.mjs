// Shared pieces of the browser tests: TAP-style checks, Debian's headless Chromium, and picture
// comparisons of the viewer's canvas.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// check(name, ok, detail) prints "ok"/"not ok"; finish(label) prints the tally and exits 1 on failure.
export function makeChecker() {
  let passed = 0, failed = 0;
  const check = (name, ok, detail = '') => {
    if (ok) { passed++; console.log(`ok - ${name}`); } else { failed++; console.log(`not ok - ${name} ${detail}`); }
  };
  const finish = (label) => {
    console.log(`${label}: ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  };
  return { check, finish };
}

// Chromium from $CHROMIUM (or Debian's), software GL, no network services.
export function launchChromium(nodeModules) {
  const require = createRequire(join(resolve(nodeModules), 'noop.js'));
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic',
      '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// The viewer's canvas scaled to width x height, as RGBA bytes.
export function canvasPixels(page, width, height) {
  return page.evaluate(([w, h]) => {
    const c = document.querySelector('#stage canvas');
    const t = document.createElement('canvas');
    t.width = w; t.height = h;
    const g = t.getContext('2d');
    g.drawImage(c, 0, 0, w, h);
    return Array.from(g.getImageData(0, 0, w, h).data);
  }, [width, height]);
}

// How many pixels differ by more than 24 in summed RGB.
export function countDiffering(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 24) n++;
  return n;
}
