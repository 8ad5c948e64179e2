// articula info / validate / convert.
#include <cstdio>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "Commands.h"
#include "articula/model/JointTypes.h"
#include "articula/model/ModelBuilder.h"
#include "articula/model/ModelFile.h"

namespace articula::app {

namespace {

Real totalMass(const model::ModelSpec& m) {
  Real mass = 0;
  for (const auto& b : m.bodies) mass += b.mass;
  return mass;
}

std::string coordinateList(const model::JointSpec& j) {
  std::string s;
  for (const auto& c : model::jointCoordinates(j).q) s += (s.empty() ? "" : " ") + c.name;
  return s;
}

void printBody(const model::BodySpec& b, size_t depth) {
  const std::string coords = coordinateList(b.joint);
  // Indented up to 16 levels; deeper, the level is written out (a 10^5-body chain stays 10^5 lines).
  const std::string indent = depth <= 16 ? std::string(2 * depth, ' ')
                                         : std::string(32, ' ') + "(" + std::to_string(depth) + ") ";
  std::printf("  %s%s  %.4g kg  [%s \"%s\"%s%s]%s\n", indent.c_str(), b.name.c_str(), b.mass,
              model::nameOf(b.joint.type).c_str(), b.joint.name.c_str(), coords.empty() ? "" : ": ", coords.c_str(),
              b.geometry.empty() ? "" : ("  " + std::to_string(b.geometry.size()) + " geometry").c_str());
}

// Depth first in file order, without recursion (trees may be 10^5 deep).
void printTree(const model::ModelSpec& m) {
  std::unordered_map<std::string_view, std::vector<size_t>> children;
  for (size_t i = 0; i < m.bodies.size(); ++i) children[m.bodies[i].joint.parent].push_back(i);
  std::printf("Tree (body, mass, [joint type \"name\": coordinates]):\n  ground\n");
  std::vector<std::pair<size_t, size_t>> stack;  // body, depth
  const auto pushChildren = [&](std::string_view parent, size_t depth) {
    const auto it = children.find(parent);
    if (it == children.end()) return;
    for (auto c = it->second.rbegin(); c != it->second.rend(); ++c) stack.push_back({*c, depth});
  };
  pushChildren("ground", 1);
  while (!stack.empty()) {
    const auto [i, depth] = stack.back();
    stack.pop_back();
    printBody(m.bodies[i], depth);
    pushChildren(m.bodies[i].name, depth + 1);
  }
}

void printConstraints(const model::ModelSpec& m, const model::BuiltModel& built) {
  for (size_t i = 0; i < m.bodies.size(); ++i)
    if (!m.bodies[i].joint.motion.empty())
      std::printf("Prescribed motion: joint \"%s\" (%s level)\n", m.bodies[i].joint.name.c_str(),
                  model::nameOf(m.bodies[i].joint.motion.front().level).c_str());
  if (m.constraints.empty()) return;
  std::printf(
      "Constraints (%zu, %d equations, %d independent: %d degrees of freedom left; initial state assembled in %d "
      "iterations, q moved by at most %.3g):\n",
      m.constraints.size(), built.constraintEquations, built.independentConstraintEquations,
      built.system->getMatter().getNU() - built.independentConstraintEquations, built.assemblyIterations,
      built.assemblyChange);
  for (const auto& c : m.constraints) std::printf("  %s \"%s\"\n", model::nameOf(c.type).c_str(), c.name.c_str());
}

}  // namespace

int infoCommand(const std::string& file, const model::LoadOptions& load) {
  try {
    const model::ModelSpec m = model::loadModelFile(file, load);
    const model::BuiltModel built = model::buildModel(m, file);
    const auto& matter = built.system->getMatter();
    size_t geometry = 0;
    for (const auto& b : m.bodies) geometry += b.geometry.size();
    std::printf("Model %s (%s, %s format)\n", m.name.c_str(), file.c_str(), model::nameOf(m.sourceFormat).c_str());
    if (!m.description.empty()) std::printf("  %s\n", m.description.c_str());
    std::printf("  %zu bodies, %d degrees of freedom (%d coordinates), total mass %.4g kg, %zu geometry shapes\n",
                m.bodies.size(), matter.getNU(), matter.getNQ(), totalMass(m), geometry);
    std::printf("  gravity [%g, %g, %g] m/s^2, %zu force elements, %zu contact materials\n", m.gravity[0], m.gravity[1],
                m.gravity[2], m.forces.size(), m.contactMaterials.size());
    if (built.contact)
      std::printf("  contact: %d surfaces (%s), self-contact %s, excluded joint distance %d\n",
                  built.contact->getNumSurfaces(), m.contact.ground ? "with the floor" : "no floor",
                  m.contact.selfContact ? "on" : "off", m.contact.excludedJointDistance);
    printTree(m);
    if (!m.forces.empty()) std::printf("Forces:\n");
    for (const auto& f : m.forces) std::printf("  %s \"%s\"\n", model::nameOf(f.type).c_str(), f.name.c_str());
    printConstraints(m, built);
    const auto& s = m.scenario;
    std::printf("Scenario: %g s, %s, %s %g, reports every %g s\n", s.duration, model::nameOf(s.integrator).c_str(),
                s.fixedStep > 0 ? "fixed step" : "accuracy", s.fixedStep > 0 ? s.fixedStep : s.accuracy,
                s.reportInterval);
    for (const auto& w : m.warnings) std::printf("warning: %s\n", w.c_str());
    return kSuccess;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
}

int validateCommand(const std::string& file, bool quiet, const model::LoadOptions& load) {
  try {
    const model::ModelSpec m = model::loadModelFile(file, load);
    const model::BuiltModel built = model::buildModel(m, file);
    if (!quiet) {
      for (const auto& w : m.warnings) std::printf("warning: %s: %s\n", file.c_str(), w.c_str());
      std::printf("%s: valid (%zu bodies, %d degrees of freedom, %.4g kg", file.c_str(), m.bodies.size(),
                  built.system->getMatter().getNU(), totalMass(m));
      if (!m.constraints.empty())
        std::printf("; %zu constraints with %d equations, initial state assembled", m.constraints.size(),
                    built.constraintEquations);
      std::printf(")\n");
    }
    return kSuccess;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
}

int convertCommand(const std::string& input, const std::string& output, bool quiet, const model::LoadOptions& load) {
  model::ModelSpec m;
  try {
    m = model::loadModelFile(input, load);
    model::buildModel(m, input);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  try {
    model::saveModelFile(m, output);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kOutputError;
  }
  if (!quiet) {
    for (const auto& w : m.warnings) std::printf("warning: %s: %s\n", input.c_str(), w.c_str());
    std::printf("wrote %s (%zu bodies, Articula model format version 1)\n", output.c_str(), m.bodies.size());
  }
  return kSuccess;
}

}  // namespace articula::app
