// The benchmark models. Links are solid cylinders along a "limb direction" that is tracked from
// frame to frame, so masses, centres and inertias stay physically plausible whatever the joint
// frames' orientations are.
#include "model_spec.h"

#include <cmath>
#include <random>
#include <stdexcept>

namespace articula::bench {

int jointNQ(Joint j) {
  switch (j) {
    case Joint::Pin: return 1;
    case Joint::Slider: return 1;
    case Joint::Universal: return 2;
    case Joint::Ball: return 4;
    case Joint::Free: return 7;
  }
  return 0;
}

int jointNU(Joint j) {
  switch (j) {
    case Joint::Pin: return 1;
    case Joint::Slider: return 1;
    case Joint::Universal: return 2;
    case Joint::Ball: return 3;
    case Joint::Free: return 6;
  }
  return 0;
}

int ModelSpec::nq() const {
  int n = 0;
  for (const BodySpec& b : bodies) n += jointNQ(b.joint);
  return n;
}

int ModelSpec::nu() const {
  int n = 0;
  for (const BodySpec& b : bodies) n += jointNU(b.joint);
  return n;
}

std::array<double, 9> quaternionToMatrix(const double* q) {
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  return {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
          2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
          2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
}

V3 rotate(const std::array<double, 9>& R, const V3& v, bool transpose) {
  V3 out{0, 0, 0};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) out[i] += (transpose ? R[3 * k + i] : R[3 * i + k]) * v[k];
  return out;
}

namespace {

constexpr double kPi = 3.14159265358979323846;

std::array<double, 9> axisAngleToMatrix(const V3& axis, double angle) {
  const double h = 0.5 * angle, s = std::sin(h);
  const double q[4] = {std::cos(h), s * axis[0], s * axis[1], s * axis[2]};
  return quaternionToMatrix(q);
}

V3 scaled(const V3& v, double s) { return {v[0] * s, v[1] * s, v[2] * s}; }

// Accumulates bodies and remembers each body's limb direction (a unit vector in its own frame).
class Builder {
 public:
  explicit Builder(std::string name) { spec_.name = std::move(name); }

  // A cylindrical link of given mass, length and radius starting at the joint and pointing along
  // dirInParent (expressed in the parent's frame; at q = 0 the body frame is F).
  int add(std::string name, int parent, Joint joint, const V3& p_PF, const V3& axis, double angle, double mass,
          double length, double radius, const V3& dirInParent) {
    BodySpec b;
    b.name = std::move(name);
    b.parent = parent;
    b.joint = joint;
    b.p_PF = p_PF;
    b.axis_PF = axis;
    b.angle_PF = angle;
    b.mass = mass;
    const V3 dir = rotate(axisAngleToMatrix(axis, angle), dirInParent, /*transpose=*/true);
    b.com = scaled(dir, 0.5 * length);
    // Axial moment about the cylinder axis, transverse about the other two.
    const double axial = 0.5 * mass * radius * radius;
    const double transverse = mass * (3 * radius * radius + length * length) / 12;
    int along = 0;
    for (int k = 1; k < 3; ++k)
      if (std::abs(dir[k]) > std::abs(dir[along])) along = k;
    for (int k = 0; k < 3; ++k) b.centralInertia[k] = k == along ? axial : transverse;
    spec_.bodies.push_back(b);
    dirs_.push_back(dir);
    return static_cast<int>(spec_.bodies.size()) - 1;
  }

  const V3& dir(int body) const { return dirs_[body]; }
  ModelSpec& spec() { return spec_; }

 private:
  ModelSpec spec_;
  std::vector<V3> dirs_;
};

const V3 kX{1, 0, 0}, kY{0, 1, 0}, kZ{0, 0, 1};
const V3 kDown{0, 0, -1};

}  // namespace

// A KUKA-iiwa-like arm: seven pins alternating z and y axes (a quarter turn of F about x flips a
// pin's z onto the parent's y), link masses from a typical 7 kg-payload arm.
ModelSpec arm7() {
  Builder b("arm7");
  const double mass[7] = {4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3};
  const double length[7] = {0.34, 0.21, 0.21, 0.19, 0.21, 0.08, 0.08};
  const double radius[7] = {0.07, 0.07, 0.06, 0.06, 0.05, 0.05, 0.04};
  int parent = -1;
  V3 dirParent = kZ;  // the arm stands up from the ground
  V3 p{0, 0, 0.1};
  for (int i = 0; i < 7; ++i) {
    const double angle = i == 0 ? 0.0 : (i % 2 == 1 ? -kPi / 2 : kPi / 2);
    parent = b.add("link" + std::to_string(i + 1), parent, Joint::Pin, p, kX, angle, mass[i], length[i], radius[i],
                   dirParent);
    dirParent = b.dir(parent);
    p = scaled(dirParent, length[i]);
  }
  return b.spec();
}

// n identical 1 kg, 0.2 m links; the pin axes are horizontal so the chain swings under gravity.
ModelSpec pinChain(int n) {
  Builder b("chain" + std::to_string(n));
  int parent = -1;
  V3 p{0, 0, 0}, dirParent = kDown;
  for (int i = 0; i < n; ++i) {
    const double angle = i == 0 ? kPi / 2 : 0.0;  // pin axis along Ground's -y
    parent = b.add("link" + std::to_string(i + 1), parent, Joint::Pin, p, kX, angle, 1.0, 0.2, 0.02, dirParent);
    dirParent = b.dir(parent);
    p = scaled(dirParent, 0.2);
  }
  return b.spec();
}

// Tip positions in Ground (stations tip[i] on each body) of a chain of pins (q about F's z) at q.
static std::vector<V3> pinChainTips(const ModelSpec& spec, const std::vector<V3>& tip, const std::vector<double>& q) {
  std::vector<V3> out;
  std::array<double, 9> R_GP{1, 0, 0, 0, 1, 0, 0, 0, 1};
  V3 p_GP{0, 0, 0};
  for (size_t i = 0; i < spec.bodies.size(); ++i) {
    const BodySpec& b = spec.bodies[i];
    const double c = std::cos(q[i]), s = std::sin(q[i]);
    const std::array<double, 9> R_FM{c, -s, 0, s, c, 0, 0, 0, 1};
    const std::array<double, 9> R_PF = axisAngleToMatrix(b.axis_PF, b.angle_PF);
    std::array<double, 9> R_GF{}, R_GB{};
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k)
        for (int j = 0; j < 3; ++j) R_GF[3 * r + k] += R_GP[3 * r + j] * R_PF[3 * j + k];
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 3; ++k)
        for (int j = 0; j < 3; ++j) R_GB[3 * r + k] += R_GF[3 * r + j] * R_FM[3 * j + k];
    const V3 o = rotate(R_GP, b.p_PF), t = rotate(R_GB, tip[i]);
    const V3 p_GB{p_GP[0] + o[0], p_GP[1] + o[1], p_GP[2] + o[2]};
    out.push_back({p_GB[0] + t[0], p_GB[1] + t[1], p_GB[2] + t[2]});
    R_GP = R_GB;
    p_GP = p_GB;
  }
  return out;
}

ModelSpec loopedChain(int loops) {
  constexpr int kLinks = 30;
  constexpr double kLength = 0.2;
  Builder b("loops" + std::to_string(loops));
  int parent = -1;
  V3 p{0, 0, 0}, dirParent = kDown;
  std::vector<V3> tip;
  for (int i = 0; i < kLinks; ++i) {
    parent = b.add("link" + std::to_string(i + 1), parent, Joint::Pin, p, kX, i == 0 ? kPi / 2 : 0.0, 1.0, kLength,
                   0.02, dirParent);
    dirParent = b.dir(parent);
    p = scaled(dirParent, kLength);
    tip.push_back(p);
  }
  // The ties sit where the tips are in the comparison's input state (randomState seed 7, which
  // depends on the bodies only), so that state is assembled and both engines solve the same
  // consistent problem (their Ball constraints differ off the constraint manifold).
  const std::vector<V3> tips = pinChainTips(b.spec(), tip, randomState(b.spec(), 7).q);
  for (int k = 0; k < loops; ++k) {
    const int link = (k + 1) * kLinks / loops - 1;
    b.spec().constraints.push_back({-1, tips[link], link, tip[link]});
  }
  return b.spec();
}

// Geometry of the classic 6-6 arrangement: base anchors in pairs 30 degrees apart (radius 1 m),
// platform anchors in pairs 30 degrees apart (radius 0.5 m) turned 60 degrees from the base
// pairs, so neighbouring legs lean in opposite directions and no two legs are parallel.
ModelSpec stewartPlatform() {
  constexpr double kBaseRadius = 1.0, kTopRadius = 0.5, kPistonLength = 0.6;
  Builder b("stewart");
  // Home pose of the platform: 0.9 m up, slightly off centre and tilted (away from symmetric
  // poses, where the constraint Jacobian can lose rank).
  const V3 p_GP{0.03, -0.02, 0.9};
  const double tilt = 0.15, axisNorm = std::sqrt(0.09 + 0.25 + 0.64);
  const V3 tiltAxis{0.3 / axisNorm, 0.5 / axisNorm, 0.8 / axisNorm};
  const std::array<double, 9> R_GP = axisAngleToMatrix(tiltAxis, tilt);
  std::vector<double> legQ;
  std::vector<int> piston;
  std::vector<V3> p_PA;  // platform anchors in the platform frame
  for (int i = 0; i < 6; ++i) {
    const double side = i % 2 ? 1.0 : -1.0, pair = 2 * kPi / 3 * (i / 2);
    const double baseAngle = pair + side * kPi / 12, topAngle = pair + side * kPi / 4;
    const V3 p_GB{kBaseRadius * std::cos(baseAngle), kBaseRadius * std::sin(baseAngle), 0};
    p_PA.push_back({kTopRadius * std::cos(topAngle), kTopRadius * std::sin(topAngle), 0});
    // Leg direction n from base to platform anchor: Universal angles with R_x(q1) R_y(q2) z = n.
    const V3 a = rotate(R_GP, p_PA.back());
    const V3 d{p_GP[0] + a[0] - p_GB[0], p_GP[1] + a[1] - p_GB[1], p_GP[2] + a[2] - p_GB[2]};
    const double length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    const std::string leg = "leg" + std::to_string(i + 1);
    const int cylinder = b.add(leg + "_cylinder", -1, Joint::Universal, p_GB, kX, 0, 2.0, 0.6, 0.04, kZ);
    // The slider's x is the cylinder's z (a quarter turn about y): the piston slides along the leg.
    piston.push_back(
        b.add(leg + "_piston", cylinder, Joint::Slider, {0, 0, 0}, kY, -kPi / 2, 1.0, kPistonLength, 0.025, kZ));
    legQ.insert(legQ.end(), {std::atan2(-d[1], d[2]), std::asin(d[0] / length), length - kPistonLength});
  }
  const int top = b.add("platform", -1, Joint::Free, {0, 0, 0}, kX, 0, 10.0, 0.05, kTopRadius, kZ);
  ModelSpec& spec = b.spec();
  for (int i = 0; i < 6; ++i) spec.constraints.push_back({piston[i], {kPistonLength, 0, 0}, top, p_PA[i]});
  // Neutral q: legs body by body (cylinder q1, q2, piston q), then the platform's quaternion, p_FM.
  spec.home = legQ;
  const double h = 0.5 * tilt;
  spec.home.insert(spec.home.end(), {std::cos(h), std::sin(h) * tiltAxis[0], std::sin(h) * tiltAxis[1],
                                     std::sin(h) * tiltAxis[2], p_GP[0], p_GP[1], p_GP[2]});
  return spec;
}

ModelSpec triplePendulum() {
  Builder b("triple_pendulum");
  int parent = -1;
  V3 p{0, 0, 0}, dirParent = kDown;
  for (int i = 0; i < 3; ++i) {
    parent = b.add("link" + std::to_string(i + 1), parent, Joint::Pin, p, kX, i == 0 ? kPi / 2 : 0.0, 1.0, 1.0, 0.05,
                   dirParent);
    dirParent = b.dir(parent);
    p = scaled(dirParent, 1.0);
  }
  return b.spec();
}

// Joint stiffness 2000 N m/rad and damping 40 N m s/rad on links of ~0.013 kg m^2 about their
// pins: decay rates up to ~1e3-1e4 /s, far faster than the swing, so explicit methods are held
// to tiny steps by stability long after the fast modes have died out.
ModelSpec stiffChain() {
  ModelSpec spec = pinChain(5);
  spec.name = "stiff_chain";
  for (BodySpec& body : spec.bodies) {
    body.jointStiffness = 2000;
    body.jointDamping = 40;
  }
  return spec;
}

// A 74 kg floating humanoid: Free pelvis (6) + torso and head Balls (6) + per arm Ball shoulder,
// Pin elbow, Universal wrist (6 each) + per leg Ball hip, Pin knee, Universal ankle (6 each) = 36.
ModelSpec humanoid36() {
  Builder b("humanoid36");
  const int pelvis = b.add("pelvis", -1, Joint::Free, {0, 0, 0}, kX, 0, 11.0, 0.16, 0.14, kZ);
  const int torso = b.add("torso", pelvis, Joint::Ball, {0, 0, 0.1}, kX, 0, 26.0, 0.5, 0.15, kZ);
  b.add("head", torso, Joint::Ball, {0, 0, 0.5}, kX, 0, 5.5, 0.22, 0.1, kZ);
  for (int side : {1, -1}) {
    const std::string s = side > 0 ? "_l" : "_r";
    const int upper = b.add("upperarm" + s, torso, Joint::Ball, {0, 0.2 * side, 0.45}, kX, 0, 2.0, 0.3, 0.045, kDown);
    // A quarter turn about x puts the elbow pin's z on the upper arm's y: flexion.
    const int fore = b.add("forearm" + s, upper, Joint::Pin, {0, 0, -0.3}, kX, -kPi / 2, 1.2, 0.27, 0.04, kDown);
    b.add("hand" + s, fore, Joint::Universal, scaled(b.dir(fore), 0.27), kX, 0, 0.45, 0.18, 0.03, b.dir(fore));
  }
  for (int side : {1, -1}) {
    const std::string s = side > 0 ? "_l" : "_r";
    const int thigh = b.add("thigh" + s, pelvis, Joint::Ball, {0, 0.1 * side, -0.08}, kX, 0, 7.5, 0.42, 0.07, kDown);
    const int shank = b.add("shank" + s, thigh, Joint::Pin, {0, 0, -0.42}, kX, -kPi / 2, 3.5, 0.42, 0.05, kDown);
    b.add("foot" + s, shank, Joint::Universal, scaled(b.dir(shank), 0.42), kX, 0, 1.1, 0.2, 0.04, kX);
  }
  return b.spec();
}

std::vector<ModelSpec> allModels() {
  return {arm7(),         pinChain(10),   pinChain(100),   pinChain(1000),  humanoid36(),
          loopedChain(1), loopedChain(5), loopedChain(10), loopedChain(30), stewartPlatform()};
}

ModelSpec modelByName(const std::string& name) {
  for (ModelSpec& m : allModels())
    if (m.name == name) return m;
  throw std::invalid_argument("unknown benchmark model '" + name + "'");
}

SpecState randomState(const ModelSpec& spec, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> angle(-0.6, 0.6), speed(-1.0, 1.0), unit(-1.0, 1.0);
  auto pushQuaternion = [&](std::vector<double>& q) {
    V3 axis{unit(rng), unit(rng), unit(rng)};
    const double norm = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    const double h = 0.5 * angle(rng) / 0.6 * 0.8;  // rotations up to 0.8 rad
    const double s = std::sin(h) / (norm > 0 ? norm : 1);
    q.insert(q.end(), {std::cos(h), s * axis[0], s * axis[1], s * axis[2]});
  };
  SpecState st;
  for (const BodySpec& b : spec.bodies) {
    switch (b.joint) {
      case Joint::Pin: st.q.push_back(angle(rng)); break;
      case Joint::Slider: st.q.push_back(0.5 * angle(rng)); break;
      case Joint::Universal: st.q.insert(st.q.end(), {angle(rng), angle(rng)}); break;
      case Joint::Ball: pushQuaternion(st.q); break;
      case Joint::Free:
        pushQuaternion(st.q);
        st.q.insert(st.q.end(), {0.3 * unit(rng), 0.3 * unit(rng), 1.0 + 0.1 * unit(rng)});
        break;
    }
    for (int k = 0; k < jointNU(b.joint); ++k) st.u.push_back(speed(rng));
  }
  // Constrained models start at rest: random speeds would violate the velocity constraints.
  if (!spec.constraints.empty()) st.u.assign(st.u.size(), 0.0);
  if (!spec.home.empty()) st.q = spec.home;
  return st;
}

std::vector<double> randomVector(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<double> v(n);
  for (double& x : v) x = d(rng);
  return v;
}

}  // namespace articula::bench
