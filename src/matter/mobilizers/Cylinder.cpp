// Cylinder: rotation q0 about the common z axis and translation q1 along it; u = qdot.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Cylinder final : public Mobilizer {
 public:
  std::string typeName() const override { return "Cylinder"; }
  int nq() const override { return 2; }
  int nu() const override { return 2; }
  Transform calcX_FM(const Real* q) const override { return Transform(Rotation::aboutZ(q[0]), Vec3(0, 0, q[1])); }
  // Both motions are along z, which neither of them moves: H is constant.
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 2);
    H_FM(2, 0) = 1;
    H_FM(5, 1) = 1;
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 2); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Cylinder>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> cylinder() { return std::make_unique<Cylinder>(); }

}  // namespace articula::mobilizers
