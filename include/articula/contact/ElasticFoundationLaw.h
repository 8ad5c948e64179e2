// ElasticFoundationLaw: a triangle mesh against an elastic surface — one spring per mesh face
// (ElasticFoundation.h), with the surfaces' layer thicknesses (a non-mesh partner uses the mesh's
// unless set, the mesh the default unless set). The face contacts of one (mesh, other) pair make
// one contact; its record is at the centre of pressure. A penalty surface cannot meet a mesh: the
// pair is refused (Error) when it touches. No Jacobian contribution.
#pragma once
#include "articula/contact/ContactForceLaw.h"

namespace articula {

class ElasticFoundationLaw final : public ContactForceLaw {
 public:
  static constexpr Real kDefaultLayerThickness = 0.01;  // m

  struct Contact {
    int surfaceA = -1, surfaceB = -1, bodyA = 0, bodyB = 0;  // A the other surface, B the mesh
    FoundationPair foundation;
    FrictionCoefficients friction;
    int faceBegin = 0, faceEnd = 0;  // range in the geometry's mesh face contacts
    Real depth = 0;                  // the deepest face
    Real elastic = 0, potentialEnergy = 0;
  };

  ContactModel getModel() const override { return ContactModel::ElasticFoundation; }
  bool takesPair(const ContactSetup& setup, int a, int b) const override;  // either a mesh
  void realizeTopology(State& state, const ContactSetup& setup) override;
  void clearContacts(const State& s) const override { contacts(s).clear(); }
  PreparedContact prepareFaces(const State& s, std::span<const MeshFaceContact> faces, int begin,
                               int end) const override;
  bool applyForce(const State& s, const ContactGeometry& detection, int index, ContactRecord& rec,
                  std::vector<SpatialVec>& F) const override;

  const std::vector<Contact>& getContacts(const State& s) const { return contacts(s); }

 private:
  std::vector<Contact>& contacts(const State& s) const { return s.updCacheEntry<std::vector<Contact>>(cacheIndex_); }

  const MatterSubsystem* matter_ = nullptr;
  const ContactGeometry* geometry_ = nullptr;
  const std::vector<ContactSurface>* surfaces_ = nullptr;
  const std::string* name_ = nullptr;
  Real transitionSpeed_ = 0;
  int cacheIndex_ = -1;
};

}  // namespace articula
