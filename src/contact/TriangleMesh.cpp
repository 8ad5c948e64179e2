#include "articula/contact/TriangleMesh.h"

#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& what) {
  throw Error(std::string("TriangleMesh '") + name + "': " + what);
}

}  // namespace

TriangleMesh::TriangleMesh(std::vector<Vec3> vertices_S, std::vector<std::array<int, 3>> faces, std::string name)
    : name_(std::move(name)), vertices_(std::move(vertices_S)), faces_(std::move(faces)) {
  if (faces_.empty()) fail(name_, "has no faces");
  lo_ = Vec3::Constant(INFINITY);
  hi_ = Vec3::Constant(-INFINITY);
  for (size_t i = 0; i < vertices_.size(); ++i) {
    if (!vertices_[i].allFinite()) {
      std::ostringstream os;
      os << "vertex " << i << " is not finite (" << vertices_[i].transpose() << ")";
      fail(name_, os.str());
    }
    lo_ = lo_.cwiseMin(vertices_[i]);
    hi_ = hi_.cwiseMax(vertices_[i]);
    boundingRadius_ = std::max(boundingRadius_, vertices_[i].norm());
  }
  const Real size2 = (hi_ - lo_).squaredNorm();
  normals_.resize(faces_.size());
  centroids_.resize(faces_.size());
  areas_.resize(faces_.size());
  const int nv = numVertices();
  for (size_t f = 0; f < faces_.size(); ++f) {
    for (int k : faces_[f]) {
      if (k < 0 || k >= nv) {
        std::ostringstream os;
        os << "face " << f << " uses vertex index " << k << ", outside [0, " << nv << ")";
        fail(name_, os.str());
      }
    }
    const Vec3& a = vertices_[faces_[f][0]];
    const Vec3& b = vertices_[faces_[f][1]];
    const Vec3& c = vertices_[faces_[f][2]];
    const Vec3 cross = (b - a).cross(c - a);
    const Real twiceArea = cross.norm();
    if (!(twiceArea > 2e-14 * size2)) {
      std::ostringstream os;
      os << "face " << f << " (vertices " << faces_[f][0] << ", " << faces_[f][1] << ", " << faces_[f][2]
         << ") is degenerate: area " << 0.5 * twiceArea;
      fail(name_, os.str());
    }
    normals_[f] = cross / twiceArea;
    areas_[f] = 0.5 * twiceArea;
    centroids_[f] = (a + b + c) / 3;
  }
}

}  // namespace articula
