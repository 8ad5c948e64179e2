#include "articula/contact/ContactForceLaw.h"

#include "articula/Error.h"

namespace articula {

PreparedContact ContactForceLaw::preparePoint(const State&, const ContactPoint& cp) const {
  throw Error(std::string("contact force law ") + contactModelName(getModel()) + " has no point contacts (surfaces " +
              std::to_string(cp.shapeA) + ", " + std::to_string(cp.shapeB) + ")");
}

PreparedContact ContactForceLaw::prepareFaces(const State&, std::span<const MeshFaceContact> faces, int begin,
                                              int) const {
  throw Error(std::string("contact force law ") + contactModelName(getModel()) + " has no mesh contacts (surfaces " +
              std::to_string(faces[begin].meshShape) + ", " + std::to_string(faces[begin].otherShape) + ")");
}

bool ContactForceLaw::linearizeWrench(const State&, int, const TreeForceLinearization&, SpatialVec&,
                                      WrenchSlopes&) const {
  return false;
}

}  // namespace articula
