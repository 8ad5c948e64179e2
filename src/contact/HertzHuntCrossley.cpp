#include "articula/contact/HertzHuntCrossley.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

// Unit tangent along d's projection on the plane normal to n, or zero if d is (nearly) along n.
Vec3 tangentOf(const Vec3& d, const Vec3& n) {
  const Vec3 t = d - d.dot(n) * n;
  const Real len = t.norm();
  return len > 1e-9 ? Vec3(t / len) : Vec3::Zero();
}

Vec3 anyPerpendicular(const Vec3& n) {
  const Vec3 trial = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  return tangentOf(trial, n);
}

// Adds one surface's curvature tensor, in the tangent basis (e1, e2), to k11, k22, k12.
void addCurvature(const SurfaceCurvature& s, const Vec3& n, const Vec3& e1, const Vec3& e2, Real& k11, Real& k22,
                  Real& k12) {
  Vec3 d = tangentOf(s.d1_G, n);
  if (d.isZero()) d = e1;  // umbilic surfaces (spheres, planes) carry an arbitrary direction
  const Real c = d.dot(e1), sn = d.dot(e2);
  k11 += s.k1 * c * c + s.k2 * sn * sn;
  k22 += s.k1 * sn * sn + s.k2 * c * c;
  k12 += (s.k1 - s.k2) * c * sn;
}

// K, E and D = (K − E)/m by the arithmetic-geometric mean; q = 1 − m is passed separately so
// that very eccentric contacts (m -> 1) keep their precision. With c_0² = m and
// c_{n+1} = c_n² / (2 (a_n + b_n)) no difference of nearly equal numbers is ever formed.
EllipticIntegrals ellipticIntegrals(Real m, Real q) {
  Real a = 1, b = std::sqrt(q);
  Real c = std::sqrt(m);
  Real sumOverM = 0.5;  // Σ_{n>=0} 2^{n-1} c_n² / m, whose n = 0 term is 1/2
  Real weight = 0.5;
  for (int n = 0; n < 40; ++n) {
    const Real cNext = c * c / (2 * (a + b));
    const Real aNext = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = aNext;
    weight *= 2;
    c = cNext;
    if (m > 0) sumOverM += weight * (c / m) * c;
    if (c <= 1e-17 * a) break;
  }
  EllipticIntegrals r;
  r.K = std::numbers::pi / (2 * a);
  r.D = r.K * sumOverM;
  r.E = r.K - m * r.D;
  return r;
}

// The elliptic integrals at t = ln k (k = a/b), with q = 1 − m = 1/k², the residual
// ln(B/A)(t) − target of Appendix A eq. 29 rewritten with D: B/A = (K − D) / ((1 − m) D), and its
// slope. With dK/dm = (K − D)/(2q) and dD/dm = (K − (1 + q) D)/(2qm) (both from the standard
// derivatives of K and E) and dm/dt = 2q, the slope is 3 − K (K − (1 + q) D) / (m (K − D) D),
// which tends to 3/2 as m -> 0 (where its own cancellation would cost all digits).
struct RatioAt {
  Real t = 0, q = 1, m = 0, residual = 0, slope = 1.5;
  EllipticIntegrals e;
};
RatioAt ratioAt(Real t, Real target) {
  RatioAt r;
  r.t = t;
  r.q = std::exp(-2 * t);
  r.m = -std::expm1(-2 * t);
  r.e = ellipticIntegrals(r.m, r.q);
  const Real KminusD = r.e.K - r.e.D;
  r.residual = std::log(KminusD / (r.q * r.e.D)) - target;
  if (r.m > 1e-8) r.slope = 3 - r.e.K * (r.e.K - (1 + r.q) * r.e.D) / (r.m * KminusD * r.e.D);
  return r;
}

// t = ln k against target = ln(B/A) to about 1e-5 over [0, 25] (k is near (B/A)^{2/3} for round
// contacts): a [4/4] rational least-squares fit, only the Newton iteration's starting point.
Real guessRatio(Real L) {
  if (L > 25) return 0.5 * (L + std::log(0.5 * L));  // B/A ≈ k² / ln k for slender contacts
  const Real num = 2.0 / 3 + L * (0.10944332429901178 +
                                  L * (0.03634293355719801 + L * (0.001968840280671074 - L * 9.415333561552259e-06)));
  const Real den = 1 + L * (0.16433552925048797 +
                            L * (0.058843799060187385 + L * (0.003934643758339164 - L * 1.836121332395955e-05)));
  return L * num / den;
}

// The last Newton step dt, taken along the tangent instead of by a new evaluation: K, D, q and m
// move by their t-derivatives (K − D), (K − (1 + q) D)/m, −2q and 2q. Used for |dt| < 1e-8, where
// both the step's own error and the neglected second-order terms are below 1e-16.
void advance(RatioAt& r, Real dt) {
  EllipticIntegrals& e = r.e;
  const Real dK = (e.K - e.D) * dt, dD = (e.K - (1 + r.q) * e.D) / r.m * dt;
  r.t += dt;
  r.m += 2 * r.q * dt;
  r.q -= 2 * r.q * dt;
  e.K += dK;
  e.D += dD;
  e.E = e.K - r.m * e.D;
  r.residual = 0;
}

// Solves ratioAt(t).residual = 0 on [0, target] (k <= B/A always) by Newton's method kept inside
// a shrinking bracket (bisection when a step would leave it). From the fitted start one
// evaluation brings the residual to about 1e-10, and the step it asks for is then taken by
// advance(): two evaluations of the elliptic integrals in all, for t and the force accurate to
// about 1e-15 (the secant iteration used before took 5 or 6).
RatioAt solveRatio(Real target) {
  Real lo = 0, hi = target;
  RatioAt r = ratioAt(guessRatio(target), target);
  for (int it = 0; it < 100 && std::abs(r.residual) > 1e-14; ++it) {
    if (r.residual < 0) lo = std::max(lo, r.t);
    else hi = std::min(hi, r.t);
    const Real step = -r.residual / r.slope;
    if (std::abs(r.residual) <= 1e-8 && r.m > 1e-8) {
      advance(r, step);
      break;
    }
    Real t = r.t + step;
    if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
    if (std::abs(t - r.t) <= 1e-15 * (1 + r.t)) break;
    r = ratioAt(t, target);
  }
  return r;
}

}  // namespace

RelativeCurvature calcRelativeCurvature(const SurfaceCurvature& a, const SurfaceCurvature& b, const Vec3& n_G) {
  const Vec3 n = n_G.normalized();
  Vec3 e1 = tangentOf(a.d1_G, n);
  if (e1.isZero()) e1 = tangentOf(b.d1_G, n);
  if (e1.isZero()) e1 = anyPerpendicular(n);
  const Vec3 e2 = n.cross(e1);
  Real k11 = 0, k22 = 0, k12 = 0;
  addCurvature(a, n, e1, e2, k11, k22, k12);
  addCurvature(b, n, e1, e2, k11, k22, k12);
  // Eigen-decomposition of the symmetric 2x2 tensor; the semi-curvatures are half its eigenvalues.
  const Real mean = 0.5 * (k11 + k22), radius = std::hypot(0.5 * (k11 - k22), k12);
  RelativeCurvature r;
  r.A = 0.5 * (mean - radius);
  r.B = 0.5 * (mean + radius);
  const Real theta = 0.5 * std::atan2(2 * k12, k11 - k22) + 0.5 * std::numbers::pi;  // the smaller eigenvalue
  r.majorAxis_G = std::cos(theta) * e1 + std::sin(theta) * e2;
  return r;
}

EllipticIntegrals calcEllipticIntegrals(Real m) {
  if (!(m >= 0 && m < 1)) {
    std::ostringstream os;
    os << "calcEllipticIntegrals: parameter m = " << m << " must lie in [0, 1)";
    throw Error(os.str());
  }
  return ellipticIntegrals(m, 1 - m);
}

namespace {

void checkCurvatures(Real A, Real B) {
  if (!std::isfinite(A) || !std::isfinite(B) || !(A > 0) || B < A) {
    std::ostringstream os;
    os << "Hertz contact: relative semi-curvatures A = " << A << " 1/m, B = " << B
       << " 1/m must be finite with 0 < A <= B";
    throw Error(os.str());
  }
}

// The ellipse's shape depends on L = ln(B/A) only: ln k, and at A = 1 the stiffness per modulus
// (2π/3)√(D/K³) and the major semi-axis per √depth √(D/K).
struct ShapeFactors {
  Real logRatio = 0, stiffness = 0, major = 0;
  Real stiffnessSlope = 0;  // d stiffness / dL
};
ShapeFactors solveShapeOnly(Real L) {
  const RatioAt r = L > 1e-15 ? solveRatio(L) : ratioAt(0, 0);
  const EllipticIntegrals& e = r.e;
  return {r.t, (2 * std::numbers::pi / 3) * std::sqrt(e.D / (e.K * e.K * e.K)), std::sqrt(e.D / e.K)};
}
// With the stiffness's slope in L by a central difference (one-sided at L = 0; the reference
// path and L > 25 only).
ShapeFactors solveShape(Real L) {
  ShapeFactors f = solveShapeOnly(L);
  constexpr Real h = 1e-5;
  const Real lo = std::max(L - h, Real(0));
  f.stiffnessSlope = (solveShapeOnly(L + h).stiffness - (lo == L ? f.stiffness : solveShapeOnly(lo).stiffness)) /
                     (L + h - lo);
  return f;
}

HertzEllipse ellipseFrom(const ShapeFactors& f, Real A, Real B) {
  HertzEllipse h;
  const Real rootA = std::sqrt(A);
  h.ratio = std::exp(f.logRatio);
  h.stiffnessPerModulus = f.stiffness / rootA;
  h.majorPerSqrtDepth = f.major / rootA;
  h.stiffnessSlope = f.stiffnessSlope / rootA;
  h.effectiveRadius = 0.5 / std::sqrt(A * B);
  h.sigma = h.stiffnessPerModulus / ((4.0 / 3.0) * std::sqrt(h.effectiveRadius));
  return h;
}

// The three shape factors as Chebyshev series on pieces of L in [0, 25] (B/A up to 7e10), fitted
// once from the iterative solution at the Chebyshev nodes: a contact then costs one log, one exp
// and three short recurrences instead of two elliptic-integral evaluations with their exp, expm1
// and log (about a tenth of a fall's wall time). The factors are analytic in L, so 24 terms a
// piece reach rounding (the test compares with the solution over the whole range).
class ShapeTable {
 public:
  static constexpr Real kMaxL = 25;
  ShapeTable() {
    for (int p = 0; p < kPieces; ++p) {
      Piece& piece = pieces_[p];
      const Real lo = kBreaks[p], hi = kBreaks[p + 1];
      std::array<ShapeFactors, kTerms> f;
      std::array<Real, kTerms> nodes;
      for (int j = 0; j < kTerms; ++j) {
        nodes[j] = 0.5 * (lo + hi) + 0.5 * (hi - lo) * std::cos(std::numbers::pi * (j + 0.5) / kTerms);
        f[j] = solveShapeOnly(nodes[j]);
      }
      for (int k = 0; k < kTerms; ++k) {
        Real c[3] = {0, 0, 0};
        for (int j = 0; j < kTerms; ++j) {
          const Real w = std::cos(std::numbers::pi * k * (j + 0.5) / kTerms);
          c[0] += (f[j].logRatio - 0.5 * nodes[j]) * w;  // ln k − L/2 stays below 2: fewer digits lost
          c[1] += f[j].stiffness * w;
          c[2] += f[j].major * w;
        }
        for (int i = 0; i < 3; ++i) piece.c[k][i] = (k == 0 ? 1.0 : 2.0) / kTerms * c[i];
      }
      // The stiffness series' derivative in x: d_{k−1} = d_{k+1} + 2k c_k (the first one halved,
      // as c_0 is), times dx/dL.
      std::array<Real, kTerms + 1> d{};
      for (int k = kTerms - 1; k >= 1; --k) d[k - 1] = d[k + 1] + 2 * k * piece.c[k][1];
      d[0] *= 0.5;
      for (int k = 0; k < kTerms; ++k) piece.dStiffness[k] = d[k] * 2 / (hi - lo);
    }
  }
  // L in [0, kMaxL].
  ShapeFactors at(Real L) const {
    const int p = pieceOf(L);
    const Real lo = kBreaks[p], hi = kBreaks[p + 1];
    const Real x = (2 * L - lo - hi) / (hi - lo), twoX = 2 * x;
    // Clenshaw's recurrence, the three series and the stiffness's derivative together.
    Real b1[4] = {0, 0, 0, 0}, b2[4] = {0, 0, 0, 0};
    const auto& c = pieces_[p].c;
    const auto& d = pieces_[p].dStiffness;
    for (int k = kTerms - 1; k >= 1; --k) {
      for (int i = 0; i < 3; ++i) {
        const Real b0 = twoX * b1[i] - b2[i] + c[k][i];
        b2[i] = b1[i];
        b1[i] = b0;
      }
      const Real b0 = twoX * b1[3] - b2[3] + d[k];
      b2[3] = b1[3];
      b1[3] = b0;
    }
    Real v[3];
    for (int i = 0; i < 3; ++i) v[i] = x * b1[i] - b2[i] + c[0][i];
    return {v[0] + 0.5 * L, v[1], v[2], x * b1[3] - b2[3] + d[0]};
  }

 private:
  static constexpr int kPieces = 6, kTerms = 24;
  static constexpr Real kBreaks[kPieces + 1] = {0, 1, 2.5, 5, 9, 15, kMaxL};
  static int pieceOf(Real L) {
    int p = 0;
    while (p + 1 < kPieces && L > kBreaks[p + 1]) ++p;
    return p;
  }
  struct Piece {
    std::array<std::array<Real, 3>, kTerms> c;
    std::array<Real, kTerms> dStiffness;  // derivative series of c[.][1] in L
  };
  std::array<Piece, kPieces> pieces_;
};

const ShapeTable& shapeTable() {
  static const ShapeTable table;
  return table;
}

}  // namespace

HertzEllipse calcHertzEllipse(Real A, Real B) {
  checkCurvatures(A, B);
  const Real L = std::log(B / A);
  return ellipseFrom(L <= ShapeTable::kMaxL ? shapeTable().at(std::max(L, Real(0))) : solveShape(L), A, B);
}

HertzEllipse calcHertzEllipseBySolving(Real A, Real B) {
  checkCurvatures(A, B);
  return ellipseFrom(solveShape(std::log(B / A)), A, B);
}

HuntCrossleyForce calcHuntCrossley(Real stiffness, Real dissipation, Real x, Real xdot) {
  HuntCrossleyForce f;
  if (!(x > 0)) return f;
  const Real sqrtX = std::sqrt(x);
  f.elastic = stiffness * x * sqrtX;
  f.force = std::max(Real(0), f.elastic * (1 + 1.5 * dissipation * xdot));
  f.potentialEnergy = 0.4 * stiffness * x * x * sqrtX;
  return f;
}

}  // namespace articula
