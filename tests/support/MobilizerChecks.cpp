// Generic mobilizer checks (Theory Manual oracles 12-16). Derivatives are checked by central
// differences along the straight path q(t) = q + t N(q) u; for quaternions that path leaves the
// unit sphere only at O(t^2), which cancels in a central difference.
#include "support/MobilizerChecks.h"

#include <gtest/gtest.h>

#include <Eigen/SVD>
#include <cmath>
#include <sstream>
#include <string>

namespace articula::testing {
namespace {

constexpr Real kStep = 1e-6;       // central-difference step
constexpr Real kFdTol = 1e-6;      // relative tolerance of difference checks
constexpr Real kExactTol = 1e-12;  // relative tolerance of identities that should be exact

// Euler middle angles must stay away from +-pi/2; every non-quaternion coordinate is drawn here.
constexpr Real kMaxCoord = 1.2;

std::string describe(const Mobilizer& m, int trial, const SmallVector& q, const SmallVector& u) {
  std::ostringstream s;
  s << m.typeName() << " trial " << trial << " q = [" << q.transpose() << "] u = [" << u.transpose() << "]";
  return s.str();
}

template <class A, class B>
Real relErr(const A& got, const B& want) {
  return (got - want).norm() / (1 + want.norm());
}

SmallVector N(const Mobilizer& m, const SmallVector& q, const SmallVector& u) {
  SmallVector qdot(m.nq());
  m.multiplyByN(q.data(), u.data(), qdot.data());
  return qdot;
}

HMatrix H(const Mobilizer& m, const SmallVector& q) {
  // Start wrong-sized and poisoned so a type that forgets to resize or to fill an entry shows up.
  HMatrix H_FM = HMatrix::Constant(6, 6, std::nan(""));
  m.calcH_FM(q.data(), H_FM);
  return H_FM;
}

HMatrix HDot(const Mobilizer& m, const SmallVector& q, const SmallVector& u) {
  HMatrix HDot_FM = HMatrix::Constant(6, 6, std::nan(""));
  m.calcHDot_FM(q.data(), u.data(), HDot_FM);
  return HDot_FM;
}

// Every entry must be written: poisoned NaNs left behind mean a forgotten entry.
void expectShape(const HMatrix& M, int nu, const std::string& what, const std::string& ctx) {
  ASSERT_EQ(M.rows(), 6) << what << ": " << ctx;
  ASSERT_EQ(M.cols(), nu) << what << ": " << ctx;
  EXPECT_TRUE(M.allFinite()) << what << " has unset or non-finite entries: " << ctx << "\n" << M;
}

// (1), (2): X_FM and H_FM differentiated along qdot = N u.
void checkDerivatives(const Mobilizer& m, const SmallVector& q, const SmallVector& u, const std::string& ctx) {
  const SmallVector qdot = N(m, q, u);
  const SmallVector qp = q + kStep * qdot, qm = q - kStep * qdot;

  const Transform X = m.calcX_FM(q.data());
  const Transform Xp = m.calcX_FM(qp.data()), Xm = m.calcX_FM(qm.data());
  const Mat33& R = X.R().matrix();
  EXPECT_LT((R.transpose() * R - Mat33::Identity()).norm(), 1e-10) << m.typeName() << ": R_FM not orthonormal: " << ctx;

  const HMatrix H_FM = H(m, q);
  expectShape(H_FM, m.nu(), "H_FM", ctx);
  const Vec6 V = H_FM * u;

  const Vec3 pdot = (Xp.p() - Xm.p()) / (2 * kStep);
  const Mat33 Rdot = (Xp.R().matrix() - Xm.R().matrix()) / (2 * kStep);
  const Vec3 w = unskew(Rdot * R.transpose());
  const Vec3 Hv = V.tail<3>(), Hw = V.head<3>();
  EXPECT_LT(relErr(Hv, pdot), kFdTol) << m.typeName() << ": H_v u = " << Hv.transpose()
                                      << " but d/dt p_FM = " << pdot.transpose() << ": " << ctx;
  EXPECT_LT(relErr(Hw, w), kFdTol) << m.typeName() << ": H_w u = " << Hw.transpose()
                                   << " but vee(Rdot R^T) = " << w.transpose() << ": " << ctx;
  // Rdot R^T must be skew to the same accuracy, or X_FM is not a rigid motion along the path.
  const Mat33 W = Rdot * R.transpose();
  EXPECT_LT((W + W.transpose()).norm() / (1 + W.norm()), kFdTol) << m.typeName() << ": Rdot R^T not skew: " << ctx;

  const HMatrix HDot_FM = HDot(m, q, u);
  expectShape(HDot_FM, m.nu(), "HDot_FM", ctx);
  const HMatrix HDotFd = (H(m, qp) - H(m, qm)) / (2 * kStep);
  EXPECT_LT(relErr(HDot_FM, HDotFd), kFdTol)
      << m.typeName() << ": HDot_FM differs from d/dt H_FM: " << ctx << "\nHDot_FM =\n"
      << HDot_FM << "\ndifferences =\n"
      << HDotFd;
}

// (3), (4), (5), rank of N.
void checkN(const Mobilizer& m, const SmallVector& q, const SmallVector& u, const SmallVector& v,
            const std::string& ctx) {
  const int nq = m.nq(), nu = m.nu();
  const SmallVector qdot = N(m, q, u);
  SmallVector back(nu);
  m.multiplyByNInv(q.data(), qdot.data(), back.data());
  EXPECT_LT(relErr(back, u), kExactTol) << m.typeName() << ": N^-1 N u = " << back.transpose() << " != u: " << ctx;

  // Oracle 15: N is one-to-one; build it column by column.
  if (nu > 0) {
    Matrix Nmat(nq, nu);
    for (int j = 0; j < nu; ++j) Nmat.col(j) = N(m, q, SmallVector::Unit(nu, j));
    const Eigen::JacobiSVD<Matrix> svd(Nmat);
    EXPECT_GT(svd.singularValues()(nu - 1), 1e-6) << m.typeName() << ": N rank deficient: " << ctx;
  }

  SmallVector ndotv(nq);
  m.multiplyByNDot(q.data(), u.data(), v.data(), ndotv.data());
  const SmallVector qp = q + kStep * qdot, qm = q - kStep * qdot;
  const SmallVector fd = (N(m, qp, v) - N(m, qm, v)) / (2 * kStep);
  EXPECT_LT(relErr(ndotv, fd), kFdTol) << m.typeName() << ": NDot v = " << ndotv.transpose()
                                       << " but d/dt (N v) = " << fd.transpose() << ": " << ctx;

  const int qi = m.quaternionIndex();
  if (qi >= 0) {
    const Real dot = q.segment<4>(qi).dot(qdot.segment<4>(qi));
    EXPECT_NEAR(dot, 0.0, kExactTol * (1 + qdot.norm()))
        << m.typeName() << ": quaternion rate not tangent to the unit sphere: " << ctx;
  }
}

// (6): normalizeQ.
void checkNormalize(const Mobilizer& m, const SmallVector& q, const std::string& ctx) {
  const int qi = m.quaternionIndex();
  SmallVector scaled = q;
  if (qi < 0) {
    EXPECT_FALSE(m.normalizeQ(scaled.data())) << m.typeName() << ": normalizeQ changed q: " << ctx;
    EXPECT_EQ(scaled, q) << m.typeName() << ": normalizeQ changed q: " << ctx;
    return;
  }
  scaled.segment<4>(qi) *= 1.7;
  EXPECT_TRUE(m.normalizeQ(scaled.data())) << m.typeName() << ": normalizeQ reported no change: " << ctx;
  EXPECT_NEAR(scaled.segment<4>(qi).norm(), 1.0, 1e-14)
      << m.typeName() << ": normalizeQ left a non-unit quaternion: " << ctx;
  EXPECT_TRUE(m.calcX_FM(scaled.data()).isSameTransform(m.calcX_FM(q.data()), 1e-12))
      << m.typeName() << ": normalizeQ changed X_FM: " << ctx;
  for (int i = 0; i < m.nq(); ++i)
    if (i < qi || i >= qi + 4) {
      EXPECT_EQ(scaled[i], q[i]) << m.typeName() << ": normalizeQ changed q[" << i << "]: " << ctx;
    }
}

// (8): a clone is indistinguishable from the original.
void checkClone(const Mobilizer& m, const Mobilizer& c, const SmallVector& q, const SmallVector& u,
                const std::string& ctx) {
  EXPECT_EQ(c.typeName(), m.typeName());
  EXPECT_EQ(c.nq(), m.nq()) << ctx;
  EXPECT_EQ(c.nu(), m.nu()) << ctx;
  EXPECT_EQ(c.quaternionIndex(), m.quaternionIndex()) << ctx;
  EXPECT_EQ(c.calcX_FM(q.data()).toMat44(), m.calcX_FM(q.data()).toMat44())
      << m.typeName() << ": clone X_FM differs: " << ctx;
  EXPECT_EQ(H(c, q), H(m, q)) << m.typeName() << ": clone H_FM differs: " << ctx;
  EXPECT_EQ(HDot(c, q, u), HDot(m, q, u)) << m.typeName() << ": clone HDot_FM differs: " << ctx;
  EXPECT_EQ(N(c, q, u), N(m, q, u)) << m.typeName() << ": clone N differs: " << ctx;
}

}  // namespace

void randomQU(const Mobilizer& m, std::mt19937& rng, SmallVector& q, SmallVector& u) {
  std::uniform_real_distribution<Real> coord(-kMaxCoord, kMaxCoord), speed(-1.0, 1.0);
  std::normal_distribution<Real> gauss;
  q.resize(m.nq());
  u.resize(m.nu());
  for (int i = 0; i < m.nq(); ++i) q[i] = coord(rng);
  const int qi = m.quaternionIndex();
  if (qi >= 0) {
    Vec4 quat;
    do {
      for (int k = 0; k < 4; ++k) quat[k] = gauss(rng);
    } while (quat.norm() < 1e-3);  // a uniform direction on S^3; reject near-zero draws
    q.segment<4>(qi) = quat.normalized();
  }
  for (int i = 0; i < m.nu(); ++i) u[i] = speed(rng);
}

// A type claiming a constant H must give the same H_FM at every q (the kinematics reuse the one
// computed at the default q) and HDot_FM = 0.
void checkConstantH(const Mobilizer& m, const SmallVector& q, const SmallVector& u, const std::string& ctx) {
  SmallVector q0(m.nq());
  m.setDefaultQ(q0.data());
  EXPECT_TRUE(H(m, q) == H(m, q0)) << m.typeName() << ": hasConstantH() but H_FM varies with q: " << ctx;
  EXPECT_TRUE(HDot(m, q, u).isZero(0)) << m.typeName() << ": hasConstantH() but HDot_FM != 0: " << ctx;
}

void checkMobilizerKinematics(const Mobilizer& m, int trials, unsigned seed) {
  const int nq = m.nq(), nu = m.nu(), qi = m.quaternionIndex();
  ASSERT_GE(nu, 0) << m.typeName();
  ASSERT_LE(nu, 6) << m.typeName();
  ASSERT_GE(nq, nu) << m.typeName();
  ASSERT_LE(nq, 7) << m.typeName();
  if (qi >= 0) {
    ASSERT_LE(qi + 4, nq) << m.typeName() << ": quaternionIndex out of range";
  }

  // (7): default coordinates put M on F (the ellipsoid's M sits on the surface instead).
  {
    SmallVector q = SmallVector::Constant(nq, 0.3);
    m.setDefaultQ(q.data());
    const Transform X = m.calcX_FM(q.data());
    EXPECT_TRUE(X.R().isSameRotation(Rotation(), 1e-14)) << m.typeName() << ": default q gives R_FM =\n"
                                                         << X.R().matrix();
    if (m.typeName().find("Ellipsoid") == std::string::npos) {
      EXPECT_LT(X.p().norm(), 1e-14) << m.typeName() << ": default q gives p_FM = " << X.p().transpose();
    }
  }

  const std::unique_ptr<Mobilizer> copy = m.clone();
  ASSERT_TRUE(copy) << m.typeName() << ": clone() returned null";

  std::mt19937 rng(seed);
  std::uniform_real_distribution<Real> speed(-1.0, 1.0);
  for (int trial = 0; trial < trials; ++trial) {
    SmallVector q, u;
    randomQU(m, rng, q, u);
    SmallVector v(nu);
    for (int i = 0; i < nu; ++i) v[i] = speed(rng);
    const std::string ctx = describe(m, trial, q, u);
    checkDerivatives(m, q, u, ctx);
    checkN(m, q, u, v, ctx);
    checkNormalize(m, q, ctx);
    checkClone(m, *copy, q, u, ctx);
    if (m.hasConstantH()) checkConstantH(m, q, u, ctx);
  }
}

}  // namespace articula::testing
