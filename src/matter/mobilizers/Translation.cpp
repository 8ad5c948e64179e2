// Translation (Cartesian): p_FM = q in F with the axes kept aligned; u = qdot.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Translation final : public Mobilizer {
 public:
  std::string typeName() const override { return "Translation"; }
  int nq() const override { return 3; }
  int nu() const override { return 3; }
  Transform calcX_FM(const Real* q) const override { return Transform(Vec3(q[0], q[1], q[2])); }
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 3);
    H_FM.bottomRows<3>().setIdentity();
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 3); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Translation>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> translation() { return std::make_unique<Translation>(); }

}  // namespace articula::mobilizers
