// Weld: no relative motion (nq = nu = 0); M stays on F.
#include "articula/matter/mobilizers.h"

namespace articula::mobilizers {
namespace {

class Weld final : public Mobilizer {
 public:
  std::string typeName() const override { return "Weld"; }
  int nq() const override { return 0; }
  int nu() const override { return 0; }
  Transform calcX_FM(const Real* /*q*/) const override { return Transform(); }
  void calcH_FM(const Real* /*q*/, HMatrix& H_FM) const override { H_FM.resize(6, 0); }
  void calcHDot_FM(const Real* /*q*/, const Real* /*u*/, HMatrix& HDot_FM) const override { HDot_FM.resize(6, 0); }
  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<Weld>(*this); }
};

}  // namespace

std::unique_ptr<Mobilizer> weld() { return std::make_unique<Weld>(); }

}  // namespace articula::mobilizers
