// A small canvas plot: several series against time with axis labels carrying the units of the
// trajectory.csv column names (`pelvis.pos_x[m]`), a legend naming each curve with its value at
// the cursor, a time cursor that follows playback, zoom by dragging a time range (double-click
// resets), export as PNG or CSV.

const COLORS = ['#2f6fd6', '#d6452f', '#2fa05a', '#a34fd6', '#d69a2f', '#2fb3c4', '#7a7a7a', '#c42f84'];

export class Plot {
  constructor(canvas, table, onSeek) {
    this.canvas = canvas;
    this.table = table;
    this.onSeek = onSeek;
    this.series = [];
    this.cursor = 0;
    this.view = null;  // [t0, t1] when zoomed
    this.drag = null;
    const time = table.data[0];
    this.full = [time[0], time[time.length - 1]];
    canvas.addEventListener('mousedown', (e) => { this.drag = { x0: e.offsetX, x1: e.offsetX }; });
    canvas.addEventListener('mousemove', (e) => { if (this.drag) { this.drag.x1 = e.offsetX; this.draw(); } });
    window.addEventListener('mouseup', () => this.finishDrag());
    canvas.addEventListener('dblclick', () => this.resetZoom());
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  get range() { return this.view || this.full; }

  addSeries(name) {
    const index = this.table.columns.indexOf(name);
    if (index < 0 || this.series.some((s) => s.name === name)) return false;
    this.series.push({ name, index, color: COLORS[this.series.length % COLORS.length] });
    this.draw();
    return true;
  }

  removeSeries(name) { this.series = this.series.filter((s) => s.name !== name); this.draw(); }
  clear() { this.series = []; this.draw(); }
  setCursor(t) { this.cursor = t; this.draw(); }
  resetZoom() { this.view = null; this.draw(); }
  zoom(t0, t1) { if (t1 > t0) { this.view = [t0, t1]; this.draw(); } }

  finishDrag() {
    if (!this.drag) return;
    const { x0, x1 } = this.drag;
    this.drag = null;
    if (Math.abs(x1 - x0) > 4) this.zoom(this.timeAt(Math.min(x0, x1)), this.timeAt(Math.max(x0, x1)));
    else this.onSeek?.(this.timeAt(x0));
    this.draw();
  }

  layout() {
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    return { w, h, left: 78, right: w - 12, top: 10, bottom: h - 38 };
  }

  timeAt(x) {
    const { left, right } = this.layout();
    const [t0, t1] = this.range;
    return t0 + ((x - left) / (right - left)) * (t1 - t0);
  }

  draw() {
    const canvas = this.canvas;
    const dpr = window.devicePixelRatio || 1;
    const { w, h, left, right, top, bottom } = this.layout();
    if (w === 0 || h === 0) return;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    const g = canvas.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    const time = this.table.data[0];
    const [t0, t1] = this.range;
    let lo = Infinity, hi = -Infinity;
    for (const s of this.series) {
      const col = this.table.data[s.index];
      for (let i = 0; i < col.length; i++) {
        if (time[i] < t0 || time[i] > t1 || !Number.isFinite(col[i])) continue;
        lo = Math.min(lo, col[i]);
        hi = Math.max(hi, col[i]);
      }
    }
    if (!(hi >= lo)) { lo = -1; hi = 1; }
    if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
    const pad = 0.05 * (hi - lo);
    lo -= pad; hi += pad;
    const X = (t) => left + ((t - t0) / (t1 - t0 || 1)) * (right - left);
    const Y = (v) => bottom - ((v - lo) / (hi - lo)) * (bottom - top);
    // Axes and ticks.
    g.strokeStyle = '#d5dae1';
    g.fillStyle = '#556';
    g.font = '11px system-ui, sans-serif';
    g.lineWidth = 1;
    for (const [a, b, horizontal] of [[t0, t1, true], [lo, hi, false]]) {
      const step = niceStep((b - a) / 6);
      for (let v = Math.ceil(a / step) * step; v <= b; v += step) {
        const label = Math.abs(v) < step * 1e-6 ? '0' : Number(v.toPrecision(6)).toString();
        g.beginPath();
        if (horizontal) { g.moveTo(X(v), top); g.lineTo(X(v), bottom); g.stroke(); g.fillText(label, X(v) - 10, bottom + 14); }
        else { g.moveTo(left, Y(v)); g.lineTo(right, Y(v)); g.stroke(); g.fillText(label, 22, Y(v) + 4); }
      }
    }
    // Axis labels with units.
    const labels = this.labels();
    g.fillStyle = '#1d2430';
    g.font = '12px system-ui, sans-serif';
    g.textAlign = 'center';
    g.fillText(labels.x, (left + right) / 2, h - 6);
    g.save();
    g.translate(12, (top + bottom) / 2);
    g.rotate(-Math.PI / 2);
    g.fillText(labels.y, 0, 0);
    g.restore();
    g.textAlign = 'left';
    g.font = '11px system-ui, sans-serif';
    // Series.
    g.save();
    g.beginPath();
    g.rect(left, top, right - left, bottom - top);
    g.clip();
    for (const s of this.series) {
      const col = this.table.data[s.index];
      g.strokeStyle = s.color;
      g.lineWidth = 1.5;
      g.beginPath();
      let started = false;
      for (let i = 0; i < col.length; i++) {
        if (!Number.isFinite(col[i])) { started = false; continue; }
        const x = X(time[i]), y = Y(col[i]);
        if (started) g.lineTo(x, y); else { g.moveTo(x, y); started = true; }
      }
      g.stroke();
    }
    g.restore();
    // Cursor and drag selection.
    g.strokeStyle = '#1d2430';
    g.setLineDash([4, 3]);
    g.beginPath();
    g.moveTo(X(this.cursor), top);
    g.lineTo(X(this.cursor), bottom);
    g.stroke();
    g.setLineDash([]);
    if (this.cursor >= t0 && this.cursor <= t1) {
      g.fillStyle = '#1d2430';
      const text = labels.cursor;
      const x = Math.min(X(this.cursor) + 4, right - g.measureText(text).width - 2);
      g.fillText(text, x, top + 11);
      for (const s of this.series) {  // where each curve crosses the cursor
        const v = valueAt(time, this.table.data[s.index], this.cursor);
        if (!Number.isFinite(v)) continue;
        g.fillStyle = s.color;
        g.beginPath();
        g.arc(X(this.cursor), Y(v), 3, 0, 2 * Math.PI);
        g.fill();
      }
    }
    this.drawLegend(g, right, top);
    if (this.drag) {
      g.fillStyle = 'rgba(47,111,214,0.15)';
      g.fillRect(Math.min(this.drag.x0, this.drag.x1), top, Math.abs(this.drag.x1 - this.drag.x0), bottom - top);
    }
    if (this.series.length === 0) {
      g.fillStyle = '#889';
      g.fillText('choose a column and press "add series" (or click a body in the model tree)', left + 10, top + 20);
    }
  }

  // The axis labels, the cursor's text and the legend's lines (name = value at the cursor).
  labels() {
    return {
      x: axisLabel([this.table.columns[0]]),
      y: axisLabel(this.series.map((s) => s.name)),
      cursor: `t = ${formatValue(this.cursor)} ${splitUnit(this.table.columns[0]).unit || ''}`.trim(),
      legend: this.series.map((s) => legendText(s.name, valueAt(this.table.data[0], this.table.data[s.index], this.cursor))),
    };
  }

  drawLegend(g, right, top) {
    if (this.series.length === 0) return;
    const lines = this.labels().legend;
    const width = Math.max(...lines.map((l) => g.measureText(l).width)) + 30;
    const x = right - width - 6, y = top + 18;
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.strokeStyle = '#d5dae1';
    g.fillRect(x, y, width, 16 * lines.length + 6);
    g.strokeRect(x, y, width, 16 * lines.length + 6);
    lines.forEach((line, i) => {
      const s = this.series[i];
      g.strokeStyle = s.color;
      g.lineWidth = 2;
      g.beginPath();
      g.moveTo(x + 6, y + 12 + 16 * i);
      g.lineTo(x + 22, y + 12 + 16 * i);
      g.stroke();
      g.fillStyle = '#1d2430';
      g.fillText(line, x + 26, y + 16 + 16 * i);
    });
    g.lineWidth = 1;
  }

  toCsv() {
    const [t0, t1] = this.range;
    const time = this.table.data[0];
    const rows = [[this.table.columns[0], ...this.series.map((s) => s.name)].join(',')];
    for (let i = 0; i < time.length; i++) {
      if (time[i] < t0 || time[i] > t1) continue;
      rows.push([time[i], ...this.series.map((s) => this.table.data[s.index][i])].join(','));
    }
    return rows.join('\n') + '\n';
  }

  toPngDataUrl() { this.draw(); return this.canvas.toDataURL('image/png'); }
}

function niceStep(raw) {
  if (!(raw > 0)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

// "pelvis.pos_x[m]" -> {name: "pelvis.pos_x", unit: "m"}; a name without [unit] has unit "".
export function splitUnit(column) {
  const m = /^(.*?)\s*\[([^\]]*)\]\s*$/.exec(column);
  return m ? { name: m[1], unit: m[2] } : { name: column, unit: '' };
}

// An axis label for the columns drawn on it: one column "pelvis.pos_x [m]"; several with one
// unit "pos_x, pos_z [m]" (the part after the last dot, when it differs) or "value [m]"; mixed units
// "value [m | deg]".
export function axisLabel(columns) {
  if (columns.length === 0) return 'value';
  const parts = columns.map(splitUnit);
  const units = [...new Set(parts.map((p) => p.unit).filter((u) => u))];
  const unit = units.length ? ` [${units.join(' | ')}]` : '';
  if (parts.length === 1) return parts[0].name + unit;
  const leaves = [...new Set(parts.map((p) => p.name.slice(p.name.lastIndexOf('.') + 1)))];
  return (leaves.length <= 3 ? leaves.join(', ') : 'value') + unit;
}

// A legend line: "pelvis.pos_x = 0.123 m" ("—" where the value is not known).
export function legendText(column, value) {
  const { name, unit } = splitUnit(column);
  return `${name} = ${Number.isFinite(value) ? formatValue(value) : '—'}${unit && Number.isFinite(value) ? ` ${unit}` : ''}`;
}

// The column's value at time t, linearly interpolated between the neighbouring rows (NaN outside).
export function valueAt(time, column, t) {
  const n = time.length;
  if (n === 0 || !(t >= time[0] && t <= time[n - 1])) return NaN;
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (time[mid] <= t) lo = mid; else hi = mid;
  }
  if (time[hi] <= t) return column[hi];
  const s = (t - time[lo]) / (time[hi] - time[lo]);
  return column[lo] + s * (column[hi] - column[lo]);
}

function formatValue(v) {
  if (v === 0) return '0';
  const a = Math.abs(v);
  return a >= 1e4 || a < 1e-3 ? v.toExponential(3) : Number(v.toPrecision(4)).toString();
}
