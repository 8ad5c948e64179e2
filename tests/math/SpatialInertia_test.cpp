// SpatialInertia: matrix-free product against the explicit 6x6 form.
#include <gtest/gtest.h>

#include "RandomMath.h"

using namespace articula;
using articula::testing::randomCentralInertia;
using articula::testing::randomVec3;
using articula::testing::randomVec6;

TEST(SpatialInertia, ProductMatchesMat66) {
  std::mt19937 rng(71);
  for (int t = 0; t < 100; ++t) {
    const Real m = articula::testing::uniform(rng, 0.1, 5);
    const Vec3 p = randomVec3(rng, 2);
    const MassProperties mp = MassProperties::fromCentral(m, p, randomCentralInertia(rng));
    const SpatialInertia M{m, p, mp.inertiaAboutOrigin().matrix()};
    EXPECT_LT((M.toMat66() - mp.toSpatialMat()).norm(), 1e-14);
    const Vec6 V = randomVec6(rng);
    EXPECT_LT((M * V - M.toMat66() * V).norm(), 1e-13);
    // Written out: [I_O w + m p x v; m (v - p x w)].
    const Vec3 w = V.head<3>(), v = V.tail<3>();
    EXPECT_LT(((M * V).tail<3>() - m * (v - p.cross(w))).norm(), 1e-13);
  }
}

TEST(SpatialInertia, DefaultIsZero) {
  const SpatialInertia M;
  EXPECT_EQ(M.toMat66(), Mat66::Zero());
  EXPECT_EQ(M * Vec6::Ones(), Vec6::Zero());
}
