"""python3 -m articula sweep SWEEP.json --out DIR [--scheduler tcp://HOST:8786] (docs/sweeps.md)."""
import sys

from ._sweep import main

USAGE = "usage: python3 -m articula sweep SWEEP.json --out DIR [--scheduler tcp://HOST:8786] [options]"

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "sweep":
        print(USAGE, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[2:]))
