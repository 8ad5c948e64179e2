// M's factorization in its branch-induced pattern (Featherstone 2005; math/TreeLU.h), kept per
// position for M⁻¹ products: the first product at a position builds it (composite-rigid-body M,
// then O(n d²) elimination without fill-in), and every product is a back substitution over M's
// nonzeros. The choice between it and the articulated-body sweep is made once, at Topology, so
// a product's bits depend only on the position and the vector, never on what was asked before.
#include <algorithm>

#include "MatterImpl.h"

namespace articula {

namespace {

// Back substitution visits each stored entry below the diagonal twice; the sweep costs a fixed
// amount per mobility. Measured (docs/performance.md, 2026-11-27): the factor wins on arm7,
// chain10, humanoid36, stewart and loops1 (2-3.5x) and loses on chain100 (49.5 entries per
// mobility, 1.2x slower), so deeper trees keep the sweep.
constexpr int kMaxEntriesPerMobility = 24;
// TreeLU keeps M and its factors dense (and an index of the entries off the pattern): O(nu²)
// memory in every State, so large models keep the sweep.
constexpr int kMaxMobilities = 128;

}  // namespace

std::vector<int> MatterSubsystem::calcMobilityParents() const {
  std::vector<int> parent(nu_, -1);
  for (int b = 1; b < getNumBodies(); ++b) {
    const MobilizedBodyInfo& info = getInfo(b);
    int up = -1;
    for (int a = info.parent; a > 0 && up < 0; a = getInfo(a).parent)
      if (getInfo(a).nu > 0) up = getInfo(a).uStart + getInfo(a).nu - 1;
    for (int j = 0; j < info.nu; ++j) {
      const int i = info.uStart + j;
      parent[i] = j == 0 ? up : i - 1;
      if (parent[i] >= i) return {};
    }
  }
  return parent;
}

void allocateMassMatrixFactor(const MatterSubsystem& m, MatterSubsystem::Impl& impl, State& s) {
  const int nu = m.getNU();
  std::vector<int> parent = m.calcMobilityParents();
  const bool ordered = static_cast<int>(parent.size()) == nu;
  // Entries below the diagonal: each mobility's depth in the forest.
  std::vector<int> depth(parent.size(), 0);
  long long belowDiagonal = 0;
  impl.mobilityDepth = 0;
  for (size_t i = 0; i < parent.size(); ++i) {
    depth[i] = parent[i] < 0 ? 0 : depth[parent[i]] + 1;
    belowDiagonal += depth[i];
    impl.mobilityDepth = std::max(impl.mobilityDepth, depth[i] + 1);
  }
  impl.factorMassMatrix = nu > 0 && nu <= kMaxMobilities && ordered &&
                          belowDiagonal <= static_cast<long long>(kMaxEntriesPerMobility) * nu;
  MassMatrixFactorCache f;  // M is sized at first use
  if (impl.factorMassMatrix) f.lu = TreeLU(std::move(parent));
  const int ss = m.getIndex();
  impl.massFactor = s.allocateLazyCacheEntry(ss, Stage::Position, std::move(f), "matter mass matrix factor");
}

const MassMatrixFactorCache* massMatrixFactor(const MatterSubsystem& m, const State& s) {
  const MatterSubsystem::Impl& impl = m.impl();
  if (!impl.factorMassMatrix) return nullptr;
  if (!s.isCacheEntryRealized(impl.massFactor)) {
    MassMatrixFactorCache& f = s.updCacheEntry<MassMatrixFactorCache>(impl.massFactor);
    m.calcM(s, f.M);
    f.ok = f.lu.compute(f.M);
    s.markCacheEntryRealized(impl.massFactor);
  }
  const MassMatrixFactorCache& f = s.getCacheEntry<MassMatrixFactorCache>(impl.massFactor);
  return f.ok ? &f : nullptr;
}

bool MatterSubsystem::factorsMassMatrix() const {
  if (impl_->massFactor < 0) throw Error("MatterSubsystem::factorsMassMatrix: the System has no Topology yet");
  return impl_->factorMassMatrix;
}

}  // namespace articula
