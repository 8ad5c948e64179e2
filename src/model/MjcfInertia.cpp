// Mass properties of MJCF geoms (MjcfInertia.h): the closed forms MuJoCo 2.2.2 uses
// (user_objects.cc, mjCGeom::SetInertia), checked against its body_mass and body_inertia.
#include "MjcfInertia.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace articula::model::mjcf {

Real shapeVolume(GeometryType type, const Vec3& s) {
  switch (type) {
    case GeometryType::Sphere: return 4.0 / 3 * M_PI * s[0] * s[0] * s[0];
    case GeometryType::Ellipsoid: return 4.0 / 3 * M_PI * s[0] * s[1] * s[2];
    case GeometryType::Box: return 8 * s[0] * s[1] * s[2];
    case GeometryType::Cylinder: return M_PI * s[0] * s[0] * 2 * s[1];
    case GeometryType::Capsule: return M_PI * s[0] * s[0] * (2 * s[1] + 4.0 / 3 * s[0]);
    case GeometryType::Mesh: return 0;
  }
  return 0;
}

MassBody shapeMass(GeometryType type, const Vec3& s, Real m) {
  MassBody b;
  b.mass = m;
  Vec3 d = Vec3::Zero();
  const Real r = s[0], r2 = r * r;
  switch (type) {
    case GeometryType::Sphere: d.setConstant(0.4 * m * r2); break;
    case GeometryType::Ellipsoid:
    case GeometryType::Box: {
      const Vec3 q = s.cwiseProduct(s);
      d = (type == GeometryType::Box ? m / 3 : m / 5) * Vec3(q[1] + q[2], q[0] + q[2], q[0] + q[1]);
      break;
    }
    case GeometryType::Cylinder: {
      const Real h = 2 * s[1];
      d = Vec3(m * (3 * r2 + h * h) / 12, m * (3 * r2 + h * h) / 12, m * r2 / 2);
      break;
    }
    case GeometryType::Capsule: {  // the cylinder and the two hemispheres share the mass by volume
      const Real h = 2 * s[1], vc = M_PI * r2 * h, vs = 4.0 / 3 * M_PI * r2 * r, mc = m * vc / (vc + vs),
                 ms = m * vs / (vc + vs);
      const Real side = mc * (3 * r2 + h * h) / 12 + ms * (0.4 * r2 + h * h / 4 + 3 * h * r / 8);
      d = Vec3(side, side, mc * r2 / 2 + ms * 0.4 * r2);
      break;
    }
    case GeometryType::Mesh: break;
  }
  b.inertia = d.asDiagonal();
  return b;
}

std::optional<MassBody> meshMass(const TriangleMesh& mesh, Real density) {
  // Signed tetrahedra from the origin: volume, first and second moments (exact for closed meshes).
  Real V = 0;
  Vec3 first = Vec3::Zero();
  Mat33 second = Mat33::Zero();  // ∫ x x^T dV
  for (const auto& f : mesh.faces()) {
    const Vec3 &a = mesh.vertex(f[0]), &b = mesh.vertex(f[1]), &c = mesh.vertex(f[2]);
    const Real v = a.dot(b.cross(c)) / 6;
    V += v;
    first += v * (a + b + c) / 4;
    const Vec3 s = a + b + c;
    second += v / 20 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  if (!(V > 0)) return std::nullopt;
  MassBody m;
  m.mass = density * V;
  m.com = first / V;
  const Mat33 C = density * second - m.mass * m.com * m.com.transpose();  // about the centroid
  m.inertia = C.trace() * Mat33::Identity() - C;
  return m;
}

Transform meshInertialFrame(const MassBody& m) {
  const Eigen::SelfAdjointEigenSolver<Mat33> eig(m.inertia);
  Mat33 R = eig.eigenvectors();
  if (R.determinant() < 0) R.col(2) = -R.col(2);
  return Transform(Rotation::nearest(R), m.com);
}

MassBody placed(const MassBody& m, const Transform& X_BG) {
  const Mat33& R = X_BG.R().matrix();
  return MassBody{m.mass, X_BG * m.com, R * m.inertia * R.transpose()};
}

MassBody combined(const MassBody& a, const MassBody& b) {
  const Real m = a.mass + b.mass;
  if (!(m > 0)) return MassBody{};
  const Vec3 c = (a.mass * a.com + b.mass * b.com) / m;
  const auto shift = [](Real mass, const Vec3& d) {
    return Mat33(mass * (d.squaredNorm() * Mat33::Identity() - d * d.transpose()));
  };
  return MassBody{m, c, a.inertia + shift(a.mass, a.com - c) + b.inertia + shift(b.mass, b.com - c)};
}

}  // namespace articula::model::mjcf
