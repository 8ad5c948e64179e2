// HertzContactLaw: the contact of two elastic surfaces (ContactMaterial) with convex shapes —
// Hertz with the elliptical correction + Hunt–Crossley dissipation + Stribeck friction
// (HertzHuntCrossley.h), the force applied at the point placed by relative stiffness. Flat-on-flat
// contact (zero relative curvature) gets the curvature of a sphere of the maximum radius, sharp
// corners that of a sphere of 10 µm. The pair constants are tabulated per pair of distinct
// materials at Topology.
#pragma once
#include "articula/contact/ContactForceLaw.h"
#include "articula/contact/HertzHuntCrossley.h"
#include "articula/contact/PointContact.h"
#include "articula/contact/StribeckFriction.h"

namespace articula {

class HertzContactLaw final : public ContactForceLaw {
 public:
  static constexpr Real kSharpestCurvature = 0.5 / 1e-5;  // 1/m, semi-curvature cap (radius 10 µm)

  struct Contact : PointContact {
    Real stiffness = 0, dissipation = 0;  // K (N/m^{3/2}) and c*
    int materialPair = -1;                // index of the pair's friction
    Real modulus = 0;                     // E* of the pair
    HertzEllipse ellipse;                 // of the clamped semi-curvatures
    bool ellipsoidOnPlane = false;        // B an ellipsoid, A a half-space (stiffness turns with B)
  };

  ContactModel getModel() const override { return ContactModel::Hertz; }
  bool takesPair(const ContactSetup& setup, int a, int b) const override;  // both elastic
  void realizeTopology(State& state, const ContactSetup& setup) override;
  void clearContacts(const State& s) const override { contacts(s).clear(); }
  PreparedContact preparePoint(const State& s, const ContactPoint& cp) const override;
  bool applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                  std::vector<SpatialVec>& F) const override;
  bool contributesJacobian() const override { return true; }
  bool linearizeWrench(const State& s, int index, const TreeForceLinearization& tree, SpatialVec& W_B,
                       WrenchSlopes& slopes) const override;

  // The prepared contacts of a State (Position).
  const std::vector<Contact>& getContacts(const State& s) const { return contacts(s); }

 private:
  std::vector<Contact>& contacts(const State& s) const { return s.updCacheEntry<std::vector<Contact>>(cacheIndex_); }
  void tabulateMaterialPairs(const std::vector<ContactSurface>& surfaces);
  Real stiffnessChangePower(const State& s, const ContactGeometry& detection, const Contact& p) const;

  const MatterSubsystem* matter_ = nullptr;
  const ContactGeometry* geometry_ = nullptr;
  Real transitionSpeed_ = 0, maximumRadius_ = 0;
  // Surface i has material materialIndex_[i]; entry a * numMaterials_ + b combines a (as A) with b.
  std::vector<int> materialIndex_;
  int numMaterials_ = 0;
  std::vector<HertzPair> materialPairHertz_;
  std::vector<StribeckFriction> materialPairFriction_;
  int cacheIndex_ = -1;
};

}  // namespace articula
