// GJK distance and EPA penetration on the Minkowski difference B - A of two convex shapes.
#include "articula/contact/ConvexDistance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <vector>

#include <Eigen/LU>

#include "articula/Error.h"

namespace articula {

namespace {

// A vertex of B - A with the two shape points that made it.
struct Vertex {
  Vec3 w, a, b;  // w = b - a
};

struct Difference {
  const PlacedShape& A;
  const PlacedShape& B;
  // The point of B - A furthest along d: B's support along d minus A's along -d.
  Vertex support(const Vec3& d) const {
    const Mat33& RA = A.X_GS.R().matrix();
    const Mat33& RB = B.X_GS.R().matrix();
    Vertex v;
    v.a = A.X_GS * A.shape->supportPoint(-(RA.transpose() * d));
    v.b = B.X_GS * B.shape->supportPoint(RB.transpose() * d);
    v.w = v.b - v.a;
    return v;
  }
  Real supportValue(const PlacedShape& S, const Vec3& d) const {
    return d.dot(S.X_GS.p()) + S.shape->support(S.X_GS.R().matrix().transpose() * d);
  }
};

// Closest point to the origin of the simplex s[0..n): tries every sub-simplex whose affine hull's
// closest point has non-negative barycentric weights and keeps the nearest. Shrinks s to it.
Vec3 closestOnSimplex(std::array<Vertex, 4>& s, int& n, std::array<Real, 4>& weight) {
  Real bestNorm = INFINITY;
  int bestMask = 0;
  std::array<Real, 4> bestWeight{};
  for (int mask = 1; mask < (1 << n); ++mask) {
    std::array<int, 4> idx{};
    int k = 0;
    for (int i = 0; i < n; ++i)
      if (mask & (1 << i)) idx[k++] = i;
    std::array<Real, 4> lam{};
    if (k == 1) {
      lam[0] = 1;
    } else {
      // v = w0 + sum mu_j (w_j - w0): normal equations G mu = -E' w0 (at most 3x3, on the stack).
      using Small = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3>;
      using SmallVec = Eigen::Matrix<Real, Eigen::Dynamic, 1, 0, 3, 1>;
      Eigen::Matrix<Real, 3, Eigen::Dynamic, 0, 3, 3> E(3, k - 1);
      for (int j = 1; j < k; ++j) E.col(j - 1) = s[idx[j]].w - s[idx[0]].w;
      const Small G = E.transpose() * E;
      const SmallVec rhs = -E.transpose() * s[idx[0]].w;
      Eigen::FullPivLU<Small> lu(G);
      lu.setThreshold(1e-13);
      if (lu.rank() < k - 1) continue;
      const SmallVec mu = lu.solve(rhs);
      lam[0] = 1 - mu.sum();
      for (int j = 1; j < k; ++j) lam[j] = mu[j - 1];
    }
    bool valid = true;
    for (int j = 0; j < k; ++j) valid = valid && lam[j] >= 0;
    if (!valid) continue;
    Vec3 v = Vec3::Zero();
    for (int j = 0; j < k; ++j) v += lam[j] * s[idx[j]].w;
    if (v.squaredNorm() < bestNorm) {
      bestNorm = v.squaredNorm();
      bestMask = mask;
      bestWeight = lam;
    }
  }
  std::array<Vertex, 4> kept;
  int k = 0;
  Vec3 v = Vec3::Zero();
  for (int i = 0; i < n; ++i)
    if (bestMask & (1 << i)) {
      kept[k] = s[i];
      weight[k] = bestWeight[k];
      v += weight[k] * kept[k].w;
      ++k;
    }
  s = kept;
  n = k;
  return v;
}

struct Face {
  std::array<int, 3> v;
  Vec3 m;     // outward unit normal
  Real dist;  // m . w_v0: distance of the face plane from the origin
};

bool makeFace(const std::vector<Vertex>& V, int i, int j, int k, Face& f) {
  const Vec3 c = (V[j].w - V[i].w).cross(V[k].w - V[i].w);
  const Real len = c.norm();
  if (!(len > 0)) return false;
  f.v = {i, j, k};
  f.m = c / len;
  f.dist = f.m.dot(V[i].w);
  return true;
}

// Completes GJK's simplex (which holds the origin, to round-off) to a non-degenerate tetrahedron.
bool growToTetrahedron(const Difference& D, std::array<Vertex, 4>& s, int& n, Real tol) {
  static const std::array<Vec3, 6> axes = {Vec3::UnitX(),  Vec3::UnitY(),  Vec3::UnitZ(),
                                           -Vec3::UnitX(), -Vec3::UnitY(), -Vec3::UnitZ()};
  if (n == 0) s[n++] = D.support(Vec3::UnitX());
  if (n == 1)
    for (const Vec3& d : axes) {
      const Vertex v = D.support(d);
      if ((v.w - s[0].w).norm() > tol) {
        s[n++] = v;
        break;
      }
    }
  if (n == 2) {
    const Vec3 e = (s[1].w - s[0].w).normalized();
    for (const Vec3& axis : axes) {
      const Vec3 p = axis - axis.dot(e) * e;
      if (p.norm() < 0.5) continue;
      const Vertex v = D.support(p);
      const Vec3 off = v.w - s[0].w;
      if ((off - off.dot(e) * e).norm() > tol) {
        s[n++] = v;
        break;
      }
    }
  }
  if (n == 3) {
    const Vec3 m = (s[1].w - s[0].w).cross(s[2].w - s[0].w).normalized();
    for (const Vec3& d : {m, Vec3(-m)}) {
      const Vertex v = D.support(d);
      if (std::abs((v.w - s[0].w).dot(m)) > tol) {
        s[n++] = v;
        break;
      }
    }
  }
  return n == 4;
}

struct Penetration {
  Vec3 m = Vec3::UnitZ();  // outward normal of B - A nearest the origin
  Vec3 a, b;               // witness points
  int iterations = 0;
  bool converged = false;  // within tolerance of the boundary (else stopped at the iteration cap)
};

// Expanding polytope from a tetrahedron around the origin to the boundary of B - A.
Penetration expandPolytope(const Difference& D, const std::array<Vertex, 4>& tet, Real tol, Real epaTol) {
  // Per-thread buffers: after warm-up, detection allocates nothing.
  thread_local std::vector<Vertex> V;
  thread_local std::vector<Face> faces, keptFaces;
  thread_local std::vector<std::pair<int, int>> horizon;
  V.assign(tet.begin(), tet.end());
  faces.clear();
  const Vec3 centre = 0.25 * (V[0].w + V[1].w + V[2].w + V[3].w);
  const int tri[4][3] = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  for (const auto& t : tri) {
    Face f;
    if (!makeFace(V, t[0], t[1], t[2], f)) continue;
    if (f.m.dot(V[t[0]].w - centre) < 0) makeFace(V, t[0], t[2], t[1], f);  // point outwards
    faces.push_back(f);
  }
  Penetration r;
  int best = 0;
  for (int it = 0; it < 128; ++it) {
    r.iterations = it + 1;
    best = 0;
    for (int i = 1; i < static_cast<int>(faces.size()); ++i)
      if (faces[i].dist < faces[best].dist) best = i;
    const Face nearest = faces[best];
    const Vertex s = D.support(nearest.m);
    if (s.w.dot(nearest.m) - nearest.dist <= epaTol) {
      r.converged = true;
      break;
    }
    const int p = static_cast<int>(V.size());
    V.push_back(s);
    // Remove the faces that see the new vertex; their unshared edges form the horizon.
    horizon.clear();
    keptFaces.clear();
    for (const Face& f : faces) {
      if (f.m.dot(s.w - V[f.v[0]].w) > tol) {  // coplanar points (flat parts) see nothing
        for (int e = 0; e < 3; ++e) {
          const std::pair<int, int> edge{f.v[e], f.v[(e + 1) % 3]};
          auto twin = std::find(horizon.begin(), horizon.end(), std::make_pair(edge.second, edge.first));
          if (twin != horizon.end()) horizon.erase(twin);
          else horizon.push_back(edge);
        }
      } else {
        keptFaces.push_back(f);
      }
    }
    for (const auto& [i, j] : horizon) {
      Face f;
      if (makeFace(V, i, j, p, f)) keptFaces.push_back(f);
    }
    if (keptFaces.empty()) break;  // degenerate: keep the last nearest face
    faces.swap(keptFaces);
  }
  best = 0;
  for (int i = 1; i < static_cast<int>(faces.size()); ++i)
    if (faces[i].dist < faces[best].dist) best = i;
  const Face& f = faces[best];
  // Barycentric weights of the origin's projection on the face.
  const Vec3 q = f.dist * f.m;
  const Vec3 &w0 = V[f.v[0]].w, &w1 = V[f.v[1]].w, &w2 = V[f.v[2]].w;
  const Real area = (w1 - w0).cross(w2 - w0).dot(f.m);
  Real l1 = (q - w0).cross(w2 - w0).dot(f.m) / area;
  Real l2 = (w1 - w0).cross(q - w0).dot(f.m) / area;
  Real l0 = 1 - l1 - l2;
  r.m = f.m;
  r.a = l0 * V[f.v[0]].a + l1 * V[f.v[1]].a + l2 * V[f.v[2]].a;
  r.b = l0 * V[f.v[0]].b + l1 * V[f.v[1]].b + l2 * V[f.v[2]].b;
  return r;
}

// Polishes an overlap direction where EPA stopped short (curved shapes in deep overlap make it
// refine everywhere): descent on f(n) = h_A(n) + h_B(-n) - n.(c_B - c_A) over unit n, whose
// gradient is the difference of the support points, with Barzilai-Borwein steps kept honest by
// Armijo backtracking. Never increases f.
struct Overlap {
  const Difference& D;
  Real value(const Vec3& n, Vec3& grad) const {
    const Vertex v = D.support(-n);   // b(-n) - a(n)
    grad = -v.w - (-v.w).dot(n) * n;  // tangential part of a(n) - b(-n)
    return -n.dot(v.w);
  }
};

// Backtracking along -d from n: the accepted point, or false if f does not decrease.
bool lineSearch(const Overlap& F, const Vec3& n, Real f, const Vec3& g, const Vec3& d, Real step, Vec3& nNew,
                Real& fNew, Vec3& gNew, Vec3& gFirst) {
  for (int k = 0; k < 24; ++k, step *= 0.5) {
    nNew = (n - step * d).normalized();
    fNew = F.value(nNew, gNew);
    if (k == 0) gFirst = gNew;
    if (fNew <= f - 1e-4 * step * g.dot(d)) return true;
  }
  return fNew < f;
}

bool polishDirection(const Difference& D, Vec3& n, Real scale, int& iterations) {
  const Overlap F{D};
  Vec3 g;
  Real f = F.value(n, g);
  Real alpha = 1 / scale;
  bool moved = false;
  for (int it = 0; it < 30 && g.norm() > 1e-13 * scale; ++it) {
    ++iterations;
    Vec3 nNew, gNew, gFirst;
    Real fNew = f;
    if (!lineSearch(F, n, f, g, g, alpha, nNew, fNew, gNew, gFirst)) {
      // Across a kink of f (an edge or rim: one support point jumps) the gradient changes by
      // about y; slide along the kink with the part of g orthogonal to y instead.
      const Vec3 y = gFirst - g;
      if (!(y.norm() > 0)) break;
      const Vec3 yHat = y.normalized();
      const Vec3 d = g - g.dot(yHat) * yHat;
      if (!(d.norm() > 0) || !lineSearch(F, n, f, g, d, alpha, nNew, fNew, gNew, gFirst)) break;
    }
    const Vec3 s = nNew - n, y = gNew - g;
    alpha = s.dot(y) > 0 ? s.squaredNorm() / s.dot(y) : 2 * alpha;
    const bool stalled = f - fNew <= 1e-15 * scale;
    n = nNew, g = gNew, f = fNew;
    moved = true;
    if (stalled) break;
  }
  return moved;
}

Real scaleOf(const PlacedShape& a, const PlacedShape& b) {
  return a.shape->boundingRadius() + b.shape->boundingRadius() + (b.X_GS.p() - a.X_GS.p()).norm();
}

}  // namespace

ConvexGap calcConvexGap(const PlacedShape& a, const PlacedShape& b, Real farAway) {
  if (!a.shape->isBounded() || !b.shape->isBounded() || !a.shape->isConvex() || !b.shape->isConvex())
    throw Error(std::string("calcConvexGap: shapes ") + std::to_string(a.index) + " (" +
                shapeTypeName(a.shape->type()) + ") and " + std::to_string(b.index) + " (" +
                shapeTypeName(b.shape->type()) + ") must both be bounded and convex");
  const Difference D{a, b};
  const Real scale = scaleOf(a, b);
  const Real tol = 1e-11 * scale;
  std::array<Vertex, 4> s;
  std::array<Real, 4> weight{};
  int n = 0;
  Vec3 v = b.X_GS.p() - a.X_GS.p();
  if (v.norm() <= tol) v = Vec3::UnitX();
  ConvexGap gap;
  bool overlapping = false;
  for (int it = 0; it < 200; ++it) {
    gap.iterations = it + 1;
    const Vertex w = D.support(-v);
    const Real vNorm = v.norm();
    // v.w/|v| bounds the distance from below, |v| from above.
    if (n > 0 && (vNorm - v.dot(w.w) / vNorm <= tol || v.dot(w.w) / vNorm > farAway)) break;
    bool repeated = false;
    for (int i = 0; i < n; ++i) repeated = repeated || (s[i].w - w.w).norm() <= tol;
    if (repeated) break;
    s[n++] = w;
    v = closestOnSimplex(s, n, weight);
    if (v.norm() <= tol || n == 4) {
      overlapping = true;
      break;
    }
  }
  Vec3 n_G;
  if (!overlapping) {
    n_G = v.normalized();
    gap.pA_G = gap.pB_G = Vec3::Zero();
    for (int i = 0; i < n; ++i) {
      gap.pA_G += weight[i] * s[i].a;
      gap.pB_G += weight[i] * s[i].b;
    }
  } else {
    if (!growToTetrahedron(D, s, n, tol)) {
      std::ostringstream os;
      os << "calcConvexGap: degenerate Minkowski difference for shapes " << a.index << " ("
         << shapeTypeName(a.shape->type()) << ") and " << b.index << " (" << shapeTypeName(b.shape->type()) << ")";
      throw Error(os.str());
    }
    // EPA to 1e-9: exact at once on flat parts; on curved ones the polish below does the rest.
    const Penetration p = expandPolytope(D, s, tol, 1e-9 * scale);
    gap.iterations += p.iterations;
    n_G = -p.m;
    gap.pA_G = p.a;
    gap.pB_G = p.b;
    // EPA's face normal is accurate to about sqrt(tol / radius) on curved parts: polish it; where
    // the polish cannot improve (flat parts), EPA's witnesses on the face stay.
    if (polishDirection(D, n_G, scale, gap.iterations)) {
      const Vertex v = D.support(-n_G);
      gap.pA_G = v.a;
      gap.pB_G = v.b;
    }
  }
  // Exact overlap along the chosen direction, and witness points moved onto the support planes.
  const Real hA = D.supportValue(a, n_G), lowB = -D.supportValue(b, -n_G);
  gap.n_G = n_G;
  gap.depth = hA - lowB;
  gap.pA_G += (hA - n_G.dot(gap.pA_G)) * n_G;
  gap.pB_G += (lowB - n_G.dot(gap.pB_G)) * n_G;
  return gap;
}

}  // namespace articula
