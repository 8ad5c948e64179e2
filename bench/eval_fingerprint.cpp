// Prints, at full precision, what one derivative evaluation of the human fall produces (udot, the
// contact report, M, D and K) at states along a RosenbrockW3 run, then the state at a few report
// times. Two builds' outputs compared line by line (bench/compare_fingerprints.py) show whether a
// change of cost left the results at roundoff:
//   articula_eval_fingerprint > before.txt ... > after.txt
//   python3 bench/compare_fingerprints.py before.txt after.txt
// `articula_eval_fingerprint 1e-15` starts the run with the pelvis height scaled by 1 + 1e-15:
// how far roundoff alone carries the (chaotic) fall.
#include <cmath>
#include <cstdio>
#include <string>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/integrators/RosenbrockW.h"
#include "articula/matter/ForceJacobian.h"
#include "compare/contact_fall_scene.h"

using namespace articula;
using namespace articula::bench;

namespace {

void print(const char* label, const Real* v, Eigen::Index n) {
  std::printf("%s", label);
  for (Eigen::Index i = 0; i < n; ++i) std::printf(" %.17g", v[i]);
  std::printf("\n");
}

// Rounded to 1e-6: two builds whose runs differ by roundoff evaluate at the same state.
Real rounded(Real x) { return std::round(x * 1e6) / 1e6; }

// One evaluation from scratch at the run's state rounded, on a copy.
void printEvaluation(const HumanFallScene& scene, const State& reported, Real t) {
  State s = reported;
  const MultibodySystem& system = scene.system;
  s.updQ() = reported.getQ().unaryExpr(&rounded);
  s.updU() = reported.getU().unaryExpr(&rounded);
  s.updZ() = reported.getZ().unaryExpr(&rounded);
  system.realize(s, Stage::Acceleration);
  std::printf("# evaluation at t = %.6f\n", t);
  print("udot", s.getUDot().data(), s.getUDot().size());
  for (const ContactRecord& c : scene.contact->getReport(s).contacts) {
    const Real v[] = {c.depth, c.normalForce, c.patchMajor, c.patchMinor, c.force_G.x(), c.force_G.y(), c.force_G.z()};
    print("contact", v, 7);
  }
  const int nu = static_cast<int>(s.getU().size());
  Matrix M(nu, nu), D = Matrix::Zero(nu, nu), K = Matrix::Zero(nu, nu);
  system.getMatter().calcM(s, M);
  for (int i = 0; i < system.getNumSubsystems(); ++i)
    if (const auto* src = dynamic_cast<const ForceJacobianSource*>(&system.getSubsystem(i)))
      src->addInForceJacobian(s, D, K);
  print("M", M.data(), M.size());
  print("D", D.data(), D.size());
  print("K", K.data(), K.size());
}

}  // namespace

int main(int argc, char** argv) {
  const HumanFallScene scene;
  RosenbrockW3Integrator integ(scene.system);
  integ.setAccuracy(1e-3);
  State initial = scene.initial;
  if (argc > 1) initial.updQ()[6] *= 1 + std::stod(argv[1]);  // the free joint's z
  integ.initialize(initial);
  for (Real t : {0.01, 0.05, 0.2, 0.4, 0.6, 0.8, 1.0, 1.5}) {
    while (integ.stepTo(t) != StepOutcome::ReachedReportTime) {
    }
    const State& s = integ.getState();
    std::printf("# state at t = %.3f\n", t);
    print("q", s.getQ().data(), s.getQ().size());
    print("u", s.getU().data(), s.getU().size());
    print("z", s.getZ().data(), s.getZ().size());
    printEvaluation(scene, s, t);
  }
}
