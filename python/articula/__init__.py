"""Articula: multibody dynamics for biomechanics and robotics.

Load a model file and run its scenario::

    import articula
    m = articula.load("models/double_pendulum.json")
    r = m.simulate(duration=2.0)
    r.q, r.coordinate("shoulder.q"), r.summary["energy"]

or build a System in code and use the operators at a State (docs/python.md).
"""
from __future__ import annotations  # the annotations stay strings: python/tools/make_stubs.py copies them

import sys
from typing import Any, Callable, Iterable

from ._articula import *  # noqa: F401,F403  (the compiled classes and functions)
from ._articula import __version__, _simulate, Model, Stage  # noqa: F401
from . import _articula
from ._results import Results
from ._progress import make_progress as _make_progress
from ._sweep import sweep, SweepResults

__all__ = [name for name in dir(_articula) if not name.startswith("_")] + ["Results", "from_dict", "sweep", "SweepResults"]

# The extension's submodules (articula.mobilizers) import by their full name too.
for _name, _value in vars(_articula).items():
    if type(_value) is type(sys):
        sys.modules.setdefault("%s.%s" % (__name__, _name), _value)
del _name, _value


def _model_simulate(self, duration: float | None = None, integrator: str | None = None,
                    accuracy: float | None = None, report_interval: float | None = None,
                    fixed_step: float | None = None, max_steps: int | None = None,
                    progress: bool | Callable[[float, float, float], Any] = False,
                    frame_thread: bool = True) -> Results:
    """Runs the model's scenario and returns its Results.

    The run happens in C++ with the GIL released (other Python threads go on); keyword arguments
    replace the file's scenario fields, checked as the command checks --duration, --integrator, ...
    (ModelError for a bad value). progress=True shows a progress bar (a notebook widget in
    Jupyter when ipywidgets is there, else text on stderr); a callable is called as
    progress(t, duration, wall_seconds) about ten times a second. Ctrl-C stops the run
    (KeyboardInterrupt). A failed integration raises SimulationError.
    """
    callback = _make_progress(progress)
    try:
        run = _simulate(self, duration=duration, integrator=integrator, accuracy=accuracy,
                        fixed_step=fixed_step, report_interval=report_interval,
                        max_steps=None if max_steps is None else float(max_steps),
                        progress=callback, frame_thread=frame_thread)
    finally:
        if hasattr(callback, "close"):
            callback.close()
    return Results(run)


Model.simulate = _model_simulate


def from_dict(document: dict[str, Any], file: str = "<dict>", openmbd_compat: bool = False,
              allow_paths: Iterable[str] = ()) -> Model:
    """A model from a dict in either format (what json.load gives; Model.to_dict() gives one back)."""
    import json
    return from_json(json.dumps(document), file=file, openmbd_compat=openmbd_compat,  # noqa: F405
                     allow_paths=list(allow_paths))


def _model_to_dict(self) -> dict[str, Any]:
    """The model in the Articula format as a dict (edit it and pass it to articula.from_dict)."""
    import json
    return json.loads(self.to_json())


Model.to_dict = _model_to_dict

# Only the API stays in the package's namespace (the typing names serve the annotations above).
del Any, Callable, Iterable, annotations, sys
