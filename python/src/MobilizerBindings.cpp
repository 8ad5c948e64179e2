// Mobilizer and the factories of every type (articula.mobilizers.pin(), ...; matter/mobilizers.h
// lists their coordinates). A Mobilizer is handed to MatterSubsystem.add_body, which takes it over.
#include "Bindings.h"
#include "articula/matter/Mobilizer.h"
#include "articula/matter/mobilizers.h"

namespace articula::python {

namespace {

RotationCoordinates coordinatesFrom(bool euler) {
  return euler ? RotationCoordinates::EulerXYZ : RotationCoordinates::Quaternion;
}

std::shared_ptr<Mobilizer> shared(std::unique_ptr<Mobilizer> m) { return std::shared_ptr<Mobilizer>(std::move(m)); }

// A factory returning unique_ptr as one returning shared_ptr (the class's holder).
template <class... A>
auto wrap(std::unique_ptr<Mobilizer> (*factory)(A...)) {
  return [factory](A... a) { return shared(factory(a...)); };
}

}  // namespace

void bindMobilizers(py::module_& m) {
  py::class_<Mobilizer, std::shared_ptr<Mobilizer>>(
      m, "Mobilizer",
      "The kinematics of one joint, X_FM(q). Made by the functions of articula.mobilizers and given to "
      "MatterSubsystem.add_body (which copies it, so one object serves many bodies).")
      .def_property_readonly("type_name", &Mobilizer::typeName,
                             "The joint's kind, e.g. 'Pin', 'Slider', 'Ball', 'Free' ('Reversed...' when reversed).")
      .def_property_readonly("nq", &Mobilizer::nq, "Number of generalized coordinates q (a quaternion counts 4).")
      .def_property_readonly("nu", &Mobilizer::nu,
                             "Number of generalized speeds u (degrees of freedom; qdot = N(q) u).")
      .def(
          "calc_x_fm",
          [](const Mobilizer& mob, const py::handle& q) {
            const Vector v = vectorArgument(q, mob.nq(), "q");
            return mob.calcX_FM(v.data());
          },
          py::arg("q"), "X_FM at coordinates q.")
      .def("__repr__", [](const Mobilizer& mob) {
        return "Mobilizer(" + mob.typeName() + ", nq=" + std::to_string(mob.nq()) + ", nu=" + std::to_string(mob.nu()) +
               ")";
      });

  py::module_ f = m.def_submodule("mobilizers", "Factories of every mobilizer type (see each for its q and u).");
  f.def("weld", wrap(&mobilizers::weld), "No mobility: nq = nu = 0.");
  f.def("pin", wrap(&mobilizers::pin), "Rotation q about the common z axis (nq = nu = 1).");
  f.def("slider", wrap(&mobilizers::slider), "Translation q along the common x axis (nq = nu = 1).");
  f.def("screw", wrap(&mobilizers::screw), py::arg("pitch"),
        "Rotation q about z with translation pitch*q along z (m/rad).");
  f.def("universal", wrap(&mobilizers::universal), "Rotation q0 about x, then q1 about the new y; u = qdot.");
  f.def("cylinder", wrap(&mobilizers::cylinder), "Rotation q0 about z, translation q1 along z.");
  f.def("bend_stretch", wrap(&mobilizers::bendStretch),
        "Rotation q0 about z, then translation q1 along the rotated x.");
  f.def("planar", wrap(&mobilizers::planar), "Rotation q0 about z, translations q1, q2 along F's x and y.");
  f.def("gimbal", wrap(&mobilizers::gimbal), "Body-fixed x-y-z angles; u = qdot (singular at q1 = +-pi/2).");
  f.def(
      "ball", [](bool euler) { return shared(mobilizers::ball(coordinatesFrom(euler))); }, py::arg("euler") = false,
      "Quaternion (nq 4, scalar first), u = w_FM in F (nu 3); euler=True: x-y-z angles (nq 3).");
  f.def("spherical_coords", wrap(&mobilizers::sphericalCoords),
        "Azimuth q0 about z, zenith q1 about the new y, translation q2 along the resulting z.");
  f.def("ellipsoid", wrap(&mobilizers::ellipsoid), py::arg("semi_axes"),
        "Quaternion orientation; M's origin on the ellipsoid with these semi-axes, M's z along its normal.");
  f.def("translation", wrap(&mobilizers::translation), "p_FM = q in F (nq = nu = 3).");
  f.def(
      "free", [](bool euler) { return shared(mobilizers::free(coordinatesFrom(euler))); }, py::arg("euler") = false,
      "q = [quaternion, p_FM] (nq 7), u = [w_FM, v_FM] in F (nu 6); euler=True: x-y-z angles (nq 6).");
  f.def("line_orientation", wrap(&mobilizers::lineOrientation), "Quaternion; u = (w_x, w_y) in M: no spin about z.");
  f.def("free_line", wrap(&mobilizers::freeLine), "line_orientation plus translation (nq 7, nu 5).");
  f.def("bushing", wrap(&mobilizers::bushing), "Body-fixed x-y-z angles then p_FM in F; u = qdot (nq = nu = 6).");
}

}  // namespace articula::python
