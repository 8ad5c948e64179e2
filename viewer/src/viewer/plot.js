// A small canvas plot: several series against time, a cursor at the current time, zoom by
// dragging a time range (double-click resets), export as PNG or CSV.

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
    return { w, h, left: 64, right: w - 12, top: 10, bottom: h - 24 };
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
        if (horizontal) { g.moveTo(X(v), top); g.lineTo(X(v), bottom); g.stroke(); g.fillText(label, X(v) - 10, h - 8); }
        else { g.moveTo(left, Y(v)); g.lineTo(right, Y(v)); g.stroke(); g.fillText(label, 4, Y(v) + 4); }
      }
    }
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
    if (this.drag) {
      g.fillStyle = 'rgba(47,111,214,0.15)';
      g.fillRect(Math.min(this.drag.x0, this.drag.x1), top, Math.abs(this.drag.x1 - this.drag.x0), bottom - top);
    }
    if (this.series.length === 0) {
      g.fillStyle = '#889';
      g.fillText('choose a column and press "add series" (or click a body in the model tree)', left + 10, top + 20);
    }
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
