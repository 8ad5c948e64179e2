#include "articula/matter/MobilizedBody.h"

namespace articula {

MobilizedBody::MobilizedBody(const MobilizedBody& parent, const Transform& X_PF, const Body& body,
                             const Transform& X_BM, std::unique_ptr<Mobilizer> mobilizer, Direction direction,
                             std::string name) {
  if (!parent.matter_) throw Error("MobilizedBody '" + name + "': the parent handle is empty");
  matter_ = parent.matter_;
  index_ = matter_->addMobilizedBody(parent.index_, X_PF, body, X_BM, std::move(mobilizer), direction, std::move(name));
}

Eigen::Map<const Vector> MobilizedBody::getQ(const State& s) const {
  const auto& info = getInfo();
  return Eigen::Map<const Vector>(matter_->getQ(s).data() + info.qStart, info.nq);
}
Eigen::Map<const Vector> MobilizedBody::getU(const State& s) const {
  const auto& info = getInfo();
  return Eigen::Map<const Vector>(matter_->getU(s).data() + info.uStart, info.nu);
}
Eigen::Map<const Vector> MobilizedBody::getUDot(const State& s) const {
  const auto& info = getInfo();
  return Eigen::Map<const Vector>(matter_->getUDot(s).data() + info.uStart, info.nu);
}

void MobilizedBody::setQ(State& s, const SmallVector& q) const {
  const auto& info = getInfo();
  if (q.size() != info.nq)
    throw Error("MobilizedBody '" + info.name + "': setQ needs " + std::to_string(info.nq) + " values, got " +
                std::to_string(q.size()));
  matter_->updQ(s).segment(info.qStart, info.nq) = q;
}
void MobilizedBody::setU(State& s, const SmallVector& u) const {
  const auto& info = getInfo();
  if (u.size() != info.nu)
    throw Error("MobilizedBody '" + info.name + "': setU needs " + std::to_string(info.nu) + " values, got " +
                std::to_string(u.size()));
  matter_->updU(s).segment(info.uStart, info.nu) = u;
}
void MobilizedBody::setOneQ(State& s, int i, Real value) const {
  const auto& info = getInfo();
  if (i < 0 || i >= info.nq)
    throw Error("MobilizedBody '" + info.name + "': q index " + std::to_string(i) + " out of range [0, " +
                std::to_string(info.nq) + ")");
  matter_->updQ(s)[info.qStart + i] = value;
}
void MobilizedBody::setOneU(State& s, int i, Real value) const {
  const auto& info = getInfo();
  if (i < 0 || i >= info.nu)
    throw Error("MobilizedBody '" + info.name + "': u index " + std::to_string(i) + " out of range [0, " +
                std::to_string(info.nu) + ")");
  matter_->updU(s)[info.uStart + i] = value;
}

}  // namespace articula
