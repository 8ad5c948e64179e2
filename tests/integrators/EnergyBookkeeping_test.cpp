// Energy bookkeeping closes through the integrators: on a damped, driven triple pendulum
// (joint and two-point dampers, a global damper, a dissipative joint stop, springs and a torque
// pulse that feeds energy in), KE + PE - W_nc stays at its initial value, where W_nc is the
// non-conservative work integrated as an auxiliary state alongside the motion.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "IntegratorModels.h"
#include "articula/forces/GlobalDamper.h"
#include "articula/forces/MobilityLinearDamper.h"
#include "articula/forces/MobilityLinearSpring.h"
#include "articula/forces/MobilityLinearStop.h"
#include "articula/forces/TorquePulse.h"
#include "articula/forces/TwoPointLinearDamper.h"
#include "articula/forces/TwoPointLinearSpring.h"

namespace articula::testing {
namespace {

void addDampedAndDriven(GeneralForceSubsystem& f) {
  f.setTrackNonConservativeWork(true);
  f.addForce(std::make_unique<MobilityLinearDamper>(2, 0, 0.4, "knee damper"));
  f.addForce(std::make_unique<TwoPointLinearDamper>(0, Vec3(0.5, 0, 0), 3, Vec3(0, -1, 0), 0.8, "tip damper"));
  f.addForce(std::make_unique<TwoPointLinearSpring>(0, Vec3(-0.5, 0, 0), 3, Vec3(0, -1, 0), 20.0, 2.5, "tip spring"));
  f.addForce(std::make_unique<GlobalDamper>(0.05));
  f.addForce(std::make_unique<MobilityLinearSpring>(3, 0, 3.0, 0.2, "ankle spring"));
  f.addForce(std::make_unique<MobilityLinearStop>(1, 0, -0.5, 0.5, 400.0, 0.5, "hip stop"));
  SmallVector peak(1);
  peak << 40.0;
  f.addForce(std::make_unique<TorquePulse>(TorquePulse::Mode::Mobility, 1, peak, 1.0, 0.5, "hip pulse"));
}

struct Drift {
  Real maxDrift = 0;   // max |KE + PE - W_nc - E0| over the run (J)
  Real work = 0;       // W_nc at the end (J)
  Real maxWorkIn = 0;  // largest rise of W_nc over one report interval (J): the pulse feeds energy in
};

Drift runAndMeasure(const std::string& method, Real accuracy) {
  PendulumModel m(3, 0.6, addDampedAndDriven);
  auto integ = makeIntegrator(method, m.system);
  integ->setAccuracy(accuracy);
  integ->initialize(m.state);
  integ->setFinalTime(10.0);
  const Real e0 = m.energy(integ->getState());
  Drift d;
  for (int k = 1; k <= 1000; ++k) {  // checked at 100 report times per second
    const Real t = 0.01 * k;
    while (integ->getTime() < t) integ->stepTo(t);
    const State& s = integ->getState();
    const Real w = m.forces->getNonConservativeWork(s);
    d.maxDrift = std::max(d.maxDrift, std::abs(m.energy(s) - w - e0));
    d.maxWorkIn = std::max(d.maxWorkIn, w - d.work);
    d.work = w;
  }
  std::printf("[ energy ] %-18s accuracy %.0e: W_nc %.4f J, max |KE+PE-W_nc-E0| %.2e J\n", method.c_str(), accuracy,
              d.work, d.maxDrift);
  return d;
}

class EnergyBookkeeping : public ::testing::TestWithParam<const char*> {};

TEST_P(EnergyBookkeeping, ClosesToWithinAccuracyAndTightensWithIt) {
  const Drift loose = runAndMeasure(GetParam(), 1e-4);
  const Drift tight = runAndMeasure(GetParam(), 1e-7);
  // The run is far from trivial: dampers remove joules and the pulse puts some in.
  EXPECT_LT(tight.work, -1.0);
  EXPECT_GT(tight.maxWorkIn, 0.01);
  // E0 is about 10 J; the balance must hold to the integrator's accuracy.
  EXPECT_LT(tight.maxDrift, 1e-4);
  EXPECT_LT(loose.maxDrift, 1e-1);
  EXPECT_LT(tight.maxDrift, loose.maxDrift);
}

INSTANTIATE_TEST_SUITE_P(Methods, EnergyBookkeeping,
                         ::testing::Values("RungeKuttaMerson", "DormandPrince54", "RungeKuttaFeldberg", "CvodeBDF",
                                           "RosenbrockW3"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(EnergyBookkeeping, WorkIsNotTrackedUnlessAsked) {
  PendulumModel m(1, 0.5);
  EXPECT_THROW(m.forces->getNonConservativeWork(m.state), Error);
  EXPECT_THROW(m.forces->setTrackNonConservativeWork(true), Error);  // the System is built
}

}  // namespace
}  // namespace articula::testing
