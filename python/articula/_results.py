"""Results of Model.simulate: NumPy arrays by coordinate and body name, the summary, the files."""
from __future__ import annotations  # the annotations stay strings: python/tools/make_stubs.py copies them

import json
import os
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ._articula import Model


class Results:
    """What one run of a model produced, frame by frame (one frame per report interval).

    Arrays (one row per frame):
      time (n,); q (n, nq); u, udot (n, nu)  -- columns named by model.q_names / model.u_names
      origin, com, com_velocity, com_acceleration, angular_velocity, angular_acceleration
        (n, bodies, 3), orientation (n, bodies, 4) quaternions [w, x, y, z]  -- bodies in file order
      contact_force, contact_torque (n, bodies, 3) when the model has contact
      kinetic_energy, potential_energy, nonconservative_work (n,)
      contacts: a dict of arrays, one entry per active contact per frame: frame, time, body_a,
        body_b (file-order body indices, -1 the ground), surface_a, surface_b (indices into
        contacts["surface_names"], -1 the ground), model (index into contacts["models"]), point,
        normal, depth, depth_rate, normal_force, friction_force, force, center_of_pressure
    By name: coordinate("hip.q"), speed("hip.q"), body("head")["com"].
    table("q", "forces", "bodies:head"): trajectory.csv's columns (names with units, the joint-space
      groups: generalized forces by class, joint reactions, constraint forces) as (names, array).
    summary: summary.json as a dict; statistics: the integrator's counts.
    write(folder): the files `articula run` writes, byte for byte.
    """

    # The arrays are declared for the stubs and editors; __getattr__ makes them when first read.
    time: NDArray[np.float64]
    q: NDArray[np.float64]
    u: NDArray[np.float64]
    udot: NDArray[np.float64]
    origin: NDArray[np.float64]
    orientation: NDArray[np.float64]
    com: NDArray[np.float64]
    com_velocity: NDArray[np.float64]
    com_acceleration: NDArray[np.float64]
    angular_velocity: NDArray[np.float64]
    angular_acceleration: NDArray[np.float64]
    contact_force: NDArray[np.float64]
    contact_torque: NDArray[np.float64]
    kinetic_energy: NDArray[np.float64]
    potential_energy: NDArray[np.float64]
    nonconservative_work: NDArray[np.float64]
    contacts: dict[str, Any]
    model: Model
    q_names: list[str]
    u_names: list[str]
    body_names: list[str]
    summary: dict[str, Any]
    summary_text: str
    statistics: dict[str, Any]
    fired_events: list[tuple[int, float]]  # (event index, time)

    def __init__(self, run):
        self._run = run
        self.model = run.model
        self._names = run.array_names()
        self._arrays = {}
        self.q_names = list(self.model.q_names)
        self.u_names = list(self.model.u_names)
        self.body_names = list(self.model.body_names)
        self.summary = json.loads(run.summary_json)
        self.summary_text = run.summary_text
        self.statistics = run.statistics()
        self.fired_events = run.fired_events

    def __getattr__(self, name):
        # The arrays are copied out of the run's frames when first asked for, then kept.
        if name.startswith("_") or name not in self._names:
            raise AttributeError("Results has no attribute '%s' (arrays: %s)" % (name, ", ".join(self._names)))
        value = self._arrays.get(name)
        if value is None:
            value = self._arrays[name] = self._run.array(name)
        return value

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._names))

    def __len__(self) -> int:
        return len(self.time)

    def __repr__(self) -> str:
        end = self.time[-1] if len(self.time) else 0.0
        return "<articula.Results: %d frames, t = 0 .. %g s, %s>" % (
            len(self.time), end, self.statistics["integrator"])

    def _column(self, names, values, name):
        try:
            return values[:, names.index(name)]
        except ValueError:
            raise KeyError("no coordinate named '%s' (known: %s)" % (name, ", ".join(names))) from None

    def coordinate(self, name: str) -> NDArray[np.float64]:
        """q of one coordinate ('joint.coordinate') at every frame."""
        return self._column(self.q_names, self.q, name)

    def speed(self, name: str) -> NDArray[np.float64]:
        """u of one coordinate at every frame."""
        return self._column(self.u_names, self.u, name)

    def acceleration(self, name: str) -> NDArray[np.float64]:
        """udot of one coordinate at every frame."""
        return self._column(self.u_names, self.udot, name)

    def body(self, name: str) -> dict[str, NDArray[np.float64]]:
        """Every per-body array of one body, as a dict (origin, orientation, com, ...)."""
        try:
            i = self.body_names.index(name)
        except ValueError:
            raise KeyError("no body named '%s'" % name) from None
        keys = ["origin", "orientation", "com", "com_velocity", "com_acceleration", "angular_velocity",
                "angular_acceleration", "contact_force", "contact_torque"]
        return {k: getattr(self, k)[:, i, :] for k in keys if k in self._names}

    def table(self, *items: str) -> tuple[list[str], NDArray[np.float64]]:
        """The columns of trajectory.csv (docs/output-format.md) as (names, array of frames x
        columns): the scenario's choice, then the items as `articula run --outputs` takes them, e.g.
        table("q,u,forces", "bodies:head,pelvis", "angles:radians"). Names carry units
        ("knee_r.angle.q[deg]", "knee_r.angle.tau_gravity[Nm]"); ValueError names a wrong item."""
        names, values = self._run.table(list(items))
        return list(names), values

    def to_pandas(self) -> Any:
        """A pandas DataFrame indexed by time: q, u, udot by coordinate name, each body's origin,
        orientation, mass centre motion (and contact force), and the energies. Needs pandas."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Results.to_pandas needs pandas (Debian: python3-pandas)") from None
        columns = {}
        for j, n in enumerate(self.q_names):
            columns["q:" + n] = self.q[:, j]
        for j, n in enumerate(self.u_names):
            columns["u:" + n] = self.u[:, j]
            columns["udot:" + n] = self.udot[:, j]
        axes = {3: ("x", "y", "z"), 4: ("w", "x", "y", "z")}
        for key in ["origin", "orientation", "com", "com_velocity", "com_acceleration", "angular_velocity",
                    "angular_acceleration", "contact_force", "contact_torque"]:
            if key not in self._names:
                continue
            values = getattr(self, key)
            for i, body in enumerate(self.body_names):
                for k, axis in enumerate(axes[values.shape[2]]):
                    columns["%s.%s_%s" % (body, key, axis)] = values[:, i, k]
        for key in ["kinetic_energy", "potential_energy", "nonconservative_work"]:
            columns[key] = getattr(self, key)
        return pd.DataFrame(columns, index=pd.Index(self.time, name="time"))

    def contacts_to_pandas(self) -> Any:
        """One row per active contact per frame (the columns of contacts.csv). Needs pandas."""
        import pandas as pd
        c = self.contacts
        columns = {k: c[k] for k in ["frame", "time", "body_a", "body_b", "depth", "depth_rate", "normal_force"]}
        surfaces = np.array(list(c["surface_names"]) + ["ground"], dtype=object)  # index -1: the ground
        for k in ["surface_a", "surface_b"]:
            columns[k] = surfaces[c[k]]
        columns["model"] = np.array(list(c["models"]), dtype=object)[c["model"]]
        for k in ["point", "normal", "friction_force", "force", "center_of_pressure"]:
            for j, axis in enumerate("xyz"):
                columns["%s_%s" % (k, axis)] = c[k][:, j]
        return pd.DataFrame(columns)

    def write(self, folder: str | os.PathLike[str]) -> str | os.PathLike[str]:
        """Writes the run's folder: the same files as `articula run --out folder` (trajectory.csv,
        trajectory.json, contacts.csv, summary.txt/.json, viewer.html), replacing an older run
        there and nothing else (OutputError otherwise)."""
        self._run.write(str(folder))
        return folder
