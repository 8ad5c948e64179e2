// MobilizedBody::Custom: a user-written Mobilizer (here a pin about F's x axis with a coupled
// slide along x, written from scratch) must pass the generic kinematics checks and give the same
// dynamics as the equivalent built-in Screw mobilizer placed in frames rotated to align x with z.
#include <gtest/gtest.h>

#include <cmath>

#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"
#include "support/MobilizerChecks.h"

namespace articula {
namespace {

// Rotation q about x and translation pitch*q along x; u = qdot.
class ScrewAboutX final : public Mobilizer {
 public:
  explicit ScrewAboutX(Real pitch) : pitch_(pitch) {}
  std::string typeName() const override { return "ScrewAboutX"; }
  int nq() const override { return 1; }
  int nu() const override { return 1; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::aboutX(q[0]), Vec3(pitch_ * q[0], 0, 0));
  }
  void calcH_FM(const Real*, HMatrix& H) const override {
    H.resize(6, 1);
    H << 1, 0, 0, pitch_, 0, 0;
  }
  void calcHDot_FM(const Real*, const Real*, HMatrix& HDot) const override { HDot.setZero(6, 1); }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<ScrewAboutX>(*this); }

 private:
  Real pitch_;
};

TEST(CustomMobilizer, PassesGenericKinematicChecks) {
  testing::checkMobilizerKinematics(ScrewAboutX(0.1));
  testing::checkMobilizerKinematics(*makeReversed(std::make_unique<ScrewAboutX>(0.1)));
}

TEST(CustomMobilizer, MatchesBuiltInScrewInRotatedFrames) {
  const Real pitch = 0.05;
  const Body link(MassProperties::fromCentral(2.0, Vec3(0.1, 0.3, -0.2), Inertia(0.2, 0.3, 0.25, 0.01, 0, 0.02)));
  // z of the rotated frames is the x of the unrotated ones.
  const Rotation R_xz = Rotation::aboutY(M_PI / 2);
  const Transform X_PF(Vec3(0.2, 0.5, 0)), X_BM(Vec3(0, -0.4, 0.1));

  auto build = [&](bool custom, MultibodySystem& sys) -> MobilizedBody {
    MatterSubsystem& matter = sys.updMatter();
    MobilizedBody ground = MobilizedBody::Ground(matter);
    if (custom) {
      MobilizedBody::Custom b(ground, X_PF, link, X_BM, std::make_unique<ScrewAboutX>(pitch));
      return b;
    }
    MobilizedBody::Screw b(ground, X_PF * Transform(R_xz), link, X_BM * Transform(R_xz), pitch);
    return b;
  };
  MultibodySystem a, b;
  MobilizedBody ma = build(true, a), mb = build(false, b);
  State sa = a.realizeTopology(), sb = b.realizeTopology();
  for (State* s : {&sa, &sb}) {
    s->updQ()[0] = 0.7;
    s->updU()[0] = -1.3;
  }
  a.realize(sa, Stage::Velocity);
  b.realize(sb, Stage::Velocity);
  EXPECT_TRUE(ma.getBodyTransform(sa).isSameTransform(mb.getBodyTransform(sb), 1e-12));
  EXPECT_LT((ma.getBodyVelocity(sa) - mb.getBodyVelocity(sb)).norm(), 1e-12);

  const std::vector<SpatialVec> F(2, spatialVec(Vec3(0.3, -0.2, 0.5), Vec3(1, -9.81, 0.4)));
  const Vector tau = Vector::Constant(1, 0.25);
  Vector udotA, udotB;
  std::vector<SpatialVec> AA, AB;
  a.getMatter().calcAccelerationIgnoringConstraints(sa, tau, F, udotA, AA);
  b.getMatter().calcAccelerationIgnoringConstraints(sb, tau, F, udotB, AB);
  EXPECT_NEAR(udotA[0], udotB[0], 1e-12 * (1 + std::abs(udotB[0])));
  EXPECT_LT((AA[1] - AB[1]).norm(), 1e-11);
}

}  // namespace
}  // namespace articula
