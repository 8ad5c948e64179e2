#include "articula/contact/PenaltyCurveMaterial.h"

#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

using Points = std::vector<PenaltyCurve::Point>;

// The smallest x with F(x) = f on a nondecreasing curve (f clamped to [0, F_last]).
Real leftInverse(const Points& p, Real f) {
  if (f <= p.front().second) return p.front().first;
  for (size_t i = 1; i < p.size(); ++i)
    if (p[i].second >= f) {
      const Real df = p[i].second - p[i - 1].second;
      return p[i - 1].first + (f - p[i - 1].second) / df * (p[i].first - p[i - 1].first);
    }
  return p.back().first;
}

// The largest listed x with F(x) = f on a nondecreasing curve, for f below F_last: the right end
// of a flat stretch at level f, or the same point as leftInverse where the curve rises.
Real rightInverse(const Points& p, Real f) {
  size_t j = 0;
  while (j + 1 < p.size() && p[j + 1].second <= f) ++j;
  if (j + 1 == p.size() || p[j].second == f) return p[j].first;
  const Real df = p[j + 1].second - p[j].second;
  return p[j].first + (f - p[j].second) / df * (p[j + 1].first - p[j].first);
}

Points runningMaximum(Points p) {
  for (size_t i = 1; i < p.size(); ++i) p[i].second = std::max(p[i].second, p[i - 1].second);
  return p;
}

[[noreturn]] void rejectMaterial(const PenaltyMaterial& m, const char* field, Real value, const char* rule) {
  std::ostringstream os;
  os << "PenaltyMaterial '" << m.name << "': " << field << " = " << value << " " << rule;
  throw Error(os.str());
}

Real harmonicPair(Real a, Real b) { return a + b > 0 ? 2 * a * b / (a + b) : 0; }

}  // namespace

PenaltyCurve::PenaltyCurve(std::vector<Point> points, std::string name)
    : name_(std::move(name)), points_(std::move(points)) {
  auto fail = [&](size_t i, const char* what, Real value) {
    std::ostringstream os;
    os << "PenaltyCurve '" << name_ << "': point " << i << " " << what << " (value " << value << ")";
    throw Error(os.str());
  };
  if (points_.size() < 2) fail(points_.size(), "is missing: a curve needs at least 2 points", 0);
  for (size_t i = 0; i < points_.size(); ++i) {
    const auto [x, f] = points_[i];
    if (!std::isfinite(x)) fail(i, "has a non-finite penetration", x);
    if (!std::isfinite(f)) fail(i, "has a non-finite force", f);
    if (f < 0) fail(i, "has a negative force", f);
    if (i > 0 && !(x > points_[i - 1].first))
      fail(i, "penetration does not increase (points must be monotonic in x)", x);
  }
  if (points_[0].first != 0) fail(0, "must be at penetration 0", points_[0].first);
  if (points_[0].second != 0) fail(0, "must have force 0", points_[0].second);
}

Real PenaltyCurve::calcForce(Real x) const {
  if (!(x > 0)) return 0;
  for (size_t i = 1; i < points_.size(); ++i)
    if (x <= points_[i].first) {
      const auto& [x0, f0] = points_[i - 1];
      const auto& [x1, f1] = points_[i];
      return f0 + (x - x0) / (x1 - x0) * (f1 - f0);
    }
  return points_.back().second;
}

Real PenaltyCurve::calcSlope(Real x) const {
  if (x < 0) return 0;
  for (size_t i = 1; i < points_.size(); ++i)
    if (x < points_[i].first)
      return (points_[i].second - points_[i - 1].second) / (points_[i].first - points_[i - 1].first);
  return 0;
}

Real PenaltyCurve::calcIntegral(Real x) const {
  if (!(x > 0)) return 0;
  Real sum = 0;
  for (size_t i = 1; i < points_.size(); ++i) {
    const auto& [x0, f0] = points_[i - 1];
    const auto& [x1, f1] = points_[i];
    if (x <= x1) return sum + 0.5 * (f0 + calcForce(x)) * (x - x0);
    sum += 0.5 * (f0 + f1) * (x1 - x0);
  }
  return sum + points_.back().second * (x - points_.back().first);
}

PenaltyCurve PenaltyCurve::inSeries(const PenaltyCurve& a, const PenaltyCurve& b) {
  const Points pa = runningMaximum(a.points_), pb = runningMaximum(b.points_);
  const Real fMax = std::min(pa.back().second, pb.back().second);
  // Every force level where either curve has a breakpoint, below the common maximum.
  std::vector<Real> levels;
  for (const auto& p : pa) levels.push_back(std::min(p.second, fMax));
  for (const auto& p : pb) levels.push_back(std::min(p.second, fMax));
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  Points out;
  auto add = [&](Real x, Real f) {
    if (out.empty() || x > out.back().first) out.emplace_back(x, f);
  };
  for (Real f : levels) {
    add(leftInverse(pa, f) + leftInverse(pb, f), f);
    if (f < fMax) add(rightInverse(pa, f) + rightInverse(pb, f), f);
  }
  if (out.size() < 2) out.emplace_back(out.back().first + 1, out.back().second);  // both flat at zero
  return PenaltyCurve(std::move(out), a.name_ + " + " + b.name_);
}

void PenaltyMaterial::validate() const {
  const std::pair<const char*, Real> fields[] = {{"unloadingEnergyFraction", unloadingEnergyFraction},
                                                 {"damping", damping},
                                                 {"rateC1", rateC1},
                                                 {"rateC2", rateC2},
                                                 {"rateC3", rateC3},
                                                 {"rateC4", rateC4},
                                                 {"friction", friction},
                                                 {"frictionRampSpeed", frictionRampSpeed}};
  for (const auto& [field, value] : fields)
    if (!std::isfinite(value)) rejectMaterial(*this, field, value, "is not finite");
  if (!(unloadingEnergyFraction > 0 && unloadingEnergyFraction <= 1))
    rejectMaterial(*this, "unloadingEnergyFraction", unloadingEnergyFraction, "must lie in (0, 1]");
  if (damping < 0) rejectMaterial(*this, "damping", damping, "must be >= 0 N·s/m");
  if (rateC1 < 0) rejectMaterial(*this, "rateC1", rateC1, "must be >= 0");
  if (rateC2 < 0) rejectMaterial(*this, "rateC2", rateC2, "must be >= 0");
  if (!(rateC3 > 0)) rejectMaterial(*this, "rateC3", rateC3, "must be > 0 m/s");
  if (!(rateC4 > 0)) rejectMaterial(*this, "rateC4", rateC4, "must be > 0");
  if (friction < 0) rejectMaterial(*this, "friction", friction, "must be >= 0");
  if (!(frictionRampSpeed > 0)) rejectMaterial(*this, "frictionRampSpeed", frictionRampSpeed, "must be > 0 m/s");
  if (unloading && !(unloading->getLastForce() > 0))
    rejectMaterial(*this, "unloading (last force)", unloading->getLastForce(), "must be > 0 N");
}

PenaltyContactModel::PenaltyContactModel(const PenaltyMaterial& a)
    : loading_(a.loading),
      unloading_(a.unloading),
      eta_(a.unloadingEnergyFraction),
      damping_(a.damping),
      c1_(a.rateC1),
      c2_(a.rateC2),
      c3_(a.rateC3),
      c4_(a.rateC4),
      friction_(a.friction, a.friction, 0, a.frictionRampSpeed) {
  a.validate();
}

// Pair rules: curves in series (loading, and unloading when both have one), dampers in series,
// the more dissipative η, the rate law of whichever surface amplifies (A first), the harmonic
// mean of the friction coefficients and the shorter ramp.
PenaltyContactModel::PenaltyContactModel(const PenaltyMaterial& a, const PenaltyMaterial& b)
    : loading_(PenaltyCurve::inSeries(a.loading, b.loading)),
      envelopeA_(runningMaximum(a.loading.getPoints())),
      eta_(std::min(a.unloadingEnergyFraction, b.unloadingEnergyFraction)),
      damping_(a.damping + b.damping > 0 ? a.damping * b.damping / (a.damping + b.damping) : 0),
      c1_(a.rateC2 > 0 || b.rateC2 == 0 ? a.rateC1 : b.rateC1),
      c2_(a.rateC2 > 0 || b.rateC2 == 0 ? a.rateC2 : b.rateC2),
      c3_(a.rateC2 > 0 || b.rateC2 == 0 ? a.rateC3 : b.rateC3),
      c4_(a.rateC2 > 0 || b.rateC2 == 0 ? a.rateC4 : b.rateC4),
      friction_(harmonicPair(a.friction, b.friction), harmonicPair(a.friction, b.friction), 0,
                std::min(a.frictionRampSpeed, b.frictionRampSpeed)) {
  a.validate();
  b.validate();
  if (a.unloading && b.unloading) unloading_ = PenaltyCurve::inSeries(*a.unloading, *b.unloading);
  else if (a.unloading) unloading_ = a.unloading;
  else if (b.unloading) unloading_ = b.unloading;
}

Real PenaltyContactModel::rateFactor(Real xdot) const {
  return c2_ == 0 ? c1_ : c1_ + c2_ * std::pow(std::abs(xdot) / c3_, c4_);
}

// The unloading branch through (xm, fm) at x < xm, and its integral from 0 to x.
Real PenaltyContactModel::unloadingBranch(Real x, Real xm, Real fm, Real* stored) const {
  if (unloading_) {
    // U scaled so that its last point (xu, fu) maps onto (xm, fm).
    const Real xu = unloading_->getLastPenetration(), fu = unloading_->getLastForce();
    const Real s = x * xu / xm;
    *stored = fm / fu * (xm / xu) * unloading_->calcIntegral(s);
    return fm / fu * unloading_->calcForce(s);
  }
  // Straight line from (xm, fm) to zero at (1 − η) xm.
  const Real over = x / xm - (1 - eta_);
  if (over <= 0) {
    *stored = 0;
    return 0;
  }
  *stored = fm * xm * over * over / (2 * eta_);
  return fm * over / eta_;
}

PenaltyContactModel::Force PenaltyContactModel::calcForce(Real x, Real xdot, Real reachedMax) const {
  Force out;
  if (!(x > 0)) return out;
  const Real xm = std::max(x, reachedMax);
  if (x >= xm) {
    out.elastic = loading_.calcForce(x);
    // Stored work on the branch that would start here: the unloading branch's integral at xm,
    // c x F(x) with c fixed by the branch's shape, so it grows at c (F + x F').
    unloadingBranch(x, x, out.elastic, &out.stored);
    out.storedSlope = out.stored > 0 ? out.stored / x * (1 + x * loading_.calcSlope(x) / out.elastic) : 0;
  } else {
    out.elastic = unloadingBranch(x, xm, loading_.calcForce(xm), &out.stored);
    out.storedSlope = out.elastic;
  }
  out.force = std::max(Real(0), rateFactor(xdot) * out.elastic + damping_ * xdot);
  if (!envelopeA_.empty()) {
    const Real xa = leftInverse(envelopeA_, out.elastic);
    out.shareA = std::clamp(xa / x, Real(0), Real(1));
  }
  return out;
}

}  // namespace articula
