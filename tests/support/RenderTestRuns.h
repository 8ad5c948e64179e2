// Small trajectory.json texts for the renderer and viewer tests: a double pendulum swinging in
// the x-z plane (capsule + sphere on the lower body, an ellipsoid and a box on the upper one).
#pragma once
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace articula::test {

inline std::string pendulumTrajectoryJson(int frames = 51, double dt = 0.02, bool contacts = false) {
  std::ostringstream os;
  os.precision(9);
  os << R"({"format": "articula-trajectory", "version": 1, "model": "double pendulum", "up": [0, 0, 1],
  "units": {"length": "m", "time": "s"},
  "bodies": [
    {"name": "upper", "parent": null, "joint": "shoulder", "joint_type": "pin", "mass": 1, "mass_center": [0, 0, -0.25],
     "color": [0.31, 0.56, 0.85], "geometry": [
       {"name": "arm", "type": "ellipsoid", "size": {"semi_axes": [0.05, 0.06, 0.25]}, "position": [0, 0, -0.25], "orientation": [1, 0, 0, 0]},
       {"name": "hub", "type": "box", "size": {"half_lengths": [0.04, 0.08, 0.04]}, "position": [0, 0, 0], "color": [0.4, 0.4, 0.4]}]},
    {"name": "lower", "parent": "upper", "joint": "elbow", "joint_type": "pin", "mass": 1, "mass_center": [0, 0, -0.25],
     "color": [0.85, 0.45, 0.25], "geometry": [
       {"name": "rod", "type": "capsule", "size": {"radius": 0.035, "half_length": 0.2}, "position": [0, 0, -0.25]},
       {"name": "bob", "type": "sphere", "size": {"radius": 0.07}, "position": [0, 0, -0.5], "color": [0.9, 0.8, 0.2]},
       {"name": "pin", "type": "cylinder", "size": {"radius": 0.03, "half_length": 0.06}, "position": [0, 0, 0], "orientation": [0.70710678, 0.70710678, 0, 0]}]}
  ],
  "frames": [)";
  for (int k = 0; k < frames; ++k) {
    const double t = k * dt;
    const double a = 1.2 * std::cos(3.0 * t), b = 0.8 * std::sin(4.0 * t);  // angles about y
    // Upper: origin at (0, 0, 0.6), rotated by a about y. Lower: origin at upper's (0, 0, -0.5).
    const double ox = 0, oz = 0.6;
    const double lx = ox + -0.5 * std::sin(a), lz = oz - 0.5 * std::cos(a);
    auto quat = [](double angle) {
      std::ostringstream q;
      q.precision(9);
      q << std::cos(angle / 2) << ", 0, " << std::sin(angle / 2) << ", 0";
      return q.str();
    };
    os << (k ? ",\n" : "\n") << R"(    {"t": )" << t << R"(, "poses": [[)" << ox << ", 0, " << oz << ", " << quat(a)
       << "], [" << lx << ", 0, " << lz << ", " << quat(a + b) << "]]";
    if (contacts)
      os << R"(, "contacts": [{"point": [0.3, 0, 0], "force": [0, 0, )" << 20 + 10 * std::sin(5 * t)
         << R"(], "bodies": [0, 1]}])";
    os << "}";
  }
  os << "\n  ]\n}\n";
  return os.str();
}

// A fresh, empty folder under the system temp directory.
inline std::filesystem::path freshTempDir(const std::string& stem) {
  std::random_device rd;
  const auto dir = std::filesystem::temp_directory_path() / (stem + "-" + std::to_string(rd()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void writeText(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

}  // namespace articula::test
