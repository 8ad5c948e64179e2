// Scaling a model to a target height and mass (docs/api.md, "Scaling a model"), as the web
// editor's "scale" button does (viewer/src/editor/scaling.js), on a loaded ModelSpec.
//
// Height: the extent of the model's geometry along "up" (minus gravity's direction; +z when there
// is no gravity) at the zero pose: every coordinate zero, quaternions identity, each joint's X_FM
// from its mobilizer at those coordinates (a function_based joint's functions at q = 0, a reversed
// joint inverted), bodies placed through their joint frames. Each shape contributes its centre's
// height plus/minus its half-extent along up: sphere r; ellipsoid |diag(semi_axes) a|; box
// sum_k |a_k| h_k; cylinder |a_z| l + r sqrt(1 - a_z^2); capsule |a_z| l + r (a: up in the shape's
// axes, l: half-length); mesh: the lowest and highest of its scaled vertices along up (the editor
// leaves meshes out). Mass: the sum of the body masses.
//
// Scaling: lengths by s = H / H0, masses by k = M / M0, inertias by k s^2, about the ground origin.
// Every length of the spec scales: mass centres; joint frame positions, ellipsoid semi_axes, screw
// pitch; function_based translation functions (outputs by s; arguments that are translational
// coordinates by s too, so f'(q') = s f(q'/s)); prescribed motions of translational mobilities;
// geometry positions, sizes, mesh scales and vertices, mesh layer thickness; force stations, frame
// positions, natural lengths, and a coordinate force's rest/lower/upper/transition/target when its
// coordinate is translational; constraint stations, frame positions, lengths, radii, a
// point_in_plane height, a translational coordinate's constant speed/acceleration or prescribed
// function, coupler arguments; the ground's height; event stations and heights; markers; muscle
// path points (moving points' functions, conditional ranges of translational coordinates); the
// initial q and u of translational coordinates.
//
// Kept as they are, because their scaling depends on what the sweep holds fixed: stiffnesses
// (a linear spring's N/m, a bushing's, a stop's, muscle tone's, pd_servo gains), dampings, forces,
// torques, actuator functions and limits, contact materials and per-geometry force curves, contact
// transition speeds, gravity, and the scenario's times.
#pragma once
#include "articula/model/ModelSpec.h"

namespace articula::model {

struct ModelSize {
  Real height = 0, mass = 0;  // m along up at the zero pose; kg
};

// Throws articula::Error when a joint's mobilizer cannot be made (bad function data).
ModelSize measureModel(const ModelSpec& model);

// Scales `model` in place to `height` (m) and `mass` (kg). Throws ModelError naming the value when
// either is not positive and finite, or when the model has no measurable height or no mass.
void scaleModel(ModelSpec& model, Real height, Real mass);

}  // namespace articula::model
