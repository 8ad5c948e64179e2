#include "mjcf.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace articula::bench {

namespace {

constexpr int kBodiesPerFile = 40;  // nesting per file, well below the parser's limit

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}
std::string vec(const V3& v) { return num(v[0]) + " " + num(v[1]) + " " + num(v[2]); }

class Writer {
 public:
  explicit Writer(const ModelSpec& spec) : spec_(spec), children_(spec.bodies.size()) {
    for (size_t i = 0; i < spec.bodies.size(); ++i)
      (spec.bodies[i].parent < 0 ? roots_ : children_[spec.bodies[i].parent]).push_back(static_cast<int>(i));
  }

  std::vector<std::pair<std::string, std::string>> write() {
    std::ostringstream x;
    x << "<mujoco model=\"" << spec_.name << "\">\n"
      << "<option gravity=\"" << vec(spec_.gravity) << "\"><flag contact=\"disable\"/></option>\n"
      << "<worldbody>\n";
    for (int r : roots_) body(x, r, 1);
    x << "</worldbody>\n</mujoco>\n";
    files_.insert(files_.begin(), {"model.xml", x.str()});
    return files_;
  }

 private:
  void body(std::ostringstream& x, int i, int depth) {
    const BodySpec& b = spec_.bodies[i];
    const double h = 0.5 * b.angle_PF, s = std::sin(h);
    x << "<body name=\"b" << i << "\" pos=\"" << vec(b.p_PF) << "\" quat=\"" << num(std::cos(h)) << " "
      << vec({s * b.axis_PF[0], s * b.axis_PF[1], s * b.axis_PF[2]}) << "\">\n"
      << "<inertial pos=\"" << vec(b.com) << "\" mass=\"" << num(b.mass) << "\" diaginertia=\"" << vec(b.centralInertia)
      << "\"/>\n";
    const std::string ja = jointName(i, 0), jb = jointName(i, 1);
    switch (b.joint) {
      case Joint::Pin: x << "<joint name=\"" << ja << "\" type=\"hinge\" axis=\"0 0 1\"/>\n"; break;
      case Joint::Slider: x << "<joint name=\"" << ja << "\" type=\"slide\" axis=\"1 0 0\"/>\n"; break;
      case Joint::Universal:  // x, then the new y: MuJoCo applies a body's joints in order
        x << "<joint name=\"" << ja << "\" type=\"hinge\" axis=\"1 0 0\"/>\n"
          << "<joint name=\"" << jb << "\" type=\"hinge\" axis=\"0 1 0\"/>\n";
        break;
      case Joint::Ball: x << "<joint name=\"" << ja << "\" type=\"ball\"/>\n"; break;
      case Joint::Free:
        // MuJoCo's free joint ignores the body's pos/quat: F must be Ground's frame.
        if (b.parent >= 0 || b.angle_PF != 0 || b.p_PF != V3{0, 0, 0})
          throw std::runtime_error("MJCF: free joint of " + b.name + " needs X_PF = identity in Ground");
        x << "<joint name=\"" << ja << "\" type=\"free\"/>\n";
        break;
    }
    if (!children_[i].empty() && depth >= kBodiesPerFile) {
      // Continue this subtree in a file of its own.
      std::ostringstream part;
      part << "<mujoco>\n";
      for (int c : children_[i]) body(part, c, 1);
      part << "</mujoco>\n";
      const std::string name = "part" + std::to_string(files_.size() + 1) + ".xml";
      files_.push_back({name, part.str()});
      x << "<include file=\"" << name << "\"/>\n";
    } else {
      for (int c : children_[i]) body(x, c, depth + 1);
    }
    x << "</body>\n";
  }

  const ModelSpec& spec_;
  std::vector<int> roots_;
  std::vector<std::vector<int>> children_;
  std::vector<std::pair<std::string, std::string>> files_;  // included parts
};

}  // namespace

std::string jointName(int body, int k) {
  // snprintf rather than string operator+, which trips GCC 12's false -Wrestrict at -O3.
  char buf[32];
  std::snprintf(buf, sizeof buf, "j%d%c", body, k ? 'b' : 'a');
  return buf;
}

std::vector<std::pair<std::string, std::string>> toMjcfFiles(const ModelSpec& spec) { return Writer(spec).write(); }

}  // namespace articula::bench
