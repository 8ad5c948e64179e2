#include "articula/contact/ContactGeometry.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "articula/Error.h"

namespace articula {

namespace {

unsigned long long pairKey(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<unsigned long long>(a) << 32) | static_cast<unsigned>(b);
}

bool isFinite(const Transform& X) { return X.p().allFinite() && X.R().matrix().allFinite(); }

}  // namespace

void ContactGeometry::checkShape(int i, const char* what) const {
  if (i < 0 || i >= numShapes()) {
    std::ostringstream os;
    os << "ContactGeometry::" << what << ": shape index " << i << " outside [0, " << numShapes() << ")";
    throw Error(os.str());
  }
}

int ContactGeometry::addShape(int body, const Transform& X_BS, ContactShape shape, std::string name) {
  if (name.empty()) name = std::string(shapeTypeName(shape.type())) + "#" + std::to_string(numShapes());
  if (body < 0)
    throw Error(std::string("ContactGeometry::addShape '") + name + "': body index " + std::to_string(body) +
                " is negative");
  if (!isFinite(X_BS)) throw Error(std::string("ContactGeometry::addShape '") + name + "': pose X_BS is not finite");
  // Checked here, at model build time: the one pair of types without a narrow phase.
  for (const Entry& e : shapes_)
    if (e.body != body && !isPairSupported(e.shape.type(), shape.type()))
      throw Error(std::string("ContactGeometry::addShape: no narrow phase for shapes '") + e.name + "' (" +
                  shapeTypeName(e.shape.type()) + ", body " + std::to_string(e.body) + ") and '" + name + "' (" +
                  shapeTypeName(shape.type()) + ", body " + std::to_string(body) +
                  "): two half-spaces on different bodies always overlap; put them on one body");
  shapes_.push_back(Entry{std::move(shape), body, X_BS, std::move(name), {}, X_BS.R().matrix() == Mat33::Identity()});
  filterValid_ = false;
  return numShapes() - 1;
}

void ContactGeometry::setBodyParents(std::vector<int> parentOfBody) {
  const int n = static_cast<int>(parentOfBody.size());
  std::vector<int> depth(n, -1);
  for (int b = 0; b < n; ++b) {
    const int p = parentOfBody[b];
    if ((b == 0) != (p < 0) || p >= b) {  // parents precede children; only Ground has none
      std::ostringstream os;
      os << "ContactGeometry::setBodyParents: body " << b << " has parent " << p
         << " (Ground, body 0, must have -1 and every other body a parent of lower index)";
      throw Error(os.str());
    }
    depth[b] = b == 0 ? 0 : depth[p] + 1;
  }
  parent_ = std::move(parentOfBody);
  depth_ = std::move(depth);
  filterValid_ = false;
}

void ContactGeometry::setExcludedJointDistance(int k) {
  if (k < 0)
    throw Error(std::string("ContactGeometry::setExcludedJointDistance: k = ") + std::to_string(k) + " is negative");
  excludedJointDistance_ = k;
  filterValid_ = false;
}

int ContactGeometry::addClique(const std::vector<int>& shapes) {
  for (int s : shapes) checkShape(s, "addClique");
  const int clique = numCliques_++;
  for (int s : shapes) shapes_[s].cliques.push_back(clique);
  filterValid_ = false;
  return clique;
}

void ContactGeometry::excludePair(int shapeA, int shapeB) {
  checkShape(shapeA, "excludePair");
  checkShape(shapeB, "excludePair");
  excludedPairs_.insert(pairKey(shapeA, shapeB));
  filterValid_ = false;
}

void ContactGeometry::setMargin(Real margin) {
  if (!(std::isfinite(margin) && margin >= 0)) {
    std::ostringstream os;
    os << "ContactGeometry::setMargin: margin " << margin << " must be finite and non-negative";
    throw Error(os.str());
  }
  margin_ = margin;
}

int ContactGeometry::jointDistanceAtMost(int a, int b, int limit) const {
  int steps = 0;
  while (a != b) {
    if (steps > limit) return limit + 1;
    if (depth_[a] >= depth_[b]) a = parent_[a];
    else b = parent_[b];
    ++steps;
  }
  return steps;
}

bool ContactGeometry::isPairExcluded(int i, int j) const {
  const Entry& A = shapes_[i];
  const Entry& B = shapes_[j];
  if (A.body == B.body) return true;
  const int n = static_cast<int>(parent_.size());
  if (excludedJointDistance_ > 0 && A.body < n && B.body < n && !(groundExempt_ && (A.body == 0 || B.body == 0)) &&
      jointDistanceAtMost(A.body, B.body, excludedJointDistance_) <= excludedJointDistance_)
    return true;
  for (int c : A.cliques)
    if (std::find(B.cliques.begin(), B.cliques.end(), c) != B.cliques.end()) return true;
  return !excludedPairs_.empty() && excludedPairs_.count(pairKey(i, j)) > 0;
}

// The table has n² entries: past kMaxFilteredShapes the rules are checked per candidate pair.
void ContactGeometry::updatePairFilter() {
  const int n = numShapes();
  filterValid_ = true;
  pairsFiltered_ = n <= kMaxFilteredShapes;
  if (!pairsFiltered_) {
    broad_.setPairFilter(n, {});
    return;
  }
  std::vector<char> mayPair(static_cast<size_t>(n) * n, 0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      mayPair[static_cast<size_t>(i) * n + j] = mayPair[static_cast<size_t>(j) * n + i] = !isPairExcluded(i, j);
  broad_.setPairFilter(n, std::move(mayPair));
}

const std::vector<ContactPoint>& ContactGeometry::findContacts(std::span<const Transform> X_GB, uint64_t history) {
  const int n = numShapes();
  X_GS_.resize(n);
  boxes_.resize(n);
  for (int i = 0; i < n; ++i) {
    const Entry& e = shapes_[i];
    if (e.body >= static_cast<int>(X_GB.size())) {
      std::ostringstream os;
      os << "ContactGeometry::findContacts: shape '" << e.name << "' is on body " << e.body << " but only "
         << X_GB.size() << " body poses were given";
      throw Error(os.str());
    }
    if (!isFinite(X_GB[e.body])) {
      std::ostringstream os;
      os << "ContactGeometry::findContacts: pose X_GB of body " << e.body << " (shape '" << e.name
         << "') is not finite";
      throw Error(os.str());
    }
    X_GS_[i] = e.translationOnly ? Transform(X_GB[e.body].R(), X_GB[e.body] * e.X_BS.p()) : X_GB[e.body] * e.X_BS;
    boxes_[i] = e.shape.boundingBox(X_GS_[i], margin_);
  }
  if (!filterValid_) updatePairFilter();
  broad_.findPairs(boxes_, pairs_);
  candidates_.clear();
  contacts_.clear();
  meshContacts_.clear();
  nextWarmNormals_.clear();
  const bool warmSearch = history != 0 && history == warmHistory_;
  warmHistory_ = history;
  for (auto [i, j] : pairs_) {
    if (!pairsFiltered_ && isPairExcluded(i, j)) continue;
    if (shapes_[i].shape.type() > shapes_[j].shape.type()) std::swap(i, j);  // canonical order of types
    candidates_.emplace_back(i, j);
    const PlacedShape a{&shapes_[i].shape, X_GS_[i], i};
    const PlacedShape b{&shapes_[j].shape, X_GS_[j], j};
    if (!isPairSupported(a.shape->type(), b.shape->type()))
      throw Error(std::string("ContactGeometry::findContacts: no narrow phase for shapes '") + shapes_[i].name + "' (" +
                  shapeTypeName(a.shape->type()) + ") and '" + shapes_[j].name + "' (" +
                  shapeTypeName(b.shape->type()) + "); exclude the pair or change a shape");
    const unsigned long long key = (static_cast<unsigned long long>(i) << 32) | static_cast<unsigned>(j);
    const auto it = std::lower_bound(warmNormals_.begin(), warmNormals_.end(), key,
                                     [](const auto& e, unsigned long long k) { return e.first < k; });
    const Vec3 warm = it != warmNormals_.end() && it->first == key ? it->second : Vec3::Zero();
    Vec3 normal = Vec3::Zero();
    collide(a, b, margin_, contacts_, meshContacts_, warm, &normal, warmSearch);
    if (!normal.isZero(0)) nextWarmNormals_.emplace_back(key, normal);
  }
  std::sort(nextWarmNormals_.begin(), nextWarmNormals_.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  warmNormals_.swap(nextWarmNormals_);
  return contacts_;
}

}  // namespace articula
