// The math types: Rotation, Quaternion, Transform, Inertia, MassProperties and Body. Vectors and
// matrices are NumPy arrays (copies, as pybind11's Eigen support makes them); spatial vectors are
// 6-arrays [angular; linear].
#include <pybind11/operators.h>

#include "Bindings.h"
#include "articula/math/Inertia.h"
#include "articula/math/Rotation.h"
#include "articula/math/Transform.h"
#include "articula/matter/Body.h"

namespace articula::python {

namespace {

std::array<CoordinateAxis, 3> axesFrom(const std::string& sequence) {
  if (sequence.size() != 3) throw py::value_error("axis sequence '" + sequence + "': expected three of x, y, z");
  std::array<CoordinateAxis, 3> axes{};
  for (int i = 0; i < 3; ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(sequence[i])));
    if (c < 'x' || c > 'z') throw py::value_error("axis sequence '" + sequence + "': expected three of x, y, z");
    axes[i] = static_cast<CoordinateAxis>(c - 'x');
  }
  return axes;
}

CoordinateAxis axisFrom(const std::string& name) { return axesFrom(name + "xx")[0]; }

std::string vecText(const Vec3& v) {
  return "[" + formatValue(v.x()) + ", " + formatValue(v.y()) + ", " + formatValue(v.z()) + "]";
}

void bindRotation(py::module_& m) {
  py::class_<Quaternion>(m, "Quaternion", "A unit quaternion [w, x, y, z], scalar first; normalized on construction.")
      .def(py::init<>(), "The identity (1, 0, 0, 0).")
      .def(py::init([](const Vec4& wxyz) { return Quaternion(wxyz); }), py::arg("wxyz"),
           "From four numbers [w, x, y, z], normalized (a zero or non-finite vector raises).")
      .def(py::init<Real, Real, Real, Real>(), py::arg("w"), py::arg("x"), py::arg("y"), py::arg("z"))
      .def_property_readonly("wxyz", &Quaternion::asVec4, "The four numbers [w, x, y, z].")
      .def("to_rotation", &Quaternion::toRotation, "The same rotation as a Rotation matrix.")
      .def("to_angle_axis", &Quaternion::toAngleAxis, "(angle in [0, pi], unit axis)")
      .def("__repr__", [](const Quaternion& q) {
        const Vec4& v = q.asVec4();
        return "Quaternion(" + formatValue(v[0]) + ", " + formatValue(v[1]) + ", " + formatValue(v[2]) + ", " +
               formatValue(v[3]) + ")";
      });

  py::class_<Rotation>(m, "Rotation",
                       "A rotation matrix R_AB: its columns are B's axes expressed in A. Compose with @ "
                       "(R_AB @ R_BC, R_AB @ v).")
      .def(py::init<>(), "The identity.")
      .def(py::init([](const Mat33& R, bool nearest) { return nearest ? Rotation::nearest(R) : Rotation(R); }),
           py::arg("matrix"), py::arg("nearest") = false,
           "From a 3x3 matrix: orthonormal to 1e-10, or with nearest=True the nearest rotation.")
      .def_static("about_x", &Rotation::aboutX, py::arg("angle"), "Rotation by `angle` (rad) about x.")
      .def_static("about_y", &Rotation::aboutY, py::arg("angle"), "Rotation by `angle` (rad) about y.")
      .def_static("about_z", &Rotation::aboutZ, py::arg("angle"), "Rotation by `angle` (rad) about z.")
      .def_static("about_axis", &Rotation::aboutAxis, py::arg("angle"), py::arg("axis"),
                  "Rotation by `angle` (rad) about `axis` (normalized; a zero axis raises).")
      .def_static("from_quaternion", &Rotation::fromQuaternion, py::arg("q"), "The rotation of a Quaternion.")
      .def_static(
          "body_fixed",
          [](const Vec3& angles, const std::string& seq) { return Rotation::bodyFixed(angles, axesFrom(seq)); },
          py::arg("angles"), py::arg("sequence") = "xyz",
          "Intrinsic angles: R = R_a1(t1) R_a2(t2) R_a3(t3) about successively moved axes, e.g. sequence 'xyz'.")
      .def_static(
          "space_fixed",
          [](const Vec3& angles, const std::string& seq) { return Rotation::spaceFixed(angles, axesFrom(seq)); },
          py::arg("angles"), py::arg("sequence") = "xyz", "Extrinsic angles: R = R_a3(t3) R_a2(t2) R_a1(t1).")
      .def_static(
          "from_one_axis",
          [](const std::string& axis, const Vec3& v) { return Rotation::fromOneAxis(axisFrom(axis), v); },
          py::arg("axis"), py::arg("direction"), "A rotation whose axis 'x', 'y' or 'z' points along direction.")
      .def(
          "to_body_fixed", [](const Rotation& R, const std::string& seq) { return R.toBodyFixed(axesFrom(seq)); },
          py::arg("sequence") = "xyz", "The intrinsic angles of body_fixed (rad): its inverse.")
      .def(
          "to_space_fixed", [](const Rotation& R, const std::string& seq) { return R.toSpaceFixed(axesFrom(seq)); },
          py::arg("sequence") = "xyz", "The extrinsic angles of space_fixed (rad): its inverse.")
      .def("to_quaternion", &Rotation::toQuaternion, "The unit quaternion [w, x, y, z] with w >= 0.")
      .def("to_angle_axis", &Rotation::toAngleAxis, "(angle in [0, pi], unit axis); the axis is x for no rotation.")
      .def_property_readonly("matrix", &Rotation::matrix, "The 3x3 matrix (a copy).")
      .def("inverse", &Rotation::inverse, "R_BA, the transpose of R_AB.")
      .def("__matmul__", [](const Rotation& a, const Rotation& b) { return a * b; })
      .def("__matmul__", [](const Rotation& a, const Vec3& v) { return Vec3(a * v); })
      .def("is_same", &Rotation::isSameRotation, py::arg("other"), py::arg("tol") = 1e-12,
           "Whether `other` is the same rotation to within `tol` (rad).")
      .def("__repr__",
           [](const Rotation& R) { return "Rotation(body_fixed xyz " + vecText(R.toBodyFixedXYZ()) + " rad)"; });
}

void bindTransform(py::module_& m) {
  py::class_<Transform>(m, "Transform",
                        "X_AB = [R_AB | p_AB]: frame B measured from and expressed in A. Compose with @ "
                        "(X_AB @ X_BC, X_AB @ station).")
      .def(py::init<>(), "The identity.")
      .def(py::init([](const Rotation& R, const Vec3& p) { return Transform(R, p); }), py::arg("R") = Rotation(),
           py::arg("p") = Vec3::Zero())
      .def(py::init([](const Vec3& p) { return Transform(p); }), py::arg("p"), "A translation.")
      .def_property_readonly("R", &Transform::R, "The rotation R_AB.")
      .def_property_readonly("p", &Transform::p, "The origin of B in A, p_AB.")
      .def("matrix", &Transform::toMat44, "The 4x4 homogeneous matrix.")
      .def("inverse", &Transform::inverse, "X_BA, the inverse of X_AB.")
      .def("__matmul__", [](const Transform& a, const Transform& b) { return a * b; })
      .def("__matmul__", [](const Transform& a, const Vec3& p) { return Vec3(a * p); })
      .def("is_same", &Transform::isSameTransform, py::arg("other"), py::arg("tol") = 1e-12,
           "Whether `other` is the same transform to within `tol` (rotation angle, relative translation).")
      .def("__repr__", [](const Transform& X) {
        return "Transform(p=" + vecText(X.p()) + ", R=body_fixed xyz " + vecText(X.R().toBodyFixedXYZ()) + ")";
      });
}

void bindMassProperties(py::module_& m) {
  py::class_<Inertia>(m, "Inertia",
                      "A symmetric 3x3 inertia (kg m^2), checked: finite, moments >= 0, triangle inequality.")
      .def(py::init([](const Mat33& I) { return Inertia(I); }), py::arg("matrix"))
      .def(py::init<Real, Real, Real, Real, Real, Real>(), py::arg("xx"), py::arg("yy"), py::arg("zz"),
           py::arg("xy") = 0.0, py::arg("xz") = 0.0, py::arg("yz") = 0.0)
      .def_static("sphere", &Inertia::sphere, py::arg("mass"), py::arg("radius"), "Solid sphere about its centre.")
      .def_static("cylinder_along_z", &Inertia::cylinderAlongZ, py::arg("mass"), py::arg("radius"),
                  py::arg("half_length"), "Solid cylinder along z about its centre (kg, m).")
      .def_static("brick", &Inertia::brick, py::arg("mass"), py::arg("half_lengths"),
                  "Solid box of half-lengths (hx, hy, hz) about its centre (kg, m).")
      .def_static("ellipsoid", &Inertia::ellipsoid, py::arg("mass"), py::arg("semi_axes"),
                  "Solid ellipsoid of semi-axes (a, b, c) about its centre (kg, m).")
      .def_static("point_mass", &Inertia::pointMass, py::arg("mass"), py::arg("position"),
                  "Of a particle at position, about the origin.")
      .def_property_readonly("matrix", &Inertia::matrix,
                             "The symmetric 3x3 matrix, kg m^2 (a copy): moments on the diagonal, the products xy, "
                             "xz, yz off it as given (a particle at p gives m (|p|^2 1 - p p^T)).")
      .def("__repr__", [](const Inertia& I) {
        return "Inertia(moments=" + vecText(I.moments()) + ", products=" + vecText(I.products()) + ")";
      });

  py::class_<MassProperties>(m, "MassProperties",
                             "Mass (kg), mass centre from the body origin (m, in the body frame) and the inertia "
                             "about the body origin.")
      .def(py::init<Real, const Vec3&, const Inertia&>(), py::arg("mass"), py::arg("mass_center"),
           py::arg("inertia_about_origin"))
      .def_static("from_central", &MassProperties::fromCentral, py::arg("mass"), py::arg("mass_center"),
                  py::arg("inertia_about_mass_center"), "With the inertia given about the mass centre.")
      .def_property_readonly("mass", &MassProperties::mass, "Mass, kg.")
      .def_property_readonly("mass_center", &MassProperties::massCenter,
                             "Mass centre p_BC from the body origin, m, in the body frame.")
      .def_property_readonly("inertia_about_origin", &MassProperties::inertiaAboutOrigin,
                             "Inertia about the body origin, in the body frame (kg m^2).")
      .def_property_readonly("inertia_about_mass_center", &MassProperties::inertiaAboutMassCenter,
                             "Inertia about the mass centre, in the body frame (kg m^2): inertia_about_origin "
                             "minus m (|p|^2 1 - p p^T), p = mass_center.")
      .def("__repr__", [](const MassProperties& p) {
        return "MassProperties(mass=" + formatValue(p.mass()) + ", mass_center=" + vecText(p.massCenter()) + ")";
      });

  py::class_<Body>(m, "Body", "A rigid body: its mass properties about its own origin.")
      .def(py::init<const MassProperties&, std::string>(), py::arg("mass_properties"), py::arg("name") = "")
      .def(py::init([](Real mass, const Vec3& com, const Inertia& central, std::string name) {
             return Body(MassProperties::fromCentral(mass, com, central), std::move(name));
           }),
           py::arg("mass"), py::arg("mass_center"), py::arg("inertia"), py::arg("name") = "",
           "mass (kg), mass_center (m, from the body origin) and the inertia about the mass centre.")
      .def_property_readonly("mass_properties", &Body::getMassProperties,
                             "Its MassProperties (mass, mass centre and inertia about the body origin).")
      .def_property_readonly("name", &Body::getName, "The name it was made with ('' if none).");
}

}  // namespace

void bindMath(py::module_& m) {
  bindRotation(m);
  bindTransform(m);
  bindMassProperties(m);
}

}  // namespace articula::python
