// What the per-frame files hold (docs/output-format.md, "Choosing what is written"): the column
// groups, the bodies, the significant digits and the angle unit. A scenario's "outputs" object
// and the command line's --outputs give the same items.
#pragma once
#include <string>
#include <vector>

#include "articula/model/KindNames.h"

namespace articula::model {

enum class ColumnGroup {
  Bodies,             // each body's mass centre, orientation, velocities, accelerations, origin
  Contact,            // each body's net contact force and moment (models with contact)
  Coordinates,        // q per coordinate
  Speeds,             // u per mobility
  Accelerations,      // u̇ per mobility
  GeneralizedForces,  // per mobility: each force class's generalized force, the constraints', the total
  Reactions,          // per joint: the force and moment it transmits to its body
  Constraints,        // per constraint: the force and moment it applies to each of its bodies
  Energy              // kinetic, potential, non-conservative work, balance
};

// Angles in the joint-space columns: as the model file states its coordinates (degrees when its
// initial_state uses q_deg / u_deg), or always radians, or always degrees.
enum class AngleUnit { AsFile, Radians, Degrees };

template <>
const std::vector<KindName<ColumnGroup>>& kindTable<ColumnGroup>();  // src/model/OutputSelection.cpp
template <>
const std::vector<KindName<AngleUnit>>& kindTable<AngleUnit>();

// Significant digits: 9 keeps every value to a float's precision and the files compact; 17
// round-trips every double exactly (shortest text that reads back equal).
inline constexpr int kDefaultDigits = 9;
inline constexpr int kMinDigits = 3, kMaxDigits = 17;

struct OutputSelection {
  std::vector<ColumnGroup> groups;  // empty: every group the model has
  std::vector<std::string> bodies;  // body columns (bodies, contact) for these only; empty: all
  int digits = kDefaultDigits;
  AngleUnit angles = AngleUnit::AsFile;

  bool wants(ColumnGroup g) const;  // an empty `groups` wants all
};

// One item of the selection, as --outputs spells it: a list of groups "q,u,contact", or
// "bodies:head,pelvis", "digits:17", "angles:degrees". Returns the problem ("" when applied),
// for the caller to name the option or field.
std::string applyOutputItem(const std::string& item, OutputSelection& selection);

}  // namespace articula::model
