// Screw: rotation q about the common z axis coupled to translation pitch*q along it; u = qdot.
#include <cmath>

#include "articula/Error.h"
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Screw final : public Mobilizer {
 public:
  explicit Screw(Real pitch) : pitch_(pitch) {}
  std::string typeName() const override { return "Screw"; }
  int nq() const override { return 1; }
  int nu() const override { return 1; }
  Transform calcX_FM(const Real* q) const override {
    return Transform(Rotation::aboutZ(q[0]), Vec3(0, 0, pitch_ * q[0]));
  }
  // The axis stays fixed in F, so the twist per unit u is constant.
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 1);
    H_FM(2, 0) = 1;
    H_FM(5, 0) = pitch_;
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 1); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Screw>(*this); }

 private:
  Real pitch_;  // length per radian
};

}  // namespace

std::unique_ptr<Mobilizer> screw(Real pitch) {
  if (!std::isfinite(pitch)) throw Error("Screw mobilizer: pitch must be finite, got " + std::to_string(pitch));
  return std::make_unique<Screw>(pitch);
}

}  // namespace articula::mobilizers
