#!/usr/bin/env python3
"""Validates model files against schema/articula-model-1.schema.json.
Usage: check_schema.py SCHEMA FILE...
Prints "INVALID <file>: <path>: <problem>" per problem (unreadable JSON included); exit 0 when
all files are valid, 1 otherwise, 77 when Python's jsonschema is not installed."""
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
    try:
        document = json.load(open(path))
    except ValueError as e:
        print(f"INVALID {path}: not JSON: {e}")
        bad += 1
        continue
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is not None:
        print(f"INVALID {path}: /{'/'.join(str(p) for p in error.absolute_path)}: {error.message[:200]}")
        bad += 1
sys.exit(1 if bad else 0)
