#!/usr/bin/env python3
"""Compares two articula_eval_fingerprint outputs line by line: for each labelled line, the largest
difference relative to the line's largest magnitude. Usage: compare_fingerprints.py A B"""
import sys


def lines(path):
    with open(path) as f:
        return [l.split() for l in f if l.strip()]


a, b = lines(sys.argv[1]), lines(sys.argv[2])
if len(a) != len(b):
    print(f"different line counts: {len(a)} and {len(b)}")
section = ""
for la, lb in zip(a, b):
    if la[0] == "#":
        section = " ".join(la[1:])
        continue
    if la[0] != lb[0] or len(la) != len(lb):
        print(f"{section}: '{la[0]}' ({len(la)}) against '{lb[0]}' ({len(lb)})")
        continue
    xa, xb = [float(x) for x in la[1:]], [float(x) for x in lb[1:]]
    if not xa:
        continue
    scale = max(max(abs(x) for x in xa), 1e-300)
    rel = max(abs(x - y) for x, y in zip(xa, xb)) / scale
    print(f"{section:28s} {la[0]:8s} {rel:.2e}")
