#include "articula/contact/ContactGeometry.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "ContactTestSupport.h"
#include "articula/Error.h"

namespace articula {
namespace {

using namespace articula::testing;

// A chain Ground(0) - 1 - 2 - 3 and a sibling 4 of 3 (child of 2); one sphere per body, all overlapping.
ContactGeometry overlappingChain() {
  ContactGeometry geo;
  geo.setBodyParents({-1, 0, 1, 2, 2});
  for (int b = 0; b <= 4; ++b)
    geo.addShape(b, Transform(), ContactShape::sphere(1), std::string("s") + std::to_string(b));
  return geo;
}

std::set<std::pair<int, int>> pairsOf(const std::vector<ContactPoint>& contacts) {
  std::set<std::pair<int, int>> s;
  for (const auto& c : contacts) s.insert({std::min(c.shapeA, c.shapeB), std::max(c.shapeA, c.shapeB)});
  return s;
}

TEST(ContactGeometry, JointDistanceExclusion) {
  ContactGeometry geo = overlappingChain();
  const std::vector<Transform> X_GB(5, Transform());
  // k = 1: parent-child pairs out; Ground exempt, so (0,1) stays.
  EXPECT_EQ(pairsOf(geo.findContacts(X_GB)),
            (std::set<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 3}, {1, 4}, {3, 4}}));
  geo.setExcludedJointDistance(2);  // grandparents and siblings too
  EXPECT_EQ(pairsOf(geo.findContacts(X_GB)), (std::set<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {0, 4}}));
  geo.setGroundExemptFromJointDistance(false);
  EXPECT_EQ(pairsOf(geo.findContacts(X_GB)), (std::set<std::pair<int, int>>{{0, 3}, {0, 4}}));
  geo.setExcludedJointDistance(0);
  EXPECT_EQ(geo.findContacts(X_GB).size(), 10u);
}

TEST(ContactGeometry, SameBodyCliquesAndExplicitPairs) {
  ContactGeometry geo = overlappingChain();
  geo.setExcludedJointDistance(0);
  const int extra = geo.addShape(3, Transform(Vec3(0.1, 0, 0)), ContactShape::sphere(1));  // same body as shape 3
  const std::vector<Transform> X_GB(5, Transform());
  EXPECT_TRUE(geo.isPairExcluded(3, extra));
  geo.addClique({0, 1, 2});
  geo.excludePair(4, 3);
  const auto pairs = pairsOf(geo.findContacts(X_GB));
  for (auto p : {std::pair{0, 1}, {0, 2}, {1, 2}, {3, 4}, {3, extra}}) EXPECT_EQ(pairs.count(p), 0u);
  EXPECT_EQ(pairs.count({4, extra}), 1u);
  EXPECT_EQ(pairs.size(), 15u - 5u);  // clique 3, explicit 1, same body 1
}

TEST(ContactGeometry, ExclusionsHoldBeyondTheSizeOfThePairTable) {
  // Past 1024 shapes the rules are checked per candidate pair instead of through a table.
  for (int n : {1000, 1030}) {
    ContactGeometry geo;
    std::vector<Transform> X_GB(n);
    for (int b = 0; b < n; ++b) {
      geo.addShape(b, Transform(), ContactShape::sphere(0.6));
      X_GB[b] = Transform(Vec3(b, 0, 0));  // each overlaps its neighbours only
    }
    geo.setExcludedJointDistance(0);
    for (int k = 0; k + 1 < n; k += 2) geo.excludePair(k, k + 1);
    const auto pairs = pairsOf(geo.findContacts(X_GB));
    EXPECT_EQ(pairs.size(), static_cast<size_t>((n - 1) / 2)) << n;
    for (auto [a, b] : pairs) EXPECT_TRUE(a % 2 == 1 && b == a + 1) << n << ": " << a << ", " << b;
  }
}

TEST(ContactGeometry, BadInputNamesTheProblem) {
  ContactGeometry geo;
  EXPECT_THROW(geo.addShape(-1, Transform(), ContactShape::sphere(1)), Error);
  EXPECT_THROW(geo.addShape(0, Transform(Vec3(NAN, 0, 0)), ContactShape::sphere(1)), Error);
  EXPECT_THROW(geo.setBodyParents({-1, 2, 0}), Error);
  EXPECT_THROW(geo.setMargin(-1), Error);
  EXPECT_THROW(geo.excludePair(0, 1), Error);
  geo.addShape(2, Transform(), ContactShape::sphere(1), "ball");
  try {
    geo.findContacts(std::vector<Transform>(2));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'ball'"), std::string::npos) << e.what();
  }
  std::vector<Transform> X_GB(3);
  X_GB[2].updP() = Vec3(INFINITY, 0, 0);
  EXPECT_THROW(geo.findContacts(X_GB), Error);
  // Two half-spaces on different bodies: no narrow phase, refused when the second is added.
  geo.addShape(0, Transform(), ContactShape::halfSpace(), "floor");
  geo.addShape(0, Transform(Vec3(0, 0, 1)), ContactShape::halfSpace(), "shelf");  // one body: fine
  try {
    geo.addShape(2, Transform(), ContactShape::halfSpace(), "lid");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'floor'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'lid'"), std::string::npos) << e.what();
  }
}

// Every other pair of shape types has a narrow phase.
TEST(ContactGeometry, EveryPairButTwoHalfSpacesIsSupported) {
  for (int a = 0; a <= static_cast<int>(ShapeType::TriangleMesh); ++a)
    for (int b = 0; b <= static_cast<int>(ShapeType::TriangleMesh); ++b)
      EXPECT_EQ(isPairSupported(ShapeType(a), ShapeType(b)), !(a == 0 && b == 0)) << a << " " << b;
}

// Random scenes: the detected contacts equal an all-pairs loop over the narrow phase.
TEST(ContactGeometry, EqualsAllPairsNarrowPhaseOnRandomScenes) {
  std::mt19937 rng(17);
  for (int scene = 0; scene < 10; ++scene) {
    ContactGeometry geo;
    const int nb = 30 + 10 * scene;
    geo.addShape(0, Transform(Rotation::aboutX(0.05 * scene), Vec3::Zero()), ContactShape::halfSpace(), "floor");
    for (int b = 1; b < nb; ++b) {
      const Transform X_BS(randomRotationC(rng), 0.1 * randomUnit(rng));
      switch (b % 6) {
        case 4:
          geo.addShape(b, X_BS,
                       ContactShape::brick(Vec3(uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3),
                                                uniformReal(rng, 0.05, 0.3))));
          break;
        case 5:
          geo.addShape(b, X_BS, ContactShape::cylinder(uniformReal(rng, 0.05, 0.2), uniformReal(rng, 0.05, 0.3)));
          break;
        case 0: geo.addShape(b, X_BS, ContactShape::sphere(uniformReal(rng, 0.05, 0.3))); break;
        case 1:
          geo.addShape(b, X_BS,
                       ContactShape::ellipsoid(Vec3(uniformReal(rng, 0.05, 0.3), uniformReal(rng, 0.05, 0.3),
                                                    uniformReal(rng, 0.05, 0.3))));
          break;
        case 2:
          geo.addShape(b, X_BS, ContactShape::capsule(uniformReal(rng, 0.05, 0.2), uniformReal(rng, 0.05, 0.3)));
          break;
        default: geo.addShape(b, X_BS, ContactShape::sphere(0.1));
      }
    }
    std::vector<Transform> X_GB(nb);
    for (int b = 1; b < nb; ++b)
      X_GB[b] = Transform(randomRotationC(rng),
                          Vec3(uniformReal(rng, -2, 2), uniformReal(rng, -2, 2), uniformReal(rng, -0.2, 1)));
    geo.setMargin(scene % 2 ? 0.05 : 0.0);
    const std::vector<ContactPoint> found = geo.findContacts(X_GB);
    std::vector<ContactPoint> expected;
    std::vector<MeshFaceContact> unused;
    for (int i = 0; i < geo.numShapes(); ++i)
      for (int j = i + 1; j < geo.numShapes(); ++j) {
        if (geo.isPairExcluded(i, j)) continue;
        int a = i, b = j;
        if (geo.getShape(a).type() > geo.getShape(b).type()) std::swap(a, b);
        collide(PlacedShape{&geo.getShape(a), X_GB[geo.getBody(a)] * geo.getPoseInBody(a), a},
                PlacedShape{&geo.getShape(b), X_GB[geo.getBody(b)] * geo.getPoseInBody(b), b}, geo.getMargin(),
                expected, unused);
      }
    auto key = [](const ContactPoint& c) { return std::tuple(c.shapeA, c.shapeB, c.pB_G.x()); };
    std::vector<std::tuple<int, int, Real>> k1, k2;
    for (const auto& c : found) k1.push_back(key(c));
    for (const auto& c : expected) k2.push_back(key(c));
    std::sort(k1.begin(), k1.end());
    std::sort(k2.begin(), k2.end());
    EXPECT_EQ(k1, k2) << "scene " << scene;
    EXPECT_GT(k1.size(), 0u);
  }
}

// Touching ellipsoid pairs are searched from the last call's normals only along one history: the
// warm results agree with cold ones to the search's tolerance, and a copy of a warm object called
// with another history gives the cold result bit for bit (what makes frames realized from copied
// States independent of what the copied-into object computed before).
TEST(ContactGeometry, WarmStartsFollowOneHistoryOnly) {
  std::mt19937 rng(5);
  ContactGeometry warm;
  const int nb = 9;
  for (int b = 1; b < nb; ++b)
    warm.addShape(b, Transform(),
                  ContactShape::ellipsoid(
                      Vec3(uniformReal(rng, 0.05, 0.1), uniformReal(rng, 0.05, 0.12), uniformReal(rng, 0.1, 0.3))));
  ContactGeometry cold = warm;
  std::vector<Transform> X_GB(nb);
  std::vector<Vec3> axis(nb);
  for (int b = 1; b < nb; ++b) {  // a cluster of overlapping bodies, each turning about its own axis
    X_GB[b] = Transform(randomRotationC(rng), 0.12 * randomUnit(rng));
    axis[b] = randomUnit(rng);
  }
  int contacts = 0, warmDiffers = 0;
  for (int step = 0; step < 60; ++step) {
    for (int b = 1; b < nb; ++b)
      X_GB[b] = Transform(Rotation::aboutAxis(0.02, axis[b]) * X_GB[b].R(), X_GB[b].p() + 0.002 * randomUnit(rng));
    ContactGeometry copy = warm;  // holds the last step's normals and history
    const std::vector<ContactPoint> w = warm.findContacts(X_GB, 42);
    const std::vector<ContactPoint> c = cold.findContacts(X_GB);
    const std::vector<ContactPoint> fromCopy = copy.findContacts(X_GB, 43);
    ASSERT_EQ(w.size(), c.size()) << "step " << step;
    ASSERT_EQ(fromCopy.size(), c.size()) << "step " << step;
    for (size_t i = 0; i < c.size(); ++i) {
      EXPECT_EQ(fromCopy[i].depth, c[i].depth) << "step " << step;
      EXPECT_EQ(fromCopy[i].n_G, c[i].n_G) << "step " << step;
      EXPECT_EQ(fromCopy[i].p_G, c[i].p_G) << "step " << step;
      EXPECT_NEAR(w[i].depth, c[i].depth, 1e-9) << "step " << step;
      EXPECT_LT((w[i].n_G - c[i].n_G).norm(), 1e-6) << "step " << step;
      warmDiffers += w[i].depth != c[i].depth || w[i].n_G != c[i].n_G;
    }
    contacts += static_cast<int>(c.size());
  }
  EXPECT_GT(contacts, 100);
  // The warm search ran (other last bits somewhere), so the bit-for-bit checks above can fail.
  EXPECT_GT(warmDiffers, 0);
}

}  // namespace
}  // namespace articula
