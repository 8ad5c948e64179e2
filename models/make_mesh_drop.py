#!/usr/bin/env python3
"""Writes models/meshes/cube.obj (a unit cube, side 1 m, each face split into n x n squares of two
triangles, shared vertices, counter-clockwise seen from outside) and models/mesh_drop.json (that
cube scaled to 0.2 m, 2 kg, dropped 5 cm onto a concrete floor; elastic-foundation contact)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
N = 4  # squares per face edge: 2 N^2 triangles per face, so the foundation has springs spread over the face


def cube(n):
    verts, index, faces = [], {}, []

    def vid(p):
        key = tuple(round(c, 9) for c in p)
        if key not in index:
            index[key] = len(verts)
            verts.append(key)
        return index[key]

    # Each face: origin corner o, edge directions a and b with a x b = the outward normal.
    for axis in range(3):
        for side in (-0.5, 0.5):
            u, v = (axis + 1) % 3, (axis + 2) % 3
            if side < 0:
                u, v = v, u  # flip so a x b points out
            for i in range(n):
                for j in range(n):
                    def corner(di, dj):
                        p = [0.0, 0.0, 0.0]
                        p[axis] = side
                        p[u] = -0.5 + (i + di) / n
                        p[v] = -0.5 + (j + dj) / n
                        return vid(p)
                    a, b, c, d = corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)
                    faces += [(a, b, c), (a, c, d)]
    return verts, faces


def main():
    verts, faces = cube(N)
    os.makedirs(os.path.join(HERE, "meshes"), exist_ok=True)
    with open(os.path.join(HERE, "meshes", "cube.obj"), "w") as f:
        f.write("# unit cube, side 1 m, centred; %d x %d squares per face (models/make_mesh_drop.py)\n" % (N, N))
        for p in verts:
            f.write("v %g %g %g\n" % p)
        for t in faces:
            f.write("f %d %d %d\n" % tuple(k + 1 for k in t))
    side, mass = 0.2, 2.0
    inertia = mass * (side ** 2 + side ** 2) / 12
    model = {
        "format": "articula-model",
        "version": 1,
        "name": "mesh drop",
        "description": "A 0.2 m cube read from meshes/cube.obj (scale 0.2), 2 kg, dropped from 5 cm onto a "
                       "concrete floor. The mesh touches through the elastic foundation: one spring per "
                       "triangle, stiffness from the rubber-like material's confined modulus over a 2 cm layer.",
        "gravity": [0, 0, -9.81],
        "contact_materials": {
            "soft_rubber": {"type": "hertz", "youngs_modulus": 1e5, "poisson_ratio": 0.3, "dissipation": 3,
                            "static_friction": 0.8, "dynamic_friction": 0.6}
        },
        "contact": {"ground": {"height": 0}},
        "bodies": [{
            "name": "cube",
            "mass": mass,
            "inertia": {"moments": [inertia] * 3},
            "color": [0.85, 0.45, 0.2],
            "joint": {"name": "drop", "type": "free", "parent": "ground",
                      "parent_frame": {"position": [0, 0, side / 2 + 0.05]}},
            "geometry": [{"name": "cube_mesh", "type": "mesh", "file": "meshes/cube.obj", "scale": side,
                          "layer_thickness": 0.02, "material": "soft_rubber"}]
        }],
        "scenario": {"duration": 1.5, "accuracy": 1e-4, "report_interval": 0.01}
    }
    with open(os.path.join(HERE, "mesh_drop.json"), "w") as f:
        json.dump(model, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
