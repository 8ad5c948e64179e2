#!/usr/bin/env python3
"""Golden check: every shipped model's run folder, byte for byte, against a recorded manifest.

    golden.py ARTICULA write   # record tests/golden/manifest.json
    golden.py ARTICULA check   # run again and compare (exit 1 naming each file that changed)

Each model in models/, models/scenarios/ and OpenMBD's four (tests/data/openmbd/) is run with its own scenario (`articula run -q`),
its run rendered to a small GIF, printed by `info` and written back by `convert`.
The fields that measure the machine rather than the model (wall times, real-time factors, the
resident set size) and the checkout's location in paths are blanked before hashing; everything else must be identical, so a refactor
that claims to change nothing can prove it (issue 20).
"""
import hashlib, json, os, pathlib, re, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "tests" / "golden" / "manifest.json"
# summary.json / viewer.html: keys whose values are timings or memory readings.
MACHINE_KEYS = re.compile(
    r'"(frame_handoff_s|frame_work_s|integration_real_time_factor|integration_s|peak_rss_bytes|'
    r'rss_at_10_percent_bytes|rss_end_bytes|rss_start_bytes|real_time_factor|total_wall_time_s|'
    r'wall_time_s)":\s*[-+0-9.eE]+')
# summary.txt: the two lines that report wall time.
MACHINE_LINES = re.compile(r'^(Run  .*|\s+the integration itself.*)$', re.M)


def models():
    return (sorted(ROOT.glob("models/*.json")) + sorted(ROOT.glob("models/scenarios/*.json")) +
            sorted(ROOT.glob("tests/data/openmbd/*.json")))


def extra_args(model):
    # OpenMBD's files are read as OpenMBD reads them (its substitutions, 1e-4 s steps), briefly.
    return ["--openmbd-compat", "--duration", "0.2"] if "openmbd" in model.parts else []


def run(articula, *args, stdout=None):
    subprocess.run([articula, *map(str, args)], check=True, stdout=stdout)


def normalized(path):
    # The checkout's location shows in paths (info, summary, a mesh path written back): blanked,
    # so that any checkout or worktree gives the same hashes.
    data = path.read_bytes()
    for root in (os.path.relpath(ROOT, path.parent), str(ROOT)):  # relative first: it may end with the absolute one
        data = data.replace(root.encode(), b"<root>")
    if path.suffix in (".json", ".html"):
        data = MACHINE_KEYS.sub(lambda m: '"%s":0' % m.group(1), data.decode()).encode()
    if path.name == "summary.txt":
        data = MACHINE_LINES.sub("<wall time>", data.decode()).encode()
    return hashlib.sha256(data).hexdigest()


def run_all(articula):
    hashes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for model in models():
            name = str(model.relative_to(ROOT))
            out = pathlib.Path(tmp) / model.stem
            run(articula, "run", model, "--out", out, "-q", *extra_args(model))
            # The render layer: a small GIF of the run (same pixels, same encoding).
            run(articula, "render", out, "--gif", "--size", "160x120", "--fps", "10", "-q")
            # The model layer: the tree print and the Articula writer.
            with open(out / "info.txt", "w") as info:
                run(articula, "info", model, *extra_args(model)[:1], stdout=info)
            run(articula, "convert", model, out / "converted.json", "-q", *extra_args(model)[:1])
            for f in sorted(out.iterdir()):
                hashes[name + ":" + f.name] = normalized(f)
    return hashes


def main():
    articula, mode = sys.argv[1], sys.argv[2]
    hashes = run_all(articula)
    if mode == "write":
        MANIFEST.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
        print("golden: recorded %d files of %d models" % (len(hashes), len(models())))
        return 0
    expected = json.loads(MANIFEST.read_text())
    changed = [k for k in sorted(set(expected) | set(hashes)) if expected.get(k) != hashes.get(k)]
    for k in changed:
        print("golden: changed: %s" % k)
    print("golden: %d of %d files identical" % (len(expected) - len(changed), len(expected)))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
