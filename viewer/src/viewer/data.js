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

// trajectory.csv -> {columns: [names], data: [Float64Array per column]}; null when absent. The
// header's names come from the model file and may be quoted (readCsvRecord); the rows are numbers.
export function parseCsv(text) {
  if (!text) return null;
  const header = readCsvRecord(text, 0);
  const lines = text.slice(header.end).split(/\r?\n/).filter((l) => l.length > 0);
  if (lines.length < 1) return null;
  const columns = header.fields;
  const data = columns.map(() => new Float64Array(lines.length));
  for (let r = 0; r < lines.length; r++) {
    const cells = lines[r].split(',');
    for (let c = 0; c < columns.length; c++) data[c][r] = Number(cells[c]);
  }
  return { columns, data };
}

// One CSV record of `text` from `start` -> {fields, end}. Quoted fields (RFC 4180) may hold
// commas, doubled quotes and line breaks; a quoted field starting with ' loses it: the writer puts
// it before names a spreadsheet would take for a formula (src/run/CsvText.h). Unquoted fields are
// trimmed.
export function readCsvRecord(text, start) {
  const fields = [];
  let i = start;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] !== '"') break;
        if (text[i] === '"') i++;
        field += text[i];
      }
      if (field.startsWith("'")) field = field.slice(1);
      while (i < text.length && text[i] !== ',' && text[i] !== '\n') i++;  // the closing quote (and any stray text)
    } else {
      const end = text.slice(i).search(/[,\n]/);
      field = text.slice(i, end < 0 ? text.length : i + end).trim();
      i = end < 0 ? text.length : i + end;
    }
    fields.push(field);
    if (text[i] !== ',') return { fields, end: Math.min(text.length, i + 1) };
    i++;
  }
}

// Columns derived from trajectory.json when there is no CSV: per body origin x, y, z.
export function tableFromTrajectory(trajectory) {
  const n = trajectory.frames.length;
  const columns = ['time[s]'];
  const data = [Float64Array.from(trajectory.frames, (f) => f.t)];
  trajectory.bodies.forEach((body, i) => {
    ['origin_x[m]', 'origin_y[m]', 'origin_z[m]'].forEach((suffix, k) => {
      columns.push(`${body.name}.${suffix}`);
      const col = new Float64Array(n);
      for (let j = 0; j < n; j++) col[j] = trajectory.frames[j].poses[i][k];
      data.push(col);
    });
  });
  const contactColumns = ['contact_fx[N]', 'contact_fy[N]', 'contact_fz[N]'];
  if (trajectory.frames.some((f) => Array.isArray(f.contacts) && f.contacts.length)) {
    contactColumns.forEach((name, k) => {
      columns.push(name);
      data.push(Float64Array.from(trajectory.frames, (f) => (f.contacts || []).reduce((s, c) => s + c.force[k], 0)));
    });
  }
  return { columns, data };
}
