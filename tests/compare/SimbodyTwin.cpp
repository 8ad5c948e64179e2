#include "compare/SimbodyTwin.h"

#include <span>

namespace articula::testing {
namespace {

using SMB = SimTK::MobilizedBody;

// Lets Simbody evaluate our Function objects, so both engines see exactly the same X_FM(q) of a
// function-based mobilizer and the comparison tests the mobilizer, not two spline codes.
class WrappedFunction : public SimTK::Function {
 public:
  explicit WrappedFunction(FunctionPtr f) : f_(std::move(f)) {}
  SimTK::Real calcValue(const SimTK::Vector& x) const override {
    std::vector<Real> xs(x.size());
    for (int i = 0; i < x.size(); ++i) xs[i] = x[i];
    return f_->calcValue(xs);
  }
  SimTK::Real calcDerivative(const SimTK::Array_<int>& components, const SimTK::Vector& x) const override {
    std::vector<Real> xs(x.size());
    for (int i = 0; i < x.size(); ++i) xs[i] = x[i];
    std::vector<int> c(components.begin(), components.end());
    return f_->calcDerivative(c, xs);
  }
  int getArgumentSize() const override { return f_->argumentSize(); }
  int getMaxDerivativeOrder() const override { return 2; }

 private:
  FunctionPtr f_;
};

SimTK::MassProperties simbodyMassProperties(const MassProperties& mp) {
  const Mat33& I = mp.inertiaAboutOrigin().matrix();
  const SimTK::Inertia inertia(I(0, 0), I(1, 1), I(2, 2), I(0, 1), I(0, 2), I(1, 2));
  return SimTK::MassProperties(mp.mass(), toSimbody(mp.massCenter()), inertia);
}

SMB addSimbodyBody(SMB& parent, const RandomBodySpec& s) {
  using K = MobilizerKind;
  const SimTK::Body::Rigid body(simbodyMassProperties(s.massProperties));
  const SimTK::Transform X_PF = toSimbody(s.X_PF), X_BM = toSimbody(s.X_BM);
  const SMB::Direction d = s.direction == Direction::Reverse ? SMB::Reverse : SMB::Forward;
  switch (s.kind) {
    case K::Weld: return SMB::Weld(parent, X_PF, body, X_BM);  // direction is moot for a weld
    case K::Pin: return SMB::Pin(parent, X_PF, body, X_BM, d);
    case K::Slider: return SMB::Slider(parent, X_PF, body, X_BM, d);
    case K::Screw: return SMB::Screw(parent, X_PF, body, X_BM, s.pitch, d);
    case K::Universal: return SMB::Universal(parent, X_PF, body, X_BM, d);
    case K::Cylinder: return SMB::Cylinder(parent, X_PF, body, X_BM, d);
    case K::BendStretch: return SMB::BendStretch(parent, X_PF, body, X_BM, d);
    case K::Planar: return SMB::Planar(parent, X_PF, body, X_BM, d);
    case K::Gimbal: return SMB::Gimbal(parent, X_PF, body, X_BM, d);
    case K::BallQuaternion:
    case K::BallEuler: return SMB::Ball(parent, X_PF, body, X_BM, d);
    case K::SphericalCoords: return SMB::SphericalCoords(parent, X_PF, body, X_BM, d);
    case K::Ellipsoid: return SMB::Ellipsoid(parent, X_PF, body, X_BM, toSimbody(s.semiAxes), d);
    case K::Translation: return SMB::Translation(parent, X_PF, body, X_BM, d);
    case K::FreeQuaternion:
    case K::FreeEuler: return SMB::Free(parent, X_PF, body, X_BM, d);
    case K::LineOrientation: return SMB::LineOrientation(parent, X_PF, body, X_BM, d);
    case K::FreeLine: return SMB::FreeLine(parent, X_PF, body, X_BM, d);
    case K::Bushing: return SMB::Bushing(parent, X_PF, body, X_BM, d);
    case K::FunctionBased: {
      // Simbody's order: x, y, z rotation then x, y, z translation, each with its axis.
      std::vector<const SimTK::Function*> functions;
      std::vector<std::vector<int>> args;
      std::vector<SimTK::Vec3> axes;
      auto add = [&](const mobilizers::SpatialCoordinate& c, const Vec3& axis) {
        if (c.function) {
          functions.push_back(new WrappedFunction(c.function));
          args.push_back(c.args);
        } else {
          functions.push_back(new SimTK::Function::Constant(0, 1));
          args.push_back({0});
        }
        axes.push_back(toSimbody(axis));
      };
      for (int k = 0; k < 3; ++k) add(s.functions.rotations[k], s.functions.rotationAxes[k]);
      for (int k = 0; k < 3; ++k) add(s.functions.translations[k], s.functions.translationAxes[k]);
      // Simbody takes ownership of the functions.
      return SMB::FunctionBased(parent, X_PF, body, X_BM, s.functions.numCoordinates, functions, args, axes, d);
    }
  }
  throw Error("SimbodyTwin: unknown mobilizer kind");
}

}  // namespace

const std::vector<MobilizerKind>& kindsMatchingSimbodyQuaternionMode() {
  using K = MobilizerKind;
  static const std::vector<MobilizerKind> kinds = {K::Weld,
                                                   K::Pin,
                                                   K::Slider,
                                                   K::Screw,
                                                   K::Universal,
                                                   K::Cylinder,
                                                   K::BendStretch,
                                                   K::Planar,
                                                   K::Gimbal,
                                                   K::BallQuaternion,
                                                   K::SphericalCoords,
                                                   K::Translation,
                                                   K::FreeQuaternion,
                                                   K::LineOrientation,
                                                   K::FreeLine,
                                                   K::Bushing,
                                                   K::FunctionBased};
  return kinds;
}

const std::vector<MobilizerKind>& kindsMatchingSimbodyEulerMode() {
  using K = MobilizerKind;
  static const std::vector<MobilizerKind> kinds = {K::Weld,      K::Pin,       K::Slider,          K::Screw,
                                                   K::Universal, K::Cylinder,  K::BendStretch,     K::Planar,
                                                   K::Gimbal,    K::BallEuler, K::SphericalCoords, K::Translation,
                                                   K::FreeEuler, K::Bushing,   K::FunctionBased};
  return kinds;
}

SimTK::Transform toSimbody(const Transform& X) {
  const Mat33& R = X.R().matrix();
  SimTK::Mat33 m;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) m(i, j) = R(i, j);
  return SimTK::Transform(SimTK::Rotation(m, true), toSimbody(X.p()));
}

Transform fromSimbody(const SimTK::Transform& X) {
  Mat33 R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = X.R().asMat33()(i, j);
  return Transform(Rotation::trusted(R), fromSimbody(X.p()));
}

SimTK::Vec3 toSimbody(const Vec3& v) { return SimTK::Vec3(v.x(), v.y(), v.z()); }
Vec3 fromSimbody(const SimTK::Vec3& v) { return Vec3(v[0], v[1], v[2]); }
SimTK::SpatialVec toSimbody(const SpatialVec& v) {
  return SimTK::SpatialVec(toSimbody(Vec3(v.head<3>())), toSimbody(Vec3(v.tail<3>())));
}
SpatialVec fromSimbody(const SimTK::SpatialVec& v) { return spatialVec(fromSimbody(v[0]), fromSimbody(v[1])); }

SimTK::Vector toSimbody(const Vector& v) {
  SimTK::Vector out(static_cast<int>(v.size()));
  for (int i = 0; i < v.size(); ++i) out[i] = v[i];
  return out;
}

Vector fromSimbody(const SimTK::Vector& v) {
  Vector out(v.size());
  for (int i = 0; i < v.size(); ++i) out[i] = v[i];
  return out;
}

SimTK::Vector_<SimTK::SpatialVec> toSimbody(const std::vector<SpatialVec>& v) {
  SimTK::Vector_<SimTK::SpatialVec> out(static_cast<int>(v.size()));
  for (size_t i = 0; i < v.size(); ++i) out[static_cast<int>(i)] = toSimbody(v[i]);
  return out;
}

SimbodyTwin::SimbodyTwin(const std::vector<RandomBodySpec>& specs, const Vec3& gravity, bool useEulerAngles,
                         const std::function<void(SimbodyTwin&)>& addConstraints)
    : matter_(system_), forces_(system_), discrete_(forces_, matter_) {
  (void)SimTK::Force::Gravity(forces_, matter_, toSimbody(gravity));  // owned by forces_
  bodies_.push_back(matter_.Ground());
  for (size_t b = 1; b < specs.size(); ++b) bodies_.push_back(addSimbodyBody(bodies_[specs[b].parent], specs[b]));
  if (addConstraints) addConstraints(*this);
  state_ = system_.realizeTopology();
  matter_.setUseEulerAngles(state_, useEulerAngles);
  system_.realizeModel(state_);
}

void SimbodyTwin::copyState(const MatterSubsystem& matter, const State& s) {
  const Vector q = matter.getQ(s), u = matter.getU(s);
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    if (bodies_[b].getNumQ(state_) != info.nq || bodies_[b].getNumU(state_) != info.nu)
      throw Error("SimbodyTwin: body " + std::to_string(b) + " has different numbers of q or u");
    bodies_[b].setQFromVector(state_, toSimbody(Vector(q.segment(info.qStart, info.nq))));
    bodies_[b].setUFromVector(state_, toSimbody(Vector(u.segment(info.uStart, info.nu))));
  }
}

std::vector<int> SimbodyTwin::simbodyUIndexOfArticulaU(const MatterSubsystem& matter) const {
  std::vector<int> map(matter.getNU());
  for (int b = 1; b < matter.getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = matter.getInfo(b);
    const int first = bodies_[b].getFirstUIndex(state_);
    for (int i = 0; i < info.nu; ++i) map[info.uStart + i] = first + i;
  }
  return map;
}

Vector SimbodyTwin::toArticulaU(const MatterSubsystem& matter, const SimTK::Vector& v) const {
  const std::vector<int> map = simbodyUIndexOfArticulaU(matter);
  Vector out(map.size());
  for (size_t i = 0; i < map.size(); ++i) out[i] = v[map[i]];
  return out;
}

SimTK::Vector SimbodyTwin::toSimbodyU(const MatterSubsystem& matter, const Vector& v) const {
  const std::vector<int> map = simbodyUIndexOfArticulaU(matter);
  SimTK::Vector out(static_cast<int>(map.size()));
  for (size_t i = 0; i < map.size(); ++i) out[map[i]] = v[i];
  return out;
}

Matrix SimbodyTwin::toArticulaU(const MatterSubsystem& matter, const SimTK::Matrix& M) const {
  const std::vector<int> map = simbodyUIndexOfArticulaU(matter);
  Matrix out(map.size(), map.size());
  for (size_t i = 0; i < map.size(); ++i)
    for (size_t j = 0; j < map.size(); ++j) out(i, j) = M(map[i], map[j]);
  return out;
}

}  // namespace articula::testing
