// A small JSON Schema (2020-12 subset) checker for the model schema: type, const, enum, numeric
// and length bounds, required, properties, additionalProperties, propertyNames, items, allOf,
// oneOf, not, if/then, $ref into #/$defs, pattern. Returns [{path, message}] with JSON pointers.

export function checkSchema(root, value) {
  const errors = [];
  visit(root, root, value, '', errors);
  return errors;
}

function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function matchesType(v, t) {
  const actual = typeOf(v);
  return actual === t || (t === 'number' && actual === 'integer');
}

function resolve(root, ref) {
  if (!ref.startsWith('#/')) return {};
  return ref.slice(2).split('/').reduce((node, key) => (node ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root) || {};
}

function show(v) {
  const text = JSON.stringify(v);
  return text && text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function visit(root, schema, v, path, errors) {
  if (schema === true || schema === undefined) return;
  if (schema === false) { errors.push({ path, message: 'not allowed here' }); return; }
  const before = errors.length;
  if (schema.$ref) visit(root, resolve(root, schema.$ref), v, path, errors);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(v, t))) { errors.push({ path, message: `${show(v)}: expected ${types.join(' or ')}` }); return; }
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(v)) errors.push({ path, message: `${show(v)}: must be ${show(schema.const)}` });
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) errors.push({ path, message: `${show(v)}: must be one of ${schema.enum.join(', ')}` });
  if (typeof v === 'number') {
    if (schema.minimum !== undefined && v < schema.minimum) errors.push({ path, message: `${v}: must be at least ${schema.minimum}` });
    if (schema.maximum !== undefined && v > schema.maximum) errors.push({ path, message: `${v}: must be at most ${schema.maximum}` });
    if (schema.exclusiveMinimum !== undefined && v <= schema.exclusiveMinimum) errors.push({ path, message: `${v}: must be greater than ${schema.exclusiveMinimum}` });
    if (schema.exclusiveMaximum !== undefined && v >= schema.exclusiveMaximum) errors.push({ path, message: `${v}: must be less than ${schema.exclusiveMaximum}` });
  }
  if (typeof v === 'string') {
    if (schema.minLength !== undefined && v.length < schema.minLength) errors.push({ path, message: `"${v}": too short` });
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(v)) errors.push({ path, message: `"${v}": does not match ${schema.pattern}` });
  }
  if (Array.isArray(v)) {
    if (schema.minItems !== undefined && v.length < schema.minItems) errors.push({ path, message: `needs at least ${schema.minItems} items` });
    if (schema.maxItems !== undefined && v.length > schema.maxItems) errors.push({ path, message: `takes at most ${schema.maxItems} items` });
    if (schema.items) v.forEach((item, i) => visit(root, schema.items, item, `${path}/${i}`, errors));
  }
  if (typeOf(v) === 'object') {
    for (const key of schema.required || []) if (!(key in v)) errors.push({ path: `${path}/${key}`, message: 'missing' });
    for (const [key, item] of Object.entries(v)) {
      if (schema.propertyNames) visit(root, schema.propertyNames, key, `${path}/${key}`, errors);
      if (schema.properties && key in schema.properties) visit(root, schema.properties[key], item, `${path}/${key}`, errors);
      else if (schema.additionalProperties === false) errors.push({ path: `${path}/${key}`, message: 'unknown field' });
      else if (typeof schema.additionalProperties === 'object') visit(root, schema.additionalProperties, item, `${path}/${key}`, errors);
    }
  }
  for (const sub of schema.allOf || []) visit(root, sub, v, path, errors);
  if (schema.oneOf) {
    const passing = schema.oneOf.map((sub) => { const e = []; visit(root, sub, v, path, e); return e; });
    const ok = passing.filter((e) => e.length === 0).length;
    if (ok !== 1) {
      // Report the closest alternative's errors (the fewest), or the ambiguity.
      if (ok === 0) errors.push(...passing.reduce((a, b) => (b.length < a.length ? b : a)));
      else errors.push({ path, message: 'matches more than one alternative' });
    }
  }
  if (schema.not) {
    const e = [];
    visit(root, schema.not, v, path, e);
    if (e.length === 0) errors.push({ path, message: `${show(v)}: not allowed` });
  }
  if (schema.if) {
    const e = [];
    visit(root, schema.if, v, path, e);
    if (e.length === 0 && schema.then) visit(root, schema.then, v, path, errors);
    if (e.length > 0 && schema.else) visit(root, schema.else, v, path, errors);
  }
  return errors.length === before;
}
