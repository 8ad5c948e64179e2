// The graphical contact-curve editor: a penalty material's (or a shape's own) force-penetration
// loading curve and optional unloading curve drawn as a plot with draggable points; double-click
// adds a point to the active curve, right-click (or Alt+click) removes one, and a table takes
// numbers. The rules are PenaltyCurve's (src/contact/PenaltyCurveMaterial.cpp): at least 2 points,
// the first at (0, 0), penetration strictly increasing, forces finite and not negative.

const SVG = 'http://www.w3.org/2000/svg';
const activeCurve = new Map();  // JSON pointer -> the curve double-click adds to
const CURVES = [['force_curve', 'loading', '#2f6fd6'], ['unload_curve', 'unloading', '#d9731a']];

// Problems of one curve as [{index, field (0 penetration, 1 force, undefined: the point), message}].
export function curveProblems(points) {
  const out = [];
  if (!Array.isArray(points)) return out;
  if (points.length < 2) out.push({ index: points.length, message: 'a curve needs at least 2 points' });
  points.forEach((p, i) => {
    if (!Array.isArray(p) || p.length !== 2) { out.push({ index: i, message: 'expected [penetration m, force N]' }); return; }
    const [x, f] = p;
    if (typeof x !== 'number' || !Number.isFinite(x)) out.push({ index: i, field: 0, message: 'penetration must be a finite number' });
    if (typeof f !== 'number' || !Number.isFinite(f)) out.push({ index: i, field: 1, message: 'force must be a finite number' });
    else if (f < 0) out.push({ index: i, field: 1, message: `${f}: force must not be negative` });
    if (i === 0 && x !== 0) out.push({ index: 0, field: 0, message: `${x}: the first point must be at penetration 0` });
    if (i === 0 && f !== 0 && f >= 0) out.push({ index: 0, field: 1, message: `${f}: the first point must have force 0` });
    if (i > 0 && Array.isArray(points[i - 1]) && !(x > points[i - 1][0])) {
      out.push({ index: i, field: 0, message: `${x}: penetration must increase (previous ${points[i - 1][0]})` });
    }
  });
  return out;
}

const okPoint = (p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite);
const nice = (v) => {
  const e = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 2.5, 5, 10].map((m) => m * e).find((s) => s >= v) || 10 * e;
};
const fmt = (v) => (Math.abs(v) >= 1e4 || (v !== 0 && Math.abs(v) < 1e-3) ? v.toExponential(1) : String(Math.round(v * 1e6) / 1e6));

// obj holds force_curve / unload_curve; path is its JSON pointer. ctx: {change(fn), liveStart(),
// live(fn), liveEnd(), problems (of the whole model), numberInput(path)}.
export function curveEditor(obj, path, ctx) {
  const box = document.createElement('div');
  box.className = 'curve-editor';
  box.dataset.curvePath = path;
  let active = activeCurve.get(path) === 'unload_curve' && obj.unload_curve ? 'unload_curve' : 'force_curve';
  const W = 440, H = 240, L = 58, R = 12, T = 12, B = 36;

  // Axis ranges: fixed while dragging so the plot does not move under the pointer.
  const all = CURVES.flatMap(([k]) => (Array.isArray(obj[k]) ? obj[k] : [])).filter((p) => Array.isArray(p));
  const xMax = nice(Math.max(1e-4, ...all.map((p) => (Number.isFinite(p[0]) ? p[0] : 0))) * 1.15);
  const yMax = nice(Math.max(1, ...all.map((p) => (Number.isFinite(p[1]) ? p[1] : 0))) * 1.15);
  const sx = (x) => L + (x / xMax) * (W - L - R), sy = (y) => H - B - (y / yMax) * (H - T - B);
  const ix = (px) => ((px - L) / (W - L - R)) * xMax, iy = (py) => ((H - B - py) / (H - T - B)) * yMax;

  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', W);
  svg.setAttribute('height', H);
  svg.classList.add('curve-plot');
  const el = (name, attrs, parent = svg) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.append(e);
    return e;
  };
  el('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'plot-bg' });
  for (let k = 0; k <= 5; k++) {
    const x = (k * xMax) / 5, y = (k * yMax) / 5;
    el('line', { x1: sx(x), x2: sx(x), y1: T, y2: H - B, class: 'grid' });
    el('line', { x1: L, x2: W - R, y1: sy(y), y2: sy(y), class: 'grid' });
    el('text', { x: sx(x), y: H - B + 14, 'text-anchor': 'middle' }).textContent = fmt(x);
    el('text', { x: L - 4, y: sy(y) + 4, 'text-anchor': 'end' }).textContent = fmt(y);
  }
  el('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle' }).textContent = 'penetration, m';
  el('text', { x: 12, y: (T + H - B) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(T + H - B) / 2})` }).textContent = 'force, N';

  const bad = (key, i) => ctx.problems.some((p) => p.path === `${path}/${key}/${i}` || p.path.startsWith(`${path}/${key}/${i}/`));
  for (const [key, label, colour] of CURVES) {
    const pts = obj[key];
    if (!Array.isArray(pts)) continue;
    const line = el('polyline', { class: `curve ${key === active ? 'active' : ''}`, stroke: colour, fill: 'none',
      points: pts.filter(okPoint).map((p) => `${sx(p[0])},${sy(p[1])}`).join(' ') });
    line.dataset.curve = key;
    pts.forEach((p, i) => {
      if (!okPoint(p)) return;
      const c = el('circle', { cx: sx(p[0]), cy: sy(p[1]), r: key === active ? 5.5 : 4, fill: bad(key, i) ? '#c0301c' : colour,
        class: `pt ${bad(key, i) ? 'bad' : ''}` });
      c.dataset.curve = key;
      c.dataset.index = String(i);
      c.dataset.path = `${path}/${key}/${i}`;
      const title = el('title', {}, c);
      title.textContent = `${label} point ${i}: ${p[0]} m, ${p[1]} N (drag; right-click removes)`;
    });
  }

  const toPlot = (e) => {
    const r = svg.getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * W, ((e.clientY - r.top) / r.height) * H];
  };
  const removePoint = (key, i) => ctx.change(() => {
    if (obj[key].length > 2) obj[key].splice(i, 1);
  });
  let drag = null;
  svg.addEventListener('pointerdown', (e) => {
    const t = e.target;
    if (!(t instanceof SVGCircleElement) || e.button !== 0) return;
    const key = t.dataset.curve, i = Number(t.dataset.index);
    if (e.altKey) { removePoint(key, i); return; }
    e.preventDefault();
    svg.setPointerCapture(e.pointerId);
    drag = { key, i, circle: t };
    activeCurve.set(path, key);
    ctx.liveStart();
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const [px, py] = toPlot(e);
    const pts = obj[drag.key];
    const eps = xMax * 1e-4;
    const lo = drag.i > 0 ? pts[drag.i - 1][0] + eps : 0, hi = drag.i + 1 < pts.length ? pts[drag.i + 1][0] - eps : Infinity;
    // The first point stays where it is (the format wants (0, 0)); forces never negative.
    const x = drag.i === 0 ? pts[0][0] : Math.min(hi, Math.max(lo, ix(px)));
    const y = drag.i === 0 ? pts[0][1] : Math.max(0, iy(py));  // the first point is (0, 0)
    const snap = (v, scale) => Math.round(v / (scale * 1e-4)) * (scale * 1e-4);
    ctx.live(() => { pts[drag.i] = [Number(snap(x, xMax).toPrecision(6)), Number(snap(y, yMax).toPrecision(6))]; });
    drag.circle.setAttribute('cx', sx(pts[drag.i][0]));
    drag.circle.setAttribute('cy', sy(pts[drag.i][1]));
    svg.querySelector(`polyline[data-curve="${drag.key}"]`).setAttribute('points', pts.map((p) => `${sx(p[0])},${sy(p[1])}`).join(' '));
  });
  const endDrag = () => {
    if (!drag) return;
    drag = null;
    ctx.liveEnd();
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', endDrag);
  svg.addEventListener('contextmenu', (e) => {
    const t = e.target;
    if (!(t instanceof SVGCircleElement)) return;
    e.preventDefault();
    removePoint(t.dataset.curve, Number(t.dataset.index));
  });
  svg.addEventListener('dblclick', (e) => {
    if (e.target instanceof SVGCircleElement) return;
    const [px, py] = toPlot(e);
    const x = Number(ix(px).toPrecision(4)), y = Number(Math.max(0, iy(py)).toPrecision(4));
    if (!(x > 0)) return;
    ctx.change(() => {
      const pts = (obj[active] ||= [[0, 0]]);
      let at = pts.findIndex((p) => p[0] > x);
      if (at < 0) at = pts.length;
      if (pts.some((p) => p[0] === x)) return;
      pts.splice(at, 0, [x, y]);
    });
  });

  // Which curve double-click adds to; adding / removing the unloading curve.
  const bar = document.createElement('div');
  bar.className = 'curve-bar';
  for (const [key, label, colour] of CURVES) {
    if (!obj[key] && key === 'unload_curve') {
      const add = document.createElement('button');
      add.textContent = 'add unloading curve';
      add.className = 'add-unload';
      add.addEventListener('click', () => ctx.change(() => {
        obj.unload_curve = (obj.force_curve || [[0, 0], [0.01, 1000]]).map(([x, f]) => [x, Number((f * 0.25).toPrecision(6))]);
      }));
      bar.append(add);
      continue;
    }
    if (!obj[key]) continue;
    const l = document.createElement('label');
    l.className = 'inline';
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = `active-${path}`;
    radio.checked = key === active;
    radio.addEventListener('change', () => { activeCurve.set(path, key); active = key; box.replaceWith(curveEditor(obj, path, ctx)); });
    l.append(radio, ` ${label}`);
    l.style.color = colour;
    bar.append(l);
  }
  if (obj.unload_curve) {
    const drop = document.createElement('button');
    drop.textContent = 'remove unloading curve';
    drop.addEventListener('click', () => ctx.change(() => { delete obj.unload_curve; }));
    bar.append(drop);
  }
  const hint = document.createElement('span');
  hint.className = 'hint';
  hint.textContent = ' double-click adds a point to the selected curve; right-click removes one';
  bar.append(hint);
  box.append(bar, svg);

  // Numeric entry: one table per curve.
  const tables = document.createElement('div');
  tables.className = 'curve-tables';
  for (const [key, label] of CURVES) {
    const pts = obj[key];
    if (!Array.isArray(pts)) continue;
    const table = document.createElement('table');
    table.className = 'curve-table';
    table.dataset.curve = key;
    table.innerHTML = `<caption>${label}</caption><tr><th>#</th><th>penetration, m</th><th>force, N</th><th></th></tr>`;
    pts.forEach((p, i) => {
      const tr = document.createElement('tr');
      const td = (child) => { const c = document.createElement('td'); c.append(child); tr.append(c); return c; };
      td(String(i));
      if (!Array.isArray(p)) { td(`${JSON.stringify(p)}: not a point`); td(''); } else td(ctx.numberInput(`${path}/${key}/${i}/0`));
      if (Array.isArray(p)) td(ctx.numberInput(`${path}/${key}/${i}/1`));
      const x = document.createElement('button');
      x.textContent = '×';
      x.title = 'remove this point';
      x.disabled = pts.length <= 2;
      x.addEventListener('click', () => removePoint(key, i));
      td(x);
      table.append(tr);
    });
    const add = document.createElement('button');
    add.textContent = '+ point';
    add.className = 'add-point';
    add.addEventListener('click', () => ctx.change(() => {
      const last = pts[pts.length - 1] || [0, 0];
      pts.push([Number((last[0] > 0 ? last[0] * 1.5 : 0.01).toPrecision(6)), Number((last[1] > 0 ? last[1] * 1.5 : 1000).toPrecision(6))]);
    }));
    const cap = document.createElement('tr');
    const c = document.createElement('td');
    c.colSpan = 4;
    c.append(add);
    cap.append(c);
    table.append(cap);
    tables.append(table);
  }
  box.append(tables);
  return box;
}
