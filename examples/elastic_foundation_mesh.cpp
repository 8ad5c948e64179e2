// elastic_foundation_mesh: a triangle-mesh ball on the elastic foundation model.
//
//   elastic_foundation_mesh [subdivisions]
//
// A sphere of radius R is tessellated here (an icosahedron subdivided `subdivisions` times,
// default 5: 20480 faces), written to a temporary OBJ file and read back with readMesh (MeshIO.h),
// as a mesh from a CAD or scanning tool would be. The ball (1 kg, on a vertical slider) carries a
// 1 cm foam layer; against the concrete floor the ContactForceSubsystem applies the elastic
// foundation: one spring per face whose centroid is inside the floor, f = k a x (1 + c xdot),
// k the pair's per-area stiffness (combineFoundation: the layers in series, each its confined
// modulus over its thickness).
//  1. Static forces with the ball held at penetrations x: the simulated force next to
//     (a) the same sum over faces computed here from the mesh (must agree to rounding), and
//     (b) the continuum estimate: springs over the immersed spherical cap, k ∫ x dA = π R k x²
//         (exact for a sphere, by Archimedes' zone theorem), with x reduced by the sag s of the
//         face centroids below the sphere; the mesh approaches it as it is refined.
//  2. The ball dropped from 2 cm settles where the foundation carries its weight: rest
//     penetration next to the root of the discrete sum = m g and to s + sqrt(m g / (π R k)).
// Checks (exit code 1 on failure): (a) to 1e-9 relative, (b) within 1 % (at the default 5
// subdivisions), rest penetration within 1e-4 relative of the discrete root.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <vector>

#include "articula/contact/ContactForceSubsystem.h"
#include "articula/contact/MeshIO.h"
#include "articula/forces/Gravity.h"
#include "articula/integrators/integrators.h"
#include "articula/matter/MobilizedBody.h"
#include "articula/matter/MultibodySystem.h"

using namespace articula;

namespace {

// An icosphere of radius r: the icosahedron, each face split into four `levels` times, vertices
// pushed onto the sphere. Faces counter-clockwise seen from outside.
void icosphere(Real r, int levels, std::vector<Vec3>& v, std::vector<std::array<int, 3>>& f) {
  const Real t = (1 + std::sqrt(5.0)) / 2;
  v = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
       {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  f = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
       {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
       {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (Vec3& p : v) p.normalize();
  for (int level = 0; level < levels; ++level) {
    std::map<std::pair<int, int>, int> midpoint;
    auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = midpoint.find(key);
      if (it != midpoint.end()) return it->second;
      v.push_back((v[a] + v[b]).normalized());
      return midpoint[key] = static_cast<int>(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& [a, b, c] : f) {
      const int ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
      next.insert(next.end(), {{a, ab, ca}, {b, bc, ab}, {c, ca, bc}, {ab, bc, ca}});
    }
    f = std::move(next);
  }
  for (Vec3& p : v) p *= r;
}

// The discrete foundation sum for the mesh's centre at height zc above the floor z = 0.
Real discreteForce(const TriangleMesh& mesh, Real k, Real zc) {
  Real force = 0;
  for (int i = 0; i < mesh.numFaces(); ++i) {
    const Real depth = -(zc + mesh.faceCentroid(i).z());
    if (depth > 0) force += k * mesh.faceArea(i) * depth;
  }
  return force;
}

}  // namespace

int main(int argc, char** argv) {
  const int levels = argc > 1 ? std::atoi(argv[1]) : 5;
  constexpr Real g = 9.81, m = 1.0, R = 0.05, layer = 0.01;

  // ---- the mesh, through an OBJ file ----
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> faces;
  icosphere(R, levels, vertices, faces);
  const std::filesystem::path obj = std::filesystem::temp_directory_path() / "articula_example_ball.obj";
  {
    std::ofstream out(obj);
    out.precision(17);
    out << "# icosphere, radius " << R << " m\n";
    for (const Vec3& p : vertices) out << "v " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
    for (const auto& [a, b, c] : faces) out << "f " << a + 1 << ' ' << b + 1 << ' ' << c + 1 << '\n';
  }
  const std::shared_ptr<TriangleMesh> mesh = readMesh(obj.string());
  std::filesystem::remove(obj);

  // ---- the model ----
  MultibodySystem system("mesh ball");
  MatterSubsystem& matter = system.updMatter();
  const Transform up(Rotation::aboutY(-M_PI / 2));  // the slider's x axis along Ground's z: q = height
  const MobilizedBody::Slider ball(MobilizedBody::Ground(matter), up,
                                   Body(MassProperties::fromCentral(m, Vec3::Zero(), Inertia::sphere(m, R))), up,
                                   Direction::Forward, "ball");
  system.addForceSubsystem(std::make_unique<GeneralForceSubsystem>())
      .addForce(std::make_unique<Gravity>(Vec3(0, 0, -g)));
  auto& contact = system.addForceSubsystem(std::make_unique<ContactForceSubsystem>());
  const ContactMaterial foam{"foam", 1e5, 0.3, 5.0, 0.8, 0.6, 0};  // name, E, ν, c (s/m), μs, μd, μv
  const ContactMaterial concrete = ContactMaterial::ground();
  contact.addSurface(0, Transform(), ContactShape::halfSpace(), concrete, "floor");
  const int skin = contact.addSurface(ball.getIndex(), Transform(), ContactShape::triangleMesh(mesh), foam, "ball");
  contact.setLayerThickness(skin, layer);  // the floor, a non-mesh partner, uses the same thickness
  State state = system.realizeTopology();

  const Real k = combineFoundation(foam, layer, concrete, layer).stiffness;
  // The springs sit at face centroids, which lie inside the sphere by the faces' sag s: the
  // continuum estimate for the mesh uses the penetration of the centroids' sphere, x - s.
  Real sag = 0;
  for (int i = 0; i < mesh->numFaces(); ++i) sag += (R - mesh->faceCentroid(i).norm()) / mesh->numFaces();
  std::printf("mesh '%s' from OBJ: %d vertices, %d faces, radius %.3f m; foam layer %.0f mm, k = %.4e Pa/m\n\n",
              mesh->name().c_str(), mesh->numVertices(), mesh->numFaces(), R, 1e3 * layer, k);

  // ---- 1. static forces ----
  std::printf("1. held at penetration x (speed 0); face centroids lie s = %.4f mm inside the sphere\n", 1e3 * sag);
  std::printf("%8s %8s %14s %14s %16s %10s\n", "x (mm)", "faces", "simulated (N)", "face sum (N)", "pi R k (x-s)^2",
              "vs cont.");
  Real worstSum = 0, worstContinuum = 0;
  for (const Real x : {0.5e-3, 1e-3, 2e-3, 3e-3, 4e-3}) {
    ball.setOneQ(state, 0, R - x);
    ball.setOneU(state, 0, 0);
    system.realize(state, Stage::Dynamics);
    const ContactReport& r = contact.getReport(state);
    const Real simulated = r.bodyForces_G[ball.getIndex()][5];  // vertical force on the ball
    const Real sum = discreteForce(*mesh, k, R - x), continuum = M_PI * R * k * (x - sag) * (x - sag);
    int loaded = 0;
    for (int i = 0; i < mesh->numFaces(); ++i) loaded += -(R - x + mesh->faceCentroid(i).z()) > 0;
    std::printf("%8.2f %8d %14.6f %14.6f %16.6f %9.2f%%\n", 1e3 * x, loaded, simulated, sum, continuum,
                100 * (simulated / continuum - 1));
    worstSum = std::max(worstSum, std::abs(simulated - sum) / sum);
    worstContinuum = std::max(worstContinuum, std::abs(simulated - continuum) / continuum);
  }

  // ---- 2. dropped, settles ----
  ball.setOneQ(state, 0, R + 0.02);
  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(1e-6);
  integrator.initialize(state);
  while (integrator.stepTo(1.0) != StepOutcome::ReachedReportTime) {  // the first call starts the interval
  }
  const Real rest = R - ball.getOneQ(integrator.getState(), 0);
  const Real restSpeed = std::abs(ball.getOneU(integrator.getState(), 0));
  // Root of the discrete sum = m g by bisection on the penetration.
  Real lo = 0, hi = 0.02;
  for (int i = 0; i < 200; ++i) {
    const Real x = 0.5 * (lo + hi);
    (discreteForce(*mesh, k, R - x) < m * g ? lo : hi) = x;
  }
  const Real restDiscrete = 0.5 * (lo + hi), restContinuum = sag + std::sqrt(m * g / (M_PI * R * k));
  std::printf("\n2. dropped from 2 cm, after 1 s (speed %.1e m/s, %lld steps):\n", restSpeed,
              static_cast<long long>(integrator.getStatistics().stepsTaken));
  std::printf("   rest penetration %.6f mm; face sum = m g at %.6f mm; s + sqrt(m g / (pi R k)) = %.6f mm\n",
              1e3 * rest, 1e3 * restDiscrete, 1e3 * restContinuum);

  const bool ok = worstSum < 1e-9 && worstContinuum < 0.01 && std::abs(rest - restDiscrete) < 1e-4 * restDiscrete &&
                  restSpeed < 1e-5;
  std::printf("\nlargest difference: face sum %.1e, continuum %.2f %%\n%s\n", worstSum, 100 * worstContinuum,
              ok ? "check passed" : "CHECK FAILED");
  return ok ? 0 : 1;
}
