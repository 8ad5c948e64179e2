// Planar: rotation q0 about the common z axis, translations q1, q2 along F's x and y; u = qdot.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Planar final : public Mobilizer {
 public:
  std::string typeName() const override { return "Planar"; }
  int nq() const override { return 3; }
  int nu() const override { return 3; }
  Transform calcX_FM(const Real* q) const override { return Transform(Rotation::aboutZ(q[0]), Vec3(q[1], q[2], 0)); }
  // Translations are measured in F, so the rotation does not couple into them: H is constant.
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 3);
    H_FM(2, 0) = 1;
    H_FM(3, 1) = 1;
    H_FM(4, 2) = 1;
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 3); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Planar>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> planar() { return std::make_unique<Planar>(); }

}  // namespace articula::mobilizers
