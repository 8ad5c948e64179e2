// Compliant contact (contact/ContactForceSubsystem.h): shapes, elastic and penalty materials, the
// subsystem (MultibodySystem.add_contact_forces) and its report at a State. The force law of a
// pair follows from its surfaces: a mesh gets the elastic foundation, a penalty material the
// penalty curves, two elastic convex shapes Hertz + Hunt-Crossley + Stribeck friction.
#include "BuildAccess.h"
#include "SystemAccess.h"
#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/MeshIO.h"
#include "articula/contact/TriangleMesh.h"

namespace articula::python {

namespace {

using Contact = ContactForceSubsystem;
using RowsN3 = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::RowMajor>;
using FacesN3 = Eigen::Matrix<int, Eigen::Dynamic, 3, Eigen::RowMajor>;

ContactShape meshShape(const RowsN3& v, const FacesN3& f, std::string name) {
  std::vector<Vec3> vertices(v.rows());
  for (Eigen::Index i = 0; i < v.rows(); ++i) vertices[i] = v.row(i).transpose();
  std::vector<std::array<int, 3>> faces(f.rows());
  for (Eigen::Index i = 0; i < f.rows(); ++i) faces[i] = {f(i, 0), f(i, 1), f(i, 2)};
  return ContactShape::triangleMesh(
      std::make_shared<TriangleMesh>(std::move(vertices), std::move(faces), std::move(name)));
}

void bindShape(py::module_& m) {
  py::class_<ContactShape>(m, "ContactShape",
                           "Contact geometry in its own frame S (made by the static methods; attached to a body by "
                           "ContactForceSubsystem.add_surface). Half-space: z_S <= 0. Cylinder and capsule: axis z_S.")
      .def_static("half_space", &ContactShape::halfSpace, "The solid z_S <= 0 (outward normal +z_S).")
      .def_static("sphere", &ContactShape::sphere, py::arg("radius"),
                  "A sphere of this radius (m) centred at S's origin.")
      .def_static("ellipsoid", &ContactShape::ellipsoid, py::arg("semi_axes"),
                  "An ellipsoid with semi-axes (a, b, c) along S's x, y, z (m).")
      .def_static("cylinder", &ContactShape::cylinder, py::arg("radius"), py::arg("half_length"),
                  "A solid cylinder along z_S from -half_length to +half_length (m).")
      .def_static("brick", &ContactShape::brick, py::arg("half_extents"), "A box of half-extents (hx, hy, hz).")
      .def_static("capsule", &ContactShape::capsule, py::arg("radius"), py::arg("half_length"),
                  "A cylinder along z_S capped by hemispheres: the points within radius of the segment "
                  "from -half_length to +half_length on z_S (m).")
      .def_static(
          "mesh_file", [](const std::string& path) { return ContactShape::triangleMesh(readMesh(path)); },
          py::arg("path"), "A triangle mesh read from an .obj or .stl file (Error naming the line if it is wrong).")
      .def_static("triangle_mesh", &meshShape, py::arg("vertices"), py::arg("faces"), py::arg("name") = "mesh",
                  "A mesh from (n, 3) vertices and (m, 3) vertex indices, counter-clockwise seen from outside.")
      .def_property_readonly(
          "type", [](const ContactShape& s) { return std::string(shapeTypeName(s.type())); },
          "The shape's kind: 'HalfSpace', 'Sphere', 'Ellipsoid', 'Cylinder', 'Brick', 'Capsule' or 'TriangleMesh'.")
      .def_property_readonly("size", &ContactShape::size,
                             "Sphere (r, r, r); ellipsoid semi-axes; brick half-extents; cylinder, capsule (r, r, "
                             "half_length).")
      .def_property_readonly(
          "num_faces", [](const ContactShape& s) { return s.isConvex() ? 0 : s.mesh().numFaces(); },
          "Triangles of a TriangleMesh; 0 for the convex shapes.")
      .def("__repr__",
           [](const ContactShape& s) { return std::string("<ContactShape ") + shapeTypeName(s.type()) + ">"; });
}

void bindMaterials(py::module_& m) {
  py::class_<ContactMaterial>(
      m, "ContactMaterial",
      "An elastic surface (Hertz / elastic foundation): Young's modulus (Pa), Poisson's ratio, "
      "Hunt-Crossley dissipation (s/m) and friction coefficients (static, dynamic, viscous s/m).")
      .def(py::init([](std::string name, Real E, Real nu, Real c, Real us, Real ud, Real uv) {
             return ContactMaterial{std::move(name), E, nu, c, us, ud, uv};
           }),
           py::arg("name") = "material", py::arg("youngs_modulus") = 1e7, py::arg("poisson_ratio") = 0.3,
           py::arg("dissipation") = 0.5, py::arg("static_friction") = 0.6, py::arg("dynamic_friction") = 0.5,
           py::arg("viscous_friction") = 0.0)
      .def_readwrite("name", &ContactMaterial::name, "Label used in messages and reports.")
      .def_readwrite("youngs_modulus", &ContactMaterial::youngsModulus, "Young's modulus E, Pa (> 0).")
      .def_readwrite("poisson_ratio", &ContactMaterial::poissonRatio,
                     "Poisson's ratio nu, dimensionless, in (-1, 0.5).")
      .def_readwrite("dissipation", &ContactMaterial::dissipation,
                     "Hunt-Crossley dissipation c, s/m (>= 0): at low impact speed v the coefficient of "
                     "restitution is about 1 - c v.")
      .def_readwrite("static_friction", &ContactMaterial::staticFriction,
                     "Static friction coefficient mu_s (dimensionless, >= dynamic_friction); a pair uses "
                     "2 mu1 mu2 / (mu1 + mu2).")
      .def_readwrite("dynamic_friction", &ContactMaterial::dynamicFriction,
                     "Dynamic (sliding) friction coefficient mu_d (dimensionless, <= static_friction).")
      .def_readwrite("viscous_friction", &ContactMaterial::viscousFriction,
                     "Viscous friction coefficient mu_v, s/m (>= 0): adds mu_v times the slip speed to the "
                     "friction coefficient.")
      .def("validate", &ContactMaterial::validate, "Raises Error naming the field of a value out of range.")
      .def_property_readonly("plane_strain_modulus", &ContactMaterial::planeStrainModulus, "E / (1 - nu^2), Pa.")
      .def_static("skin", &ContactMaterial::skin,
                  "Skin over soft tissue: E 0.8 MPa (Agache et al. 1980), nu 0.45, c 2 s/m, mu_s 0.8, mu_d 0.6 "
                  "(Falisse et al. 2019).")
      .def_static("bone", &ContactMaterial::bone,
                  "Cortical bone: E 17.4 GPa (Reilly & Burstein 1975), nu 0.3, c 0.1 s/m, mu_s 0.5, mu_d 0.4.")
      .def_static("rubber", &ContactMaterial::rubber,
                  "Natural rubber: E 10 MPa, nu 0.49, c 0.05 s/m (Simbody Theory Manual), mu_s 1.0, mu_d 0.8 "
                  "(on dry concrete, Marks' Handbook).")
      .def_static("steel", &ContactMaterial::steel,
                  "Steel: E 200 GPa, nu 0.3, c 0.08 s/m (Simbody Theory Manual), mu_s 0.74, mu_d 0.57 "
                  "(Marks' Handbook).")
      .def_static("wood", &ContactMaterial::wood,
                  "Hardwood along the grain: E 12 GPa, nu 0.37 (USDA Wood Handbook 2010), c 0.3 s/m, mu_s 0.4, "
                  "mu_d 0.3.")
      .def_static("ground", &ContactMaterial::ground,
                  "A concrete floor: E 25 GPa, nu 0.15 (Simbody Theory Manual), c 0.1 s/m, mu_s 0.9, mu_d 0.8 "
                  "(chosen so that a pair with skin or rubber keeps about their own coefficients).");

  py::class_<PenaltyMaterial>(m, "PenaltyMaterial",
                              "OpenMBD's penalty contact: a loading curve [(penetration m, force N), ...] from (0, 0), "
                              "hysteresis (an unloading curve or the energy fraction returned), rate factor "
                              "C1 + C2 (|xdot|/C3)^C4, damping (N s/m) and friction with a ramp speed (m/s).")
      .def(py::init([](std::string name, std::vector<PenaltyCurve::Point> loading,
                       std::optional<std::vector<PenaltyCurve::Point>> unloading, Real eta, Real c, Real c1, Real c2,
                       Real c3, Real c4, Real mu, Real vr) {
             PenaltyMaterial p;
             p.name = std::move(name);
             p.loading = PenaltyCurve(std::move(loading), "loading");
             if (unloading) p.unloading = PenaltyCurve(std::move(*unloading), "unloading");
             p.unloadingEnergyFraction = eta;
             p.damping = c;
             p.rateC1 = c1, p.rateC2 = c2, p.rateC3 = c3, p.rateC4 = c4;
             p.friction = mu;
             p.frictionRampSpeed = vr;
             p.validate();
             return p;
           }),
           py::arg("name") = "penalty", py::arg("loading") = std::vector<PenaltyCurve::Point>{{0, 0}, {0.01, 1e4}},
           py::arg("unloading") = py::none(), py::arg("unloading_energy_fraction") = PenaltyMaterial::kDefaultEta,
           py::arg("damping") = PenaltyMaterial::kDefaultDamping, py::arg("rate_c1") = 1.0, py::arg("rate_c2") = 0.0,
           py::arg("rate_c3") = 1.0, py::arg("rate_c4") = 1.0, py::arg("friction") = PenaltyMaterial::kDefaultFriction,
           py::arg("friction_ramp_speed") = PenaltyMaterial::kDefaultRampSpeed, "Checked: Error naming a bad field.")
      .def_readonly("name", &PenaltyMaterial::name, "Label used in messages and reports.")
      .def_property_readonly(
          "loading", [](const PenaltyMaterial& p) { return p.loading.getPoints(); },
          "The loading curve as [(penetration m, force N), ...] from (0, 0), piecewise linear; the force "
          "stays at the last value beyond the last point.")
      .def_readonly("damping", &PenaltyMaterial::damping,
                    "Linear damping c, N s/m: adds c times the penetration rate while penetrating.")
      .def_readonly("friction", &PenaltyMaterial::friction,
                    "Coulomb friction coefficient mu (dimensionless), reached at friction_ramp_speed.");
}

void bindReport(py::module_& m) {
  py::class_<ContactRecord>(m, "ContactRecord",
                            "One active contact: surfaces and bodies (A, B), where the force acts, the normal from A "
                            "to B, penetration (m) and its rate (m/s, > 0 approaching), the normal force and the total "
                            "force on B (N, in Ground; -force acts on A), energy (J) and power (W).")
      .def_readonly("surface_a", &ContactRecord::surfaceA,
                    "Index of surface A (ContactForceSubsystem.add_surface); the normal points away from it.")
      .def_readonly("surface_b", &ContactRecord::surfaceB, "Index of surface B, the one `force` acts on.")
      .def_readonly("body_a", &ContactRecord::bodyA, "Body of surface A (MatterSubsystem index, 0 = Ground).")
      .def_readonly("body_b", &ContactRecord::bodyB, "Body of surface B (MatterSubsystem index, 0 = Ground).")
      .def_property_readonly(
          "model", [](const ContactRecord& r) { return std::string(contactModelName(r.model)); },
          "The force law used: 'Hertz', 'Penalty' or 'ElasticFoundation'.")
      .def_readonly("point", &ContactRecord::point_G,
                    "Where the force acts, m, in Ground (Hertz and penalty: placed by relative stiffness; elastic "
                    "foundation: the centre of pressure).")
      .def_readonly("normal", &ContactRecord::normal_G,
                    "Unit contact normal in Ground, from A towards B: the normal force pushes B along it.")
      .def_readonly("depth", &ContactRecord::depth,
                    "Penetration, m (> 0 overlapping; elastic foundation: the deepest face).")
      .def_readonly("depth_rate", &ContactRecord::depthRate,
                    "Rate of the penetration, m/s, > 0 approaching (elastic foundation: at the centre of pressure).")
      .def_readonly("patch_major", &ContactRecord::patchMajor,
                    "Major semi-axis of the contact patch, m (mesh: radius of the circle of equal area).")
      .def_readonly("patch_minor", &ContactRecord::patchMinor,
                    "Minor semi-axis of the contact patch, m (mesh: radius of the circle of equal area).")
      .def_readonly("patch_area", &ContactRecord::patchArea, "Area of the contact patch, m^2.")
      .def_readonly("normal_force", &ContactRecord::normalForce,
                    "Magnitude of the normal force, N (>= 0), dissipation included.")
      .def_readonly("elastic_force", &ContactRecord::elasticForce, "The normal force without its dissipative part, N.")
      .def_readonly("friction_force", &ContactRecord::frictionForce_G, "Friction force on B, N, in Ground.")
      .def_readonly("force", &ContactRecord::force_G,
                    "Total force on B (normal + friction), N, in Ground; its negative acts on A.")
      .def_readonly("centre_of_pressure", &ContactRecord::centreOfPressure_G,
                    "Centre of pressure of the patch, m, in Ground (point contacts: the same as `point`).")
      .def_readonly("potential_energy", &ContactRecord::potentialEnergy,
                    "Elastic energy stored in this contact, J (penalty: what the current branch would return).")
      .def_readonly("power", &ContactRecord::power, "Rate of work of this contact's forces on the two bodies, W.")
      .def_readonly("nonconservative_power", &ContactRecord::nonConservativePower,
                    "power plus the rate of change of the stored energy, W: dissipation, friction and penalty "
                    "hysteresis (<= 0), plus for an ellipsoid on a plane the work the Hertz law does as the "
                    "body turns (either sign). Integrated, it closes KE + PE - W_nc.")
      .def("__repr__", [](const ContactRecord& r) {
        return "<ContactRecord surfaces " + std::to_string(r.surfaceA) + "-" + std::to_string(r.surfaceB) + ", depth " +
               formatValue(r.depth) + " m, normal force " + formatValue(r.normalForce) + " N>";
      });

  py::class_<ContactReport>(m, "ContactReport", "Every active contact at a State and the net force on each body.")
      .def_readonly("contacts", &ContactReport::contacts, "The ContactRecords (a copy).")
      .def_property_readonly(
          "body_forces", [](const ContactReport& r) { return bodyForceRows(r.bodyForces_G); },
          "(num_bodies, 6) rows [moment about the body origin; force] in Ground.")
      .def_readonly("potential_energy", &ContactReport::potentialEnergy, "Elastic energy stored in all contacts, J.")
      .def_readonly("power", &ContactReport::power, "Rate of work of all contact forces on the bodies, W.")
      .def_readonly("nonconservative_power", &ContactReport::nonConservativePower,
                    "Sum of the records' nonconservative_power, W.");
}

template <class Material>
int addSurface(Contact& c, int body, const Transform& X, const ContactShape& shape, const Material& mat,
               std::string name) {
  requireBodyIndex(matterOf(c), body, "body");
  return c.addSurface(body, X, shape, mat, std::move(name));
}

void requireSurface(const Contact& c, int s) {
  if (s < 0 || s >= c.getNumSurfaces()) throw py::index_error("surface " + std::to_string(s) + ": not a surface index");
}

const State& at(const Contact& c, PyState& s, Stage need, const char* what) {
  return realizedState(s, c.getSystem(), need, what);
}

void bindConstruction(py::class_<Contact>& c) {
  c.def("add_surface", &addSurface<ContactMaterial>, py::arg("body"), py::arg("X_BS"), py::arg("shape"),
        py::arg("material"), py::arg("name") = "",
        "Attaches `shape` at pose X_BS on `body` (0 = Ground) with an elastic material; returns the surface index.")
      .def("add_surface", &addSurface<PenaltyMaterial>, py::arg("body"), py::arg("X_BS"), py::arg("shape"),
           py::arg("material"), py::arg("name") = "", "The same with a PenaltyMaterial.")
      .def_property_readonly("num_surfaces", &Contact::getNumSurfaces,
                             "Surfaces added so far; surface indices run from 0 to num_surfaces - 1.")
      .def(
          "surface_name",
          [](const Contact& k, int s) {
            requireSurface(k, s);
            return k.getGeometry().getName(s);
          },
          py::arg("surface"), "The name given to surface `surface` by add_surface.")
      .def(
          "surface_body",
          [](const Contact& k, int s) {
            requireSurface(k, s);
            return k.getGeometry().getBody(s);
          },
          py::arg("surface"), "The body (MatterSubsystem index, 0 = Ground) surface `surface` is fixed to.")
      .def(
          "set_layer_thickness",
          [](Contact& k, int s, Real h) {
            requireSurface(k, s);
            k.setLayerThickness(s, h);
          },
          py::arg("surface"), py::arg("thickness"), "Elastic-foundation layer thickness of a surface (m, > 0).")
      .def("set_transition_speed", &Contact::setTransitionSpeed, py::arg("speed"),
           "Stribeck transition speed of every elastic pair (m/s).")
      .def("set_maximum_radius", &Contact::setMaximumRadius, py::arg("radius"),
           "The radius flat-on-flat Hertz contact is given (m, default 10).")
      .def("set_recovery_speed", &Contact::setRecoverySpeed, py::arg("speed"),
           "How fast a separated penalty pair forgets its maximum penetration (m/s).")
      .def(
          "exclude_pair",
          [](Contact& k, int a, int b) {
            requireSurface(k, a);
            requireSurface(k, b);
            k.updGeometry().excludePair(a, b);
          },
          py::arg("surface_a"), py::arg("surface_b"),
          "The two surfaces never touch. IndexError for a bad surface index.")
      .def(
          "add_clique", [](Contact& k, const std::vector<int>& s) { return k.updGeometry().addClique(s); },
          py::arg("surfaces"), "Surfaces in one clique never touch each other; returns the clique's index.")
      .def(
          "set_excluded_joint_distance", [](Contact& k, int n) { k.updGeometry().setExcludedJointDistance(n); },
          py::arg("joints"), "Bodies within this many joints never touch (default 1; 0: off; Ground exempt).")
      .def(
          "set_margin", [](Contact& k, Real d) { k.updGeometry().setMargin(d); }, py::arg("margin"),
          "Contacts are reported from depth >= -margin (m).");
}

void bindResults(py::class_<Contact>& c) {
  c.def(
       "report", [](const Contact& k, PyState& s) { return k.getReport(at(k, s, Stage::Dynamics, "report")); },
       py::arg("state"), "The ContactReport at `state` (stage Dynamics).")
      .def(
          "num_contacts",
          [](const Contact& k, PyState& s) { return k.getNumContacts(at(k, s, Stage::Position, "num_contacts")); },
          py::arg("state"), "Contacts found at Position (stage Position).")
      .def(
          "calc_surface_distance",
          [](const Contact& k, PyState& s, int a, int b) {
            requireSurface(k, a);
            requireSurface(k, b);
            return k.calcSurfaceDistance(at(k, s, Stage::Position, "calc_surface_distance"), a, b);
          },
          py::arg("state"), py::arg("surface_a"), py::arg("surface_b"),
          "Signed distance (m): > 0 apart, < 0 overlapping (stage Position).")
      .def(
          "calc_potential_energy",
          [](const Contact& k, PyState& s) {
            return k.calcPotentialEnergy(at(k, s, Stage::Position, "calc_potential_energy"));
          },
          py::arg("state"), "Elastic energy stored in the contacts (J; stage Position).")
      .def_property_readonly("num_penalty_pairs", &Contact::getNumPenaltyPairs,
                             "Pairs of surfaces under the penalty law, each with its reached maximum penetration "
                             "kept as a State variable (known after realize_topology).")
      .def(
          "reached_max_penetration",
          [](const Contact& k, PyState& s, int a, int b) {
            return k.getReachedMaxPenetration(at(k, s, Stage::Empty, ""), a, b);
          },
          py::arg("state"), py::arg("surface_a"), py::arg("surface_b"), "Penalty hysteresis: the pair's maximum (m).")
      .def(
          "set_reached_max_penetration",
          [](const Contact& k, PyState& s, int a, int b, Real x) {
            at(k, s, Stage::Empty, "");
            k.setReachedMaxPenetration(s.raw(), a, b, x);
            s.seen();
          },
          py::arg("state"), py::arg("surface_a"), py::arg("surface_b"), py::arg("depth"),
          "Penalty hysteresis: sets the pair's largest penetration so far (m), e.g. to restart a run.");
}

}  // namespace

void bindContact(py::module_& m) {
  bindShape(m);
  bindMaterials(m);
  bindReport(m);
  py::class_<Contact> contact(m, "ContactForceSubsystem",
                              "Compliant contact between surfaces (a shape on a body with a material). Add surfaces "
                              "before realize_topology; read report(state) after realize(state, Stage.Dynamics).");
  bindConstruction(contact);
  bindResults(contact);

  auto system = py::reinterpret_borrow<py::class_<MultibodySystem, System>>(m.attr("MultibodySystem"));
  system.def(
      "add_contact_forces",
      [](MultibodySystem& sys, std::string name) -> Contact& {
        return sys.addForceSubsystem(std::make_unique<Contact>(std::move(name)));
      },
      py::arg("name") = "contact", py::return_value_policy::reference_internal,
      "Adds a ContactForceSubsystem and returns it.");
}

}  // namespace articula::python
