// The run embedded in the page by `articula view`: {"trajectory": <trajectory.json>,
// "csv": <trajectory.csv text or null>, "summary": <summary.json or null>}.

export function loadEmbeddedRun(doc) {
  const node = doc.getElementById('articula-data');
  const payload = node ? JSON.parse(node.textContent) : null;
  if (!payload || !payload.trajectory) {
    throw new Error('This page holds no run. Write it with: articula view OUTDIR');
  }
  const trajectory = payload.trajectory;
  if (trajectory.format !== 'articula-trajectory') throw new Error('trajectory: /format is not "articula-trajectory"');
  if (!Array.isArray(trajectory.bodies) || !Array.isArray(trajectory.frames) || trajectory.frames.length === 0) {
    throw new Error('trajectory: needs /bodies and a non-empty /frames');
  }
  return { trajectory, table: parseCsv(payload.csv), summary: payload.summary || null };
}

// trajectory.csv -> {columns: [names], data: [Float64Array per column]}; null when absent.
export function parseCsv(text) {
  if (!text) return null;
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length < 2) return null;
  const columns = lines[0].split(',').map((c) => c.trim());
  const data = columns.map(() => new Float64Array(lines.length - 1));
  for (let r = 1; r < lines.length; r++) {
    const cells = lines[r].split(',');
    for (let c = 0; c < columns.length; c++) data[c][r - 1] = Number(cells[c]);
  }
  return { columns, data };
}

// Columns derived from trajectory.json when there is no CSV: per body origin x, y, z.
export function tableFromTrajectory(trajectory) {
  const n = trajectory.frames.length;
  const columns = ['Time'];
  const data = [Float64Array.from(trajectory.frames, (f) => f.t)];
  trajectory.bodies.forEach((body, i) => {
    ['OriginX', 'OriginY', 'OriginZ'].forEach((suffix, k) => {
      columns.push(`${body.name}_${suffix}`);
      const col = new Float64Array(n);
      for (let j = 0; j < n; j++) col[j] = trajectory.frames[j].poses[i][k];
      data.push(col);
    });
  });
  const contactColumns = ['ContactForceX', 'ContactForceY', 'ContactForceZ'];
  if (trajectory.frames.some((f) => Array.isArray(f.contacts) && f.contacts.length)) {
    contactColumns.forEach((name, k) => {
      columns.push(name);
      data.push(Float64Array.from(trajectory.frames, (f) => (f.contacts || []).reduce((s, c) => s + c.force[k], 0)));
    });
  }
  return { columns, data };
}
