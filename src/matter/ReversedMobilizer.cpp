// Generic reversal of a mobilizer type (Theory Manual §5.1, eqs. 5.18-5.22). The forward type,
// evaluated with the roles of F and M swapped, gives X_MF(q), H_MF and HDot_MF (expressed in M,
// derivatives in M). With R = R_FM = R_MF^T and p = p_FM = -R p_MF:
//   w_FM = -R w_MF                                  =>  H_w = -R H'_w
//   v_FM = d/dt(-R p_MF) = -R v_MF + w_FM x p        =>  H_v = -(R H'_v + p x H_w)
// and differentiating in F, using Rdot = w_FM x R, pdot = v_FM and R H'_v = -(H_v + p x H_w):
//   HDot_w = -R HDot'_w + w x H_w
//   HDot_v = -R HDot'_v + w x H_v - p x HDot_w - (v x - w x p x) H_w
// q, u, N and normalization are the forward type's unchanged, so q keeps its meaning.
#include "articula/matter/Mobilizer.h"

#include "articula/Error.h"

namespace articula {
namespace {

class ReversedMobilizer final : public Mobilizer {
 public:
  explicit ReversedMobilizer(std::unique_ptr<Mobilizer> forward) : fwd_(std::move(forward)) {}
  ReversedMobilizer(const ReversedMobilizer& other) : fwd_(other.fwd_->clone()) {}

  std::string typeName() const override { return "Reversed" + fwd_->typeName(); }
  int nq() const override { return fwd_->nq(); }
  int nu() const override { return fwd_->nu(); }
  int quaternionIndex() const override { return fwd_->quaternionIndex(); }
  void setDefaultQ(Real* q) const override { fwd_->setDefaultQ(q); }

  Transform calcX_FM(const Real* q) const override { return fwd_->calcX_FM(q).inverse(); }

  void calcH_FM(const Real* q, HMatrix& H) const override {
    const Transform X = calcX_FM(q);
    fwd_->calcH_FM(q, H);  // H_MF, reversed in place column by column
    reverseH(X.R().matrix(), X.p(), H);
  }

  void calcHDot_FM(const Real* q, const Real* u, HMatrix& HDot) const override {
    const Transform X = calcX_FM(q);
    const Mat33& R = X.R().matrix();
    const Vec3& p = X.p();
    HMatrix H;
    fwd_->calcH_FM(q, H);
    reverseH(R, p, H);
    const int n = nu();
    const Vec6 V = H * Eigen::Map<const Eigen::VectorXd>(u, n);
    const Vec3 w = V.head<3>(), v = V.tail<3>();
    fwd_->calcHDot_FM(q, u, HDot);  // HDot_MF
    for (int j = 0; j < n; ++j) {
      const Vec3 Hw = H.block<3, 1>(0, j), Hv = H.block<3, 1>(3, j);
      const Vec3 HDw = -(R * HDot.block<3, 1>(0, j)) + w.cross(Hw);
      const Vec3 HDv = -(R * HDot.block<3, 1>(3, j)) + w.cross(Hv) - p.cross(HDw) - v.cross(Hw) + w.cross(p.cross(Hw));
      HDot.block<3, 1>(0, j) = HDw;
      HDot.block<3, 1>(3, j) = HDv;
    }
  }

  void multiplyByN(const Real* q, const Real* u, Real* qdot) const override { fwd_->multiplyByN(q, u, qdot); }
  void multiplyByNInv(const Real* q, const Real* qdot, Real* u) const override { fwd_->multiplyByNInv(q, qdot, u); }
  void multiplyByNDot(const Real* q, const Real* u, const Real* v, Real* out) const override {
    fwd_->multiplyByNDot(q, u, v, out);
  }
  bool normalizeQ(Real* q) const override { return fwd_->normalizeQ(q); }

  std::unique_ptr<Mobilizer> clone() const override { return std::make_unique<ReversedMobilizer>(*this); }

 private:
  // H_MF -> H_FM (eqs. 5.18, 5.19): the angular rows first, since H_v needs the new H_w.
  static void reverseH(const Mat33& R_FM, const Vec3& p_FM, HMatrix& H) {
    for (int j = 0; j < H.cols(); ++j) {
      const Vec3 Hw = -(R_FM * H.block<3, 1>(0, j));
      const Vec3 Hv = -(R_FM * H.block<3, 1>(3, j) + p_FM.cross(Hw));
      H.block<3, 1>(0, j) = Hw;
      H.block<3, 1>(3, j) = Hv;
    }
  }

  std::unique_ptr<Mobilizer> fwd_;
};

}  // namespace

std::unique_ptr<Mobilizer> makeReversed(std::unique_ptr<Mobilizer> forward) {
  if (!forward) throw Error("makeReversed: forward mobilizer is null");
  return std::make_unique<ReversedMobilizer>(std::move(forward));
}

}  // namespace articula
