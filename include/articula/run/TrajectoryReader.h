// Reads a run's trajectory.json (docs/output-format.md): the bodies, their display geometry and
// the per-frame body poses, as the software renderer and the viewer need them. Every problem is
// reported as articula::Error naming the file, the JSON pointer, the value and what is wrong:
//   run/trajectory.json: /frames/3/poses/1 = [0,1]: expected 7 numbers [x, y, z, qw, qx, qy, qz]
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "articula/model/GeometryType.h"
#include "articula/model/JointType.h"

namespace articula::run {

// A display shape in its body's frame. `dims` by type: sphere (r, r, r); ellipsoid (a, b, c);
// box (hx, hy, hz); cylinder and capsule (radius, radius, half_length); mesh: the scale (1, 1, 1)
// with `vertices` and `faces` (viewer extension: size {"vertices": [[x,y,z]…], "faces": [[i,j,k]…]}).
struct TrajectoryShape {
  std::string name;
  model::GeometryType type = model::GeometryType::Sphere;  // "type" in the file, by the model format's names
  Eigen::Vector3d dims = Eigen::Vector3d::Ones();
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<int, 3>> faces;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Eigen::Vector3d color{0.7, 0.7, 0.7};
};

struct TrajectoryBody {
  std::string name, parent, joint;            // parent "" when attached to Ground
  std::optional<model::JointType> jointType;  // "joint_type" in the file, by the model format's names
  double mass = 0;
  Eigen::Vector3d massCenter = Eigen::Vector3d::Zero();
  Eigen::Vector3d color{0.7, 0.7, 0.7};
  std::vector<TrajectoryShape> geometry;
};

struct BodyPose {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();               // body origin in Ground
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();  // R_GB
};

struct ContactArrow {
  Eigen::Vector3d point = Eigen::Vector3d::Zero();  // where the force acts, in Ground
  Eigen::Vector3d force = Eigen::Vector3d::Zero();  // N, in Ground
};

struct TrajectoryFrame {
  double t = 0;
  std::vector<BodyPose> poses;         // one per body, in body order
  std::vector<ContactArrow> contacts;  // empty until contact lands
};

// A named point fixed on a body (an imported model's markers; "markers" in the file).
struct TrajectoryMarker {
  std::string name;
  int body = -1;                                       // index into bodies; -1: Ground
  Eigen::Vector3d location = Eigen::Vector3d::Zero();  // in the body frame (Ground's for -1)
};

struct RunTrajectory {
  std::string model;
  Eigen::Vector3d up{0, 0, 1};
  std::vector<TrajectoryBody> bodies;
  std::vector<TrajectoryMarker> markers;
  std::vector<TrajectoryFrame> frames;  // at least one, times strictly increasing
};

// Parses the text of a trajectory.json; `fileLabel` names it in error messages.
RunTrajectory parseTrajectoryJson(const std::string& text, const std::string& fileLabel);
// Reads and parses a file (error "<file>: cannot open" when it is missing).
RunTrajectory readTrajectoryJson(const std::filesystem::path& file);

// The poses at time t: linear interpolation of positions and normalized linear interpolation of
// the quaternions (shortest arc) between the neighbouring frames; t is clamped to the run.
// Contacts are those of the nearest earlier frame.
TrajectoryFrame interpolateFrame(const RunTrajectory& run, double t);

}  // namespace articula::run
