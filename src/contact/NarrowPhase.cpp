// Narrow-phase dispatch on the pair of shape types.
#include "articula/contact/NarrowPhase.h"

#include <utility>

#include "articula/Error.h"

namespace articula {

namespace {

using T = ShapeType;

bool isRound(T t) { return t == T::Sphere || t == T::Ellipsoid; }

}  // namespace

bool isPairSupported(ShapeType a, ShapeType b) {
  if (a > b) std::swap(a, b);
  if (b == T::TriangleMesh) return a != T::TriangleMesh;
  if (a == T::HalfSpace) return b != T::HalfSpace;
  if (isRound(a) && isRound(b)) return true;
  if (a == T::Sphere && (b == T::Brick || b == T::Capsule)) return true;
  return a == T::Capsule && b == T::Capsule;
}

void collide(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out,
             std::vector<MeshFaceContact>& meshOut, const Vec3& warmNormal_G) {
  const T ta = a.shape->type(), tb = b.shape->type();
  if (ta > tb || !isPairSupported(ta, tb))
    throw Error(std::string("collide: no narrow phase for shapes ") + std::to_string(a.index) + " (" +
                shapeTypeName(ta) + ") and " + std::to_string(b.index) + " (" + shapeTypeName(tb) +
                "); exclude the pair or use supported shape types");
  if (tb == T::TriangleMesh) return collideMesh(a, b, margin, meshOut);
  if (ta == T::HalfSpace) return collideHalfSpace(a, b, margin, out);
  if (isRound(ta) && isRound(tb)) return collideEllipsoids(a, b, margin, out, warmNormal_G);
  if (tb == T::Brick) return collideSphereBrick(a, b, margin, out);
  collideCapsule(a, b, margin, out);
}

}  // namespace articula
