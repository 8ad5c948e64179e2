// Narrow-phase dispatch on the pair of shape types.
#include "articula/contact/NarrowPhase.h"

#include <utility>

#include "articula/Error.h"

namespace articula {

namespace {

using T = ShapeType;

bool isRound(T t) { return t == T::Sphere || t == T::Ellipsoid; }

}  // namespace

// Every pair but two half-spaces (unbounded: they always overlap unless parallel).
bool isPairSupported(ShapeType a, ShapeType b) { return !(a == T::HalfSpace && b == T::HalfSpace); }

void collide(const PlacedShape& a, const PlacedShape& b, Real margin, std::vector<ContactPoint>& out,
             std::vector<MeshFaceContact>& meshOut, const Vec3& warmNormal_G, Vec3* normalOut_G, bool warmSearch) {
  if (normalOut_G) normalOut_G->setZero();
  const T ta = a.shape->type(), tb = b.shape->type();
  if (ta > tb || !isPairSupported(ta, tb))
    throw Error(std::string("collide: no narrow phase for shapes ") + std::to_string(a.index) + " (" +
                shapeTypeName(ta) + ") and " + std::to_string(b.index) + " (" + shapeTypeName(tb) +
                "); exclude the pair or use supported shape types");
  if (ta == T::TriangleMesh) {  // mesh pair: the finer mesh carries the springs
    if (a.shape->mesh().numFaces() > b.shape->mesh().numFaces()) return collideMesh(b, a, margin, meshOut);
    return collideMesh(a, b, margin, meshOut);
  }
  if (tb == T::TriangleMesh) return collideMesh(a, b, margin, meshOut);
  if (ta == T::HalfSpace) return collideHalfSpace(a, b, margin, out);
  if (isRound(ta) && isRound(tb)) return collideEllipsoids(a, b, margin, out, warmNormal_G, normalOut_G, warmSearch);
  if (ta == T::Sphere && tb == T::Brick) return collideSphereBrick(a, b, margin, out);
  if ((ta == T::Sphere || ta == T::Capsule) && tb == T::Capsule) return collideCapsule(a, b, margin, out);
  collideConvex(a, b, margin, out);
}

}  // namespace articula
