#include "articula/contact/TriangleMesh.h"

#include <algorithm>
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
  order_.resize(faces_.size());
  for (size_t f = 0; f < faces_.size(); ++f) order_[f] = static_cast<int>(f);
  nodes_.reserve(2 * faces_.size());
  buildNode(0, numFaces());
}

// Median split along the longest axis of the face centroids, down to leaves of at most 4 faces.
int TriangleMesh::buildNode(int begin, int end) {
  const int index = static_cast<int>(nodes_.size());
  nodes_.push_back(Node{Vec3::Constant(INFINITY), Vec3::Constant(-INFINITY), begin, end - begin, -1});
  Vec3 cLo = Vec3::Constant(INFINITY), cHi = Vec3::Constant(-INFINITY);
  for (int i = begin; i < end; ++i) {
    for (int k : faces_[order_[i]]) {
      nodes_[index].lo = nodes_[index].lo.cwiseMin(vertices_[k]);
      nodes_[index].hi = nodes_[index].hi.cwiseMax(vertices_[k]);
    }
    cLo = cLo.cwiseMin(centroids_[order_[i]]);
    cHi = cHi.cwiseMax(centroids_[order_[i]]);
  }
  if (end - begin <= 4) return index;
  int axis = 0;
  (cHi - cLo).maxCoeff(&axis);
  const int mid = (begin + end) / 2;
  std::nth_element(order_.begin() + begin, order_.begin() + mid, order_.begin() + end,
                   [&](int x, int y) { return centroids_[x][axis] < centroids_[y][axis]; });
  const int left = buildNode(begin, mid);
  const int right = buildNode(mid, end);
  nodes_[index].first = left;
  nodes_[index].right = right;
  nodes_[index].count = 0;
  return index;
}

namespace {

// Closest point of triangle (a, b, c) to p, by the Voronoi regions of its vertices, edges and face.
Vec3 closestOnTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const Real d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const Vec3 bp = p - b;
  const Real d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const Real vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + d1 / (d1 - d3) * ab;
  const Vec3 cp = p - c;
  const Real d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const Real vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + d2 / (d2 - d6) * ac;
  const Real va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
  const Real denom = 1 / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

Real boxDistanceSquared(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  return (p - p.cwiseMax(lo).cwiseMin(hi)).squaredNorm();
}

}  // namespace

TriangleMesh::Nearest TriangleMesh::nearestPoint(const Vec3& p) const {
  Real best = INFINITY, bestAlign = -1;
  Nearest r;
  std::array<int, 64> stack;
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& node = nodes_[stack[--top]];
    if (boxDistanceSquared(p, node.lo, node.hi) > best * (1 + 1e-12)) continue;
    if (node.count == 0) {
      if (top + 2 > static_cast<int>(stack.size())) throw Error("TriangleMesh '" + name_ + "': hierarchy too deep");
      stack[top++] = node.right;
      stack[top++] = node.first;
      continue;
    }
    for (int i = node.first; i < node.first + node.count; ++i) {
      const int f = order_[i];
      const Vec3 q = closestOnTriangle(p, vertices_[faces_[f][0]], vertices_[faces_[f][1]], vertices_[faces_[f][2]]);
      const Real d2 = (p - q).squaredNorm();
      // At an edge or vertex several faces tie: the one facing p most squarely decides the sign.
      const Real align = d2 > 0 ? std::abs((p - q).dot(normals_[f])) / std::sqrt(d2) : 1;
      if (d2 < best * (1 - 1e-12) || (d2 <= best * (1 + 1e-12) && align > bestAlign)) {
        best = std::min(best, d2);
        bestAlign = align;
        r.face = f;
        r.q_S = q;
      }
    }
  }
  const Real dist = std::sqrt(best);
  const Vec3 gap = p - r.q_S;
  const bool inside = gap.dot(normals_[r.face]) < 0;
  r.depth = inside ? dist : -dist;
  r.n_S = dist > 1e-12 * boundingRadius_ ? Vec3((inside ? -gap : gap) / dist) : normals_[r.face];
  return r;
}

}  // namespace articula
