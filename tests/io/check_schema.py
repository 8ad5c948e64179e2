#!/usr/bin/env python3
"""Validates model files against schema/articula-model-1.schema.json.
Usage: check_schema.py SCHEMA FILE... ; exit 0 when all are valid, 1 otherwise, 77 without jsonschema."""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit(77)

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
bad = 0
for path in sys.argv[2:]:
    for error in validator.iter_errors(json.load(open(path))):
        print(f"{path}: /{'/'.join(str(p) for p in error.absolute_path)}: {error.message[:200]}")
        bad += 1
sys.exit(1 if bad else 0)
