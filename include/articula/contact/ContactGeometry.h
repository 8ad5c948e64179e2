// The contact set of a model: shapes attached to bodies, the rules that keep pairs apart, and
// detection (broad phase, then exact narrow phase) from the bodies' poses.
//
//   ContactGeometry geo;
//   geo.setBodyParents(parents);                       // tree topology, for the joint-distance rule
//   int floor = geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
//   int thigh = geo.addShape(3, X_BS, ContactShape::ellipsoid(Vec3(0.07, 0.07, 0.2)), "thigh");
//   const std::vector<ContactPoint>& contacts = geo.findContacts(X_GB);  // X_GB[b] for every body b
//
// A pair of shapes is never tested when (in this order of checks):
//   - both are on the same body;
//   - their bodies are within k joints of each other in the tree (default k = 1: parent and child;
//     k = 2 adds grandparents and siblings; k = 0 disables the rule). Pairs involving Ground are
//     exempt by default, since a free base body is "one joint" from Ground yet must hit the floor;
//   - they share a clique;
//   - the pair was excluded explicitly.
// The rules are applied once, as a table the broad phase consults before any overlap test, and
// again whenever they change. After the first calls grow the buffers, findContacts allocates
// nothing (unless it throws).
// Each ellipsoid or sphere–ellipsoid pair keeps the normal of its last call, which the next call
// tries first as a proof that the pair is apart (exact: any direction bounds the depth). It also
// seeds the search of a touching pair (a few seeds instead of a dozen), but only when the call
// continues the same history as the last one (State::getHistoryId): a copied State searches cold,
// so its contacts depend on its variables alone, and frames realized from copies on any thread
// give the same bytes, while an integrator's own states keep their warm starts.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "articula/contact/BroadPhase.h"
#include "articula/contact/ContactPoint.h"
#include "articula/contact/ContactShape.h"
#include "articula/contact/MeshFaceContact.h"
#include "articula/contact/NarrowPhase.h"

namespace articula {

class ContactGeometry {
 public:
  // Attaches a shape to body index `body` (0 is Ground) at pose X_BS; returns the shape's index.
  // Throws Error for a negative body, a non-finite pose, or a second half-space on another body
  // than an existing one (the only pair of types without a narrow phase; named in the message).
  int addShape(int body, const Transform& X_BS, ContactShape shape, std::string name = "");

  // Tree topology: parentOfBody[b] is b's parent body index, -1 for Ground (body 0). Without it the
  // joint-distance rule has no effect.
  void setBodyParents(std::vector<int> parentOfBody);
  void setExcludedJointDistance(int k);
  void setGroundExemptFromJointDistance(bool exempt) {
    groundExempt_ = exempt;
    filterValid_ = false;
  }
  // Shapes in one clique never contact each other; returns the clique's index.
  int addClique(const std::vector<int>& shapes);
  void excludePair(int shapeA, int shapeB);
  bool isPairExcluded(int shapeA, int shapeB) const;
  // Contacts are reported when depth >= -margin (default 0: touching or overlapping).
  void setMargin(Real margin);
  Real getMargin() const { return margin_; }

  int numShapes() const { return static_cast<int>(shapes_.size()); }
  const ContactShape& getShape(int i) const { return shapes_.at(i).shape; }
  int getBody(int i) const { return shapes_.at(i).body; }
  const Transform& getPoseInBody(int i) const { return shapes_.at(i).X_BS; }
  const std::string& getName(int i) const { return shapes_.at(i).name; }

  // Detection for body poses X_GB (indexed by body; must cover every body that carries a shape).
  // Returns the contacts of convex pairs; mesh pairs go to getMeshFaceContacts(). Each ContactPoint
  // has shapeA < shapeB in ShapeType order (HalfSpace first). Throws Error for a non-finite pose.
  // history: the caller's State::getHistoryId(); touching pairs start from the last call's normals
  // only if it equals the last call's (0: never).
  const std::vector<ContactPoint>& findContacts(std::span<const Transform> X_GB, uint64_t history = 0);
  const std::vector<ContactPoint>& getContacts() const { return contacts_; }
  const std::vector<MeshFaceContact>& getMeshFaceContacts() const { return meshContacts_; }
  // Shape poses in G and the broad-phase candidate pairs of the last findContacts (after exclusions).
  const std::vector<Transform>& getShapePosesInGround() const { return X_GS_; }
  const std::vector<std::pair<int, int>>& getCandidatePairs() const { return candidates_; }

 private:
  struct Entry {
    ContactShape shape;
    int body;
    Transform X_BS;
    std::string name;
    std::vector<int> cliques;
    bool translationOnly = false;  // X_BS has the identity rotation: X_GS costs a vector add
  };
  int jointDistanceAtMost(int bodyA, int bodyB, int limit) const;  // limit + 1 when further
  void updatePairFilter();
  void checkShape(int i, const char* what) const;

  std::vector<Entry> shapes_;
  std::vector<int> parent_, depth_;
  int excludedJointDistance_ = 1;
  bool groundExempt_ = true;
  int numCliques_ = 0;
  std::unordered_set<unsigned long long> excludedPairs_;
  Real margin_ = 0;
  // The exclusion rules as a table in the broad phase, rebuilt when a rule or shape changes.
  static constexpr int kMaxFilteredShapes = 1024;
  bool filterValid_ = false, pairsFiltered_ = false;

  BroadPhase broad_;
  std::vector<Transform> X_GS_;
  std::vector<Aabb> boxes_;
  std::vector<std::pair<int, int>> pairs_, candidates_;
  std::vector<ContactPoint> contacts_;
  std::vector<MeshFaceContact> meshContacts_;
  // Per ellipsoid pair (key i << 32 | j, sorted): the last call's normal, to warm the next one.
  std::vector<std::pair<unsigned long long, Vec3>> warmNormals_, nextWarmNormals_;
  uint64_t warmHistory_ = 0;  // the history the normals belong to
};

}  // namespace articula
