// Private helpers shared by the force elements: parameter checks whose errors name the element
// type, its name, the field and the value; the check that a coordinate can carry a scalar
// potential; the row of N that maps a force on one q to the body's u; and two-point geometry.
#pragma once
#include <cmath>
#include <sstream>
#include <string>

#include "articula/Error.h"
#include "articula/matter/MatterSubsystem.h"

namespace articula::forces_detail {

// A value in a message with 6 significant digits (std::to_string prints 1e-9 as 0.000000).
inline std::string num(Real v) { return formatValue(v); }

inline std::string vec(const Vec3& v) {
  std::ostringstream s;
  s.precision(6);
  s << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  return s.str();
}

// Message text from parts, streamed (GCC 12 gives false -Wrestrict warnings on "literal" +
// std::string&& chains, so messages are never built that way).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::ostringstream s;
  s.precision(6);
  (s << ... << parts);
  return s.str();
}

template <class... Parts>
[[noreturn]] void fail(const char* type, const std::string& name, const Parts&... what) {
  throw Error(cat(type, " '", name, "': ", what...));
}

// `field value unit is not finite`; returns the value so constructors can check in initializers.
inline Real finite(const char* type, const std::string& name, const char* field, Real v, const char* unit) {
  if (!std::isfinite(v)) fail(type, name, field, " ", v, " ", unit, " is not finite");
  return v;
}

inline Real nonNegative(const char* type, const std::string& name, const char* field, Real v, const char* unit) {
  finite(type, name, field, v, unit);
  if (v < 0) fail(type, name, field, " ", v, " ", unit, " is negative");
  return v;
}

inline Vec3 finite3(const char* type, const std::string& name, const char* field, const Vec3& v, const char* unit) {
  if (!v.allFinite()) fail(type, name, field, " ", vec(v), " ", unit, " is not finite");
  return v;
}

inline Vec3 nonNegative3(const char* type, const std::string& name, const char* field, const Vec3& v,
                         const char* unit) {
  finite3(type, name, field, v, unit);
  if ((v.array() < 0).any()) fail(type, name, field, " ", vec(v), " ", unit, " has a negative entry");
  return v;
}

// A bound pair: NaN is an error, -inf / +inf mean "no bound on that side", and lower <= upper.
inline void bounds(const char* type, const std::string& name, const std::string& field, Real lower, Real upper,
                   const char* unit) {
  if (std::isnan(lower) || std::isnan(upper) || lower == INFINITY || upper == -INFINITY)
    fail(type, name, field, " bounds [", lower, ", ", upper, "] ", unit,
         " are invalid (NaN, or an infinite bound on the wrong side)");
  if (lower > upper) fail(type, name, field, " lower bound ", lower, " ", unit, " > upper bound ", upper, " ", unit);
}

inline std::string bodyName(const MobilizedBodyInfo& info) {
  return info.name.empty() ? "" : cat(" '", info.name, "'");
}

// For finalize(): the body must exist (checked by the caller) and whichQ must be one of its
// coordinates other than a quaternion's, whose single entries have no physical meaning.
inline void checkScalarCoordinate(const char* type, const std::string& name, const MatterSubsystem& matter, int body,
                                  int whichQ) {
  const MobilizedBodyInfo& info = matter.getInfo(body);
  if (whichQ < 0 || whichQ >= info.nq)
    fail(type, name, "whichQ ", whichQ, " is out of range; body ", body, bodyName(info), " has ", info.nq,
         " generalized coordinates");
  const int qi = info.mobilizer ? info.mobilizer->quaternionIndex() : -1;
  if (qi >= 0 && whichQ >= qi && whichQ < qi + 4)
    fail(type, name, "whichQ ", whichQ, " of body ", body,
         " is a quaternion entry; limit rotations with an orientation RangeOfMotionLimit or a LinearBushing");
}

inline void checkMobility(const char* type, const std::string& name, const MatterSubsystem& matter, int body,
                          int whichU) {
  const MobilizedBodyInfo& info = matter.getInfo(body);
  if (whichU < 0 || whichU >= info.nu)
    fail(type, name, "whichU ", whichU, " is out of range; body ", body, bodyName(info), " has ", info.nu,
         " generalized speeds");
}

// Row whichQ of the body's N at the State's q (qdot_i = row . u_body), so that a force f_q on one
// coordinate becomes f_u = N^T e_i f_q on the body's u: then f_u . u = f_q qdot_i exactly, and the
// force is -dPE/dq mapped consistently even where N is not the identity (Euler-angle balls).
struct CoordinateRow {
  Real n[6] = {0, 0, 0, 0, 0, 0};
  int nu = 0;
  int uStart = 0;
  Real qdot(const Real* u) const {  // u: the matter's whole u
    Real r = 0;
    for (int j = 0; j < nu; ++j) r += n[j] * u[uStart + j];
    return r;
  }
  void addForce(Real f_q, Vector& mobilityForces) const {
    for (int j = 0; j < nu; ++j) mobilityForces[uStart + j] += n[j] * f_q;
  }
};

inline CoordinateRow coordinateRow(const MatterSubsystem& matter, const State& s, int body, int whichQ) {
  const MobilizedBodyInfo& info = matter.getInfo(body);
  CoordinateRow row;
  row.nu = info.nu;
  row.uStart = info.uStart;
  const Real* q = matter.getQ(s).data() + info.qStart;
  Real e[6] = {0, 0, 0, 0, 0, 0}, qdot[7];
  for (int j = 0; j < info.nu; ++j) {
    e[j] = 1;
    info.mobilizer->multiplyByN(q, e, qdot);
    row.n[j] = qdot[whichQ];
    e[j] = 0;
  }
  return row;
}

// Two stations S1 on B1 and S2 on B2: r = p_GS2 - p_GS1 (in G), its length, and the stations'
// offsets from their body origins in G (to shift forces to moments about Bo).
struct TwoPoints {
  Vec3 p1_G, p2_G;  // Bo -> S, expressed in G
  Vec3 r;           // S1 -> S2, in G
  Real length;
};

inline TwoPoints twoPoints(const MatterSubsystem& matter, const State& s, int b1, const Vec3& p_B1S1, int b2,
                           const Vec3& p_B2S2) {
  const Transform& X1 = matter.getBodyTransform(s, b1);
  const Transform& X2 = matter.getBodyTransform(s, b2);
  TwoPoints g;
  g.p1_G = X1.R() * p_B1S1;
  g.p2_G = X2.R() * p_B2S2;
  g.r = (X2.p() + g.p2_G) - (X1.p() + g.p1_G);
  g.length = g.r.norm();
  return g;
}

// v_S2 - v_S1 in G (Velocity stage).
inline Vec3 relativeVelocity(const MatterSubsystem& matter, const State& s, int b1, int b2, const TwoPoints& g) {
  const SpatialVec& V1 = matter.getBodyVelocity(s, b1);
  const SpatialVec& V2 = matter.getBodyVelocity(s, b2);
  const Vec3 v1 = V1.tail<3>() + V1.head<3>().cross(g.p1_G);
  const Vec3 v2 = V2.tail<3>() + V2.head<3>().cross(g.p2_G);
  return v2 - v1;
}

// Applies f_G at S2 and -f_G at S1 (moments about each body origin).
inline void applyPair(std::vector<SpatialVec>& F, int b1, int b2, const TwoPoints& g, const Vec3& f_G) {
  F[b2].head<3>() += g.p2_G.cross(f_G);
  F[b2].tail<3>() += f_G;
  F[b1].head<3>() -= g.p1_G.cross(f_G);
  F[b1].tail<3>() -= f_G;
}

}  // namespace articula::forces_detail
