// OpenMBD's penalty contact material (reference/openmbd.md §2 "Contact force"), with its errors
// fixed: a tabulated force–penetration curve with hysteresis, rate amplification, linear damping
// and Coulomb friction.
//
//   elastic   loading along the curve L(x) while x is at its reached maximum x_m; below x_m the
//             force follows an unloading branch that starts at (x_m, L(x_m)) — OpenMBD evaluated
//             its unloading curve at the absolute penetration, so the force jumped at the turn.
//             The branch is the material's unloading curve U scaled in both axes so that U's last
//             point lands on (x_m, L(x_m)); without U it is the straight line from (x_m, L(x_m))
//             to zero at (1 − η) x_m, which returns the fraction η of the loading work of a linear
//             curve (OpenMBD's η = 0.25 returned 25 % of the force instead, with a jump).
//             Reloading below x_m runs back up the same branch. x_m is per contact, kept by the
//             caller (a discrete State variable updated when a step is committed), and resets to 0
//             once the surfaces separate.
//   rate      γ = C1 + C2 (|ẋ|/C3)^C4 multiplies the elastic part (OpenMBD's defaults make γ = 1).
//   damping   c ẋ (signed: adds while loading, subtracts while unloading), only while x > 0 —
//             OpenMBD pushed with c|ẋ| even without penetration. The total is clamped at zero.
//   friction  μ f_n with a smooth ramp over [0, v_r] (the Stribeck quintic with μs = μd = μ),
//             instead of OpenMBD's kinked min(1, v/v_r).
//
// Two penalty surfaces in contact act in series, x(F) = x_A(F) + x_B(F), built exactly from the
// breakpoints of both curves (OpenMBD sampled 200 force levels). A penalty surface against an
// elastic (Hertz) one treats the latter as rigid, as OpenMBD did for the ground.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "articula/contact/StribeckFriction.h"
#include "articula/math/Types.h"

namespace articula {

// A piecewise-linear force–penetration curve: points (x_i m, F_i N) with x_0 = 0, F_0 = 0,
// x strictly increasing, F >= 0 and finite. Beyond the last point the force stays at F_last.
class PenaltyCurve {
 public:
  using Point = std::pair<Real, Real>;
  // Throws Error naming `name`, the point index, field and value when the points break the rules.
  PenaltyCurve(std::vector<Point> points, std::string name = "curve");

  const std::string& getName() const { return name_; }
  const std::vector<Point>& getPoints() const { return points_; }
  Real getLastPenetration() const { return points_.back().first; }
  Real getLastForce() const { return points_.back().second; }

  Real calcForce(Real x) const;     // 0 for x <= 0
  Real calcIntegral(Real x) const;  // ∫_0^x F, J (0 for x <= 0)
  Real calcSlope(Real x) const;     // dF/dx, N/m: the segment after x (0 for x < 0 and past the last point)
  // The curves of two surfaces in series: x(F) = x_A(F) + x_B(F) up to the smaller last force.
  // Forces that decrease along a curve (softening) are replaced by their running maximum first.
  static PenaltyCurve inSeries(const PenaltyCurve& a, const PenaltyCurve& b);

 private:
  std::string name_;
  std::vector<Point> points_;
};

struct PenaltyMaterial {
  static constexpr Real kDefaultDamping = 150;     // N·s/m (OpenMBD)
  static constexpr Real kDefaultEta = 0.25;        // OpenMBD's unloading fraction
  static constexpr Real kDefaultFriction = 0.4;    // OpenMBD's μ
  static constexpr Real kDefaultRampSpeed = 0.01;  // m/s (OpenMBD's ramp)

  std::string name = "penalty";
  PenaltyCurve loading{{{0, 0}, {0.01, 1e4}}, "loading"};  // OpenMBD's default curve
  std::optional<PenaltyCurve> unloading;
  Real unloadingEnergyFraction = kDefaultEta;           // η in (0, 1], used without an unloading curve
  Real damping = kDefaultDamping;                       // c, N·s/m
  Real rateC1 = 1, rateC2 = 0, rateC3 = 1, rateC4 = 1;  // γ = C1 + C2 (|ẋ|/C3)^C4 (C3 in m/s)
  Real friction = kDefaultFriction;                     // μ
  Real frictionRampSpeed = kDefaultRampSpeed;           // v_r, m/s

  // Throws Error naming this material, the field and the value (η outside (0, 1], c < 0, C1 < 0,
  // C2 < 0, C3 <= 0, C4 <= 0, μ < 0, v_r <= 0, non-finite values, an unloading curve whose last
  // force is 0).
  void validate() const;
};

// The force law of one contact: one penalty material against a rigid surface, or two in series.
class PenaltyContactModel {
 public:
  explicit PenaltyContactModel(const PenaltyMaterial& a);
  PenaltyContactModel(const PenaltyMaterial& a, const PenaltyMaterial& b);

  struct Force {
    Real force = 0;    // max(0, γ F_e + c ẋ) while x > 0, N
    Real elastic = 0;  // F_e on the current branch
    Real stored = 0;   // ∫_0^x of the current branch: the work it would return unloading now, J
    // d(stored)/dx as x moves on: F_e while unloading; while loading the branch moves with x
    // (the reached maximum is x), so only a share of F_e ẋ is stored and the rest is the
    // hysteresis loss.
    Real storedSlope = 0;
    Real shareA = 1;  // fraction of x taken by surface A (1 against a rigid surface)
  };
  // x penetration (m), xdot its rate (m/s), reachedMax the committed maximum x_m (m).
  Force calcForce(Real x, Real xdot, Real reachedMax) const;
  // The maximum to commit after a step ending at penetration x: 0 once apart, else max(x_m, x).
  static Real nextReachedMax(Real x, Real reachedMax) { return x > 0 ? std::max(x, reachedMax) : 0; }

  const PenaltyCurve& getLoading() const { return loading_; }
  const StribeckFriction& getFriction() const { return friction_; }
  Real getDamping() const { return damping_; }

 private:
  Real unloadingBranch(Real x, Real xm, Real fm, Real* stored) const;
  Real rateFactor(Real xdot) const;

  PenaltyCurve loading_;
  std::optional<PenaltyCurve> unloading_;
  std::vector<PenaltyCurve::Point> envelopeA_;  // A's own curve (nondecreasing), for the share in series
  Real eta_, damping_;
  Real c1_, c2_, c3_, c4_;
  StribeckFriction friction_;
};

}  // namespace articula
