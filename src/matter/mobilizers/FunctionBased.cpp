// Function-based mobilizer (OpenSim CustomJoint form): each of the six spatial coordinates
// r0..r2 (body-fixed rotation angles about rotationAxes) and t0..t2 (translations along
// translationAxes in F) is a Function of some of the n mobilizer coordinates; u = qdot.
// With the rotation axes expressed in F, e0 = a0, e1 = R0 a1, e2 = R0 R1 a2 (Ri = R(ai, ri)):
//   w_FM = sum_i e_i rdot_i   =>  H_w col j = sum_i e_i dr_i/dq_j
//   v_FM = sum_k T_k tdot_k   =>  H_v col j = sum_k T_k dt_k/dq_j
// and along qdot = u:  edot_1 = (e0 rdot_0) x e1, edot_2 = (e0 rdot_0 + e1 rdot_1) x e2,
// d/dt (dc/dq_j) = sum_l d2c/dq_j dq_l u_l.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "articula/Error.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

constexpr int kMaxArgs = 6;  // arguments gathered on the stack, so evaluation never allocates

// Value, gradient over q, and Hessian times u of one spatial coordinate, up to `order`.
struct CoordEval {
  Real value = 0;
  Real grad[6] = {0, 0, 0, 0, 0, 0};
  Real hessU[6] = {0, 0, 0, 0, 0, 0};
};

// An affine coordinate's intercept and slopes, taken once. Most coordinates are affine (composed
// hinges and slides, OpenSim's CustomJoint axes mapped straight to coordinates): these skip the
// function's virtual calls and argument checks at every evaluation, and have no Hessian.
struct AffineForm {
  bool valid = false;
  Real intercept = 0;
  Real slopes[kMaxArgs] = {0, 0, 0, 0, 0, 0};
};

AffineForm affineForm(const SpatialCoordinate& c) {
  AffineForm a;
  if (!c.function || !c.function->isAffine()) return a;
  const int na = static_cast<int>(c.args.size());
  const Real zeros[kMaxArgs] = {0, 0, 0, 0, 0, 0};
  const std::span<const Real> xs(zeros, na);
  a.valid = true;
  a.intercept = c.function->calcValue(xs);
  for (int k = 0; k < na; ++k) {
    const int d1[1] = {k};
    a.slopes[k] = c.function->calcDerivative(d1, xs);
  }
  return a;
}

void evaluate(const SpatialCoordinate& c, const AffineForm& affine, const Real* q, const Real* u, int order,
              CoordEval& e) {
  e = CoordEval{};
  if (!c.function) return;  // identically zero
  const int na = static_cast<int>(c.args.size());
  if (affine.valid) {  // the same sum, in the same order, as functions::linear
    Real v = affine.intercept;
    for (int a = 0; a < na; ++a) v += affine.slopes[a] * q[c.args[a]];
    e.value = v;
    if (order >= 1)
      for (int a = 0; a < na; ++a) e.grad[c.args[a]] += affine.slopes[a];
    return;
  }
  Real x[kMaxArgs];
  for (int a = 0; a < na; ++a) x[a] = q[c.args[a]];
  const std::span<const Real> xs(x, na);
  e.value = c.function->calcValue(xs);
  if (order < 1) return;
  for (int a = 0; a < na; ++a) {
    const int d1[1] = {a};
    e.grad[c.args[a]] += c.function->calcDerivative(d1, xs);
    if (order < 2) continue;
    for (int b = 0; b < na; ++b) {
      const int d2[2] = {a, b};
      e.hessU[c.args[a]] += c.function->calcDerivative(d2, xs) * u[c.args[b]];
    }
  }
}

class FunctionBased final : public Mobilizer {
 public:
  explicit FunctionBased(SpatialFunctions spec) : s_(std::move(spec)) {
    for (int i = 0; i < 3; ++i) {
      affine_[i] = affineForm(s_.rotations[i]);
      affine_[3 + i] = affineForm(s_.translations[i]);
      if (s_.rotations[i].function) lastRotation_ = i;
    }
  }

  std::string typeName() const override { return "FunctionBased"; }
  int nq() const override { return s_.numCoordinates; }
  int nu() const override { return s_.numCoordinates; }

  Transform calcX_FM(const Real* q) const override {
    CoordEval ev[6];
    evaluateAll(q, nullptr, 0, ev);
    return Transform(Rotation::trusted(rotations(ev, 3, nullptr)), translation(ev));
  }

  void calcH_FM(const Real* q, HMatrix& H) const override {
    CoordEval ev[6];
    Vec3 e[3];
    evaluateAll(q, nullptr, 1, ev);
    rotations(ev, lastRotation_, e);
    fillH(ev, e, H);
  }

  Transform calcX_FMAndH_FM(const Real* q, HMatrix& H) const override {
    CoordEval ev[6];
    Vec3 e[3];
    evaluateAll(q, nullptr, 1, ev);
    const Mat33 R = rotations(ev, 3, e);
    fillH(ev, e, H);
    return Transform(Rotation::trusted(R), translation(ev));
  }

  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    CoordEval ev[6];
    Vec3 e[3];
    evaluateAll(q, u, 2, ev);
    rotations(ev, lastRotation_, e);
    const int n = nu();
    Real rdot[3];
    for (int i = 0; i < 3; ++i) {
      rdot[i] = 0;
      for (int l = 0; l < n; ++l) rdot[i] += ev[i].grad[l] * u[l];
    }
    const Vec3 w0 = rdot[0] * e[0], w01 = w0 + rdot[1] * e[1];
    const Vec3 ed[3] = {Vec3::Zero(), w0.cross(e[1]), w01.cross(e[2])};
    HDot.resize(6, n);
    for (int j = 0; j < n; ++j) {
      Vec3 hw = Vec3::Zero(), hv = Vec3::Zero();
      for (int i = 0; i < 3; ++i) hw += ev[i].grad[j] * ed[i] + ev[i].hessU[j] * e[i];
      for (int k = 0; k < 3; ++k) hv += ev[3 + k].hessU[j] * s_.translationAxes[k];
      HDot.block<3, 1>(0, j) = hw;
      HDot.block<3, 1>(3, j) = hv;
    }
  }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<FunctionBased>(*this); }

 private:
  // R(a_i, angle) = c 1 + (1 - c) a a^T + s [a]x (Rodrigues), column-major into out.
  void rot(int i, Real angle, Real* out) const {
    const Real sn = std::sin(angle), cs = std::cos(angle), k = 1 - cs;
    const Vec3& a = s_.rotationAxes[i];
    const Real x = a.x(), y = a.y(), z = a.z();
    out[0] = cs + k * x * x, out[3] = k * x * y - sn * z, out[6] = k * x * z + sn * y;
    out[1] = k * x * y + sn * z, out[4] = cs + k * y * y, out[7] = k * y * z - sn * x;
    out[2] = k * x * z - sn * y, out[5] = k * y * z + sn * x, out[8] = cs + k * z * z;
  }

  void evaluateAll(const Real* q, const Real* u, int order, CoordEval* ev) const {
    for (int i = 0; i < 3; ++i) evaluate(s_.rotations[i], affine_[i], q, u, order, ev[i]);
    for (int k = 0; k < 3; ++k) evaluate(s_.translations[k], affine_[3 + k], q, u, order, ev[3 + k]);
  }

  // The product of the rotations before index `upTo` (3: all, R_FM); with e, the rotation axes
  // expressed in F (e_i = R_0..R_i-1 a_i). Axes without a function move nothing, so rotations
  // past the last one with a function are not needed for e. In scalars on column-major arrays:
  // Eigen's 3 x 3 temporaries here cost a tenth of OpenSim ID's frame.
  Mat33 rotations(const CoordEval* ev, int upTo, Vec3* e) const {
    Real R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, Ri[9], P[9];
    bool identity = true;
    for (int i = 0; i < 3; ++i) {
      const Vec3& a = s_.rotationAxes[i];
      if (e) {
        if (identity) e[i] = a;
        else
          for (int r = 0; r < 3; ++r) e[i][r] = R[r] * a.x() + R[3 + r] * a.y() + R[6 + r] * a.z();
      }
      if (i >= upTo || !s_.rotations[i].function) continue;
      rot(i, ev[i].value, identity ? R : Ri);
      if (!identity) {
        for (int c = 0; c < 3; ++c)
          for (int r = 0; r < 3; ++r)
            P[3 * c + r] = R[r] * Ri[3 * c] + R[3 + r] * Ri[3 * c + 1] + R[6 + r] * Ri[3 * c + 2];
        std::copy(P, P + 9, R);
      }
      identity = false;
    }
    return Eigen::Map<const Mat33>(R);
  }

  Vec3 translation(const CoordEval* ev) const {
    Vec3 p = Vec3::Zero();
    for (int k = 0; k < 3; ++k)
      if (s_.translations[k].function) p += ev[3 + k].value * s_.translationAxes[k];
    return p;
  }

  void fillH(const CoordEval* ev, const Vec3* e, HMatrix& H) const {
    const int n = nu();
    H.resize(6, n);
    for (int j = 0; j < n; ++j) {
      Vec3 hw = Vec3::Zero(), hv = Vec3::Zero();
      for (int i = 0; i < 3; ++i) hw += ev[i].grad[j] * e[i];
      for (int k = 0; k < 3; ++k) hv += ev[3 + k].grad[j] * s_.translationAxes[k];
      H.block<3, 1>(0, j) = hw;
      H.block<3, 1>(3, j) = hv;
    }
  }

  SpatialFunctions s_;
  AffineForm affine_[6];   // rotations r0..r2, then translations t0..t2
  int lastRotation_ = -1;  // the last rotation with a function (-1: none)
};

const char* coordName(int c) {
  static const char* names[6] = {"rotation r0",    "rotation r1",    "rotation r2",
                                 "translation t0", "translation t1", "translation t2"};
  return names[c];
}

[[noreturn]] void fail(const std::string& what) { throw Error("functionBased: " + what); }

void validate(const SpatialFunctions& s) {
  const int n = s.numCoordinates;
  if (n < 1 || n > 6) fail("numCoordinates = " + std::to_string(n) + " must be in 1..6");
  std::vector<bool> used(n, false);
  for (int c = 0; c < 6; ++c) {
    const SpatialCoordinate& sc = c < 3 ? s.rotations[c] : s.translations[c - 3];
    const Vec3& axis = c < 3 ? s.rotationAxes[c] : s.translationAxes[c - 3];
    std::ostringstream where;
    where << coordName(c) << ": ";
    if (!axis.allFinite() || std::abs(axis.norm() - 1) > 1e-10) {
      std::ostringstream m;
      m << where.str() << "axis (" << axis.transpose() << ") is not a unit vector";
      fail(m.str());
    }
    if (!sc.function) continue;
    const int na = static_cast<int>(sc.args.size());
    if (na > kMaxArgs) fail(where.str() + std::to_string(na) + " arguments, at most " + std::to_string(kMaxArgs));
    if (sc.function->argumentSize() != na)
      fail(where.str() + "function takes " + std::to_string(sc.function->argumentSize()) +
           " arguments but args lists " + std::to_string(na));
    for (int a = 0; a < na; ++a) {
      const int j = sc.args[a];
      if (j < 0 || j >= n)
        fail(where.str() + "args[" + std::to_string(a) + "] = " + std::to_string(j) +
             " is not a coordinate index in 0.." + std::to_string(n - 1));
      used[j] = true;
    }
  }
  // A coordinate no function reads would give H a zero column and a singular mass matrix.
  for (int j = 0; j < n; ++j)
    if (!used[j]) fail("coordinate q" + std::to_string(j) + " is not an argument of any function");
  // Consecutive rotations about the same axis (a_i is invariant under R(a_i, r_i)), or two
  // translations along the same line, would also make H rank deficient.
  int prev = -1;
  for (int i = 0; i < 3; ++i) {
    if (!s.rotations[i].function) continue;
    if (prev >= 0 && s.rotationAxes[prev].cross(s.rotationAxes[i]).norm() < 1e-8)
      fail(std::string(coordName(i)) + ": axis is parallel to the axis of " + coordName(prev));
    prev = i;
  }
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < k; ++l)
      if (s.translations[k].function && s.translations[l].function &&
          s.translationAxes[k].cross(s.translationAxes[l]).norm() < 1e-8)
        fail(std::string(coordName(3 + k)) + ": axis is parallel to the axis of " + coordName(3 + l));
}

}  // namespace

std::unique_ptr<Mobilizer> functionBased(SpatialFunctions spec) {
  validate(spec);
  return std::make_unique<FunctionBased>(std::move(spec));
}

}  // namespace articula::mobilizers
