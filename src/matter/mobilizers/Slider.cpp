// Slider (prismatic): translation q along the common x axis of F and M; u = qdot.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Slider final : public Mobilizer {
 public:
  std::string typeName() const override { return "Slider"; }
  int nq() const override { return 1; }
  int nu() const override { return 1; }
  Transform calcX_FM(const Real* q) const override { return Transform(Vec3(q[0], 0, 0)); }
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override {
    H_FM.setZero(6, 1);
    H_FM(3, 0) = 1;
  }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.setZero(6, 1); }
  bool hasConstantH() const override { return true; }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Slider>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> slider() { return std::make_unique<Slider>(); }

}  // namespace articula::mobilizers
