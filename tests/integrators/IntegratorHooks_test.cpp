// The System hooks integrators use (System.h, src/matter/IntegratorHooks.cpp): projection,
// unit weights, N⁺ for q errors.
#include <gtest/gtest.h>

#include "IntegratorModels.h"

namespace articula {
namespace {

struct MixedModel {
  MultibodySystem system;
  MobilizedBody pin, slider, screw, ball;
  State state;
  MixedModel() {
    MatterSubsystem& matter = system.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    const Body b(MassProperties::fromCentral(1, Vec3(0.1, 0.2, 0), Inertia(1, 1, 1)));
    pin = MobilizedBody::Pin(ground, b, "pin");
    slider = MobilizedBody::Slider(pin, b, "slider");
    screw = MobilizedBody::Screw(slider, Transform(), b, Transform(), 3.0, Direction::Forward, "screw");
    ball = MobilizedBody::Ball(screw, Transform(), b, Transform(), RotationCoordinates::Quaternion, Direction::Forward,
                               "ball");
    state = system.realizeTopology();
  }
};

TEST(IntegratorHooks, UnitWeightsFromMobilizerTypeAndLengthScale) {
  MixedModel m;
  Vector w;
  m.system.calcUWeights(m.state, 2.0, w);
  ASSERT_EQ(w.size(), 6);
  EXPECT_DOUBLE_EQ(w[0], 1.0);         // pin: angular speed
  EXPECT_DOUBLE_EQ(w[1], 0.5);         // slider: 1 / L
  EXPECT_DOUBLE_EQ(w[2], 1.5);         // screw: pitch / L = 3 / 2 > 1
  EXPECT_EQ(w.tail(3), Vec3::Ones());  // ball: angular
  m.system.calcUWeights(m.state, 1.0, w);
  EXPECT_DOUBLE_EQ(w[1], 1.0);
  EXPECT_THROW(m.system.calcUWeights(m.state, 0.0, w), Error);
  Vector wz;
  m.system.calcZWeights(m.state, 1.0, wz);
  EXPECT_EQ(wz.size(), 0);
}

TEST(IntegratorHooks, ProjectionNormalizesQuaternionsAndTheirErrors) {
  MixedModel m;
  const int k = m.ball.getInfo().qStart;  // matter q starts at 0 in y
  State s = m.state;
  m.system.getMatter().updQ(s).segment<4>(k) = Eigen::Vector4d(2, 0.2, -0.4, 0.6);
  Vector err = Vector::Zero(s.getY().size());
  err.segment<4>(k) = Eigen::Vector4d(2, 0.2, -0.4, 0.6) * 1e-3 + Eigen::Vector4d(0, 1e-4, 0, 0);
  EXPECT_TRUE(m.system.project(s, 1e-4, &err));
  const auto q = s.getQ().segment<4>(k);
  EXPECT_NEAR(q.norm(), 1.0, 1e-15);
  EXPECT_NEAR(q.dot(err.segment<4>(k)), 0.0, 1e-18);  // only the tangential part remains
  EXPECT_GT(err.segment<4>(k).norm(), 5e-5);
  EXPECT_FALSE(m.system.project(s, 1e-4));  // already on the manifold
  EXPECT_THROW(m.system.project(s, 0.0), Error);
  Vector wrong(2);
  EXPECT_THROW(m.system.project(s, 1e-4, &wrong), Error);
}

TEST(IntegratorHooks, QErrorsMapToUSpaceThroughNInverse) {
  MixedModel m;
  State s = m.state;
  m.system.realize(s, Stage::Position);
  const int k = m.ball.getInfo().qStart;
  Vector eq = Vector::Zero(s.getNQ()), eu;
  eq[0] = 1e-3;                                      // pin: N = I
  eq.segment<4>(k) = s.getQ().segment<4>(k) * 1e-3;  // a pure length change of the quaternion
  m.system.multiplyByNInv(s, eq, eu);
  ASSERT_EQ(eu.size(), s.getNU());
  EXPECT_DOUBLE_EQ(eu[0], 1e-3);
  EXPECT_LT(eu.tail(3).norm(), 1e-18);  // no weight along the quaternion's length
  EXPECT_THROW(m.system.multiplyByNInv(s, Vector(2), eu), Error);
}

// A subsystem with more q than u and no N⁺: the default hook must refuse, naming it.
class Lopsided : public Subsystem {
 public:
  Lopsided() : Subsystem("lopsided") {}
  void realizeTopology(State& s) override {
    s.allocateQ(getIndex(), 2);
    s.allocateU(getIndex(), 1);
  }
};

class Balanced : public Subsystem {
 public:
  Balanced() : Subsystem("balanced") {}
  void realizeTopology(State& s) override {
    s.allocateQ(getIndex(), 2);
    s.allocateU(getIndex(), 2);
  }
};

TEST(IntegratorHooks, DefaultNInverseCopiesOrRefusesByName) {
  System balanced("b");
  balanced.adoptSubsystem(std::make_unique<Balanced>());
  State sb = balanced.realizeTopology();
  Vector eu;
  balanced.multiplyByNInv(sb, Vector::Constant(2, 0.5), eu);
  EXPECT_EQ(eu, Vector::Constant(2, 0.5));

  System lopsided("l");
  lopsided.adoptSubsystem(std::make_unique<Lopsided>());
  State sl = lopsided.realizeTopology();
  try {
    lopsided.multiplyByNInv(sl, Vector::Zero(2), eu);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'lopsided'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace articula
