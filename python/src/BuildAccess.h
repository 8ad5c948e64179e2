// What the bindings that build a System (forces, constraints, contact) share: the matter of a
// subsystem, index checks raising IndexError when the element is made (the engine checks them
// only when the topology is realized, far from the call that was wrong), and body-force rows.
#pragma once
#include <string>
#include <vector>

#include "Bindings.h"
#include "articula/matter/MatterSubsystem.h"
#include "articula/matter/MultibodySystem.h"

namespace articula::python {

// The matter of the MultibodySystem that `sub` was added to.
inline const MatterSubsystem& matterOf(const Subsystem& sub) {
  const auto* system = sub.isInSystem() ? dynamic_cast<const MultibodySystem*>(&sub.getSystem()) : nullptr;
  if (!system) throw Error("subsystem '" + sub.getName() + "': it belongs to no MultibodySystem");
  return system->getMatter();
}

inline void requireBodyIndex(const MatterSubsystem& matter, int body, const char* what, bool groundAllowed = true) {
  if (body < (groundAllowed ? 0 : 1) || body >= matter.getNumBodies())
    throw py::index_error(std::string(what) + " " + std::to_string(body) + ": not a" +
                          (groundAllowed ? "" : " non-Ground") + " body index (bodies 0.." +
                          std::to_string(matter.getNumBodies() - 1) + ", 0 = Ground)");
}

// `which` is a coordinate (q) or speed (u) index within body's own mobilizer.
inline void requireMobilityIndex(const MatterSubsystem& matter, int body, int which, bool coordinate,
                                 const char* what) {
  requireBodyIndex(matter, body, "body", false);
  const auto& info = matter.getInfo(body);
  const int n = coordinate ? info.nq : info.nu;
  if (which < 0 || which >= n)
    throw py::index_error(std::string(what) + " " + std::to_string(which) + ": body " + std::to_string(body) + " has " +
                          std::to_string(n) + (coordinate ? " coordinates" : " speeds"));
}

// Body forces as a (num_bodies, 6) array of rows [moment about the body origin; force] in Ground.
inline py::array_t<double> bodyForceRows(const std::vector<SpatialVec>& v) {
  py::array_t<double> a({static_cast<py::ssize_t>(v.size()), py::ssize_t{6}});
  for (size_t b = 0; b < v.size(); ++b) Eigen::Map<SpatialVec>(a.mutable_data(b, 0)) = v[b];
  return a;
}

}  // namespace articula::python
