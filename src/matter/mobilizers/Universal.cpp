// Universal (U-joint): rotation q0 about x, then q1 about the new y; u = qdot.
// w_FM = q0dot x + q1dot (Rx(q0) y): the second axis turns with the first rotation.
#include <cmath>

#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Universal final : public Mobilizer {
 public:
  std::string typeName() const override { return "Universal"; }
  int nq() const override { return 2; }
  int nu() const override { return 2; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::aboutX(q[0]) * Rotation::aboutY(q[1]));
  }
  void calcH_FM(const Real* q, HMatrix& H_FM) const override {
    H_FM.setZero(6, 2);
    H_FM(0, 0) = 1;
    H_FM(1, 1) = std::cos(q[0]);  // Rx(q0) y
    H_FM(2, 1) = std::sin(q[0]);
  }
  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot_FM) const override {
    HDot_FM.setZero(6, 2);
    HDot_FM(1, 1) = -std::sin(q[0]) * u[0];
    HDot_FM(2, 1) = std::cos(q[0]) * u[0];
  }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Universal>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> universal() { return std::make_unique<Universal>(); }

}  // namespace articula::mobilizers
