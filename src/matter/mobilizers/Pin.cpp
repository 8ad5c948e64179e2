// Pin (torsion): rotation q about the common z axis of F and M; u = qdot.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Pin final : public Mobilizer {
 public:
  std::string typeName() const override { return "Pin"; }
  int nq() const override { return 1; }
  int nu() const override { return 1; }
  Transform calcX_FM(const Real* q) const override { return Transform(Rotation::aboutZ(q[0])); }
  // The axis is fixed in both frames, so H is constant.
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 1);
    H_FM(2, 0) = 1;
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 1); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Pin>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> pin() { return std::make_unique<Pin>(); }

}  // namespace articula::mobilizers
