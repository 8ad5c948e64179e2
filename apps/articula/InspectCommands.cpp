// articula info / validate / convert.
#include <cstdio>
#include <functional>

#include "Commands.h"
#include "articula/io/JointTypes.h"
#include "articula/io/ModelBuilder.h"
#include "articula/io/ModelFile.h"

namespace articula::app {

namespace {

Real totalMass(const io::ModelSpec& m) {
  Real mass = 0;
  for (const auto& b : m.bodies) mass += b.mass;
  return mass;
}

std::string coordinateList(const io::JointSpec& j) {
  std::string s;
  for (const auto& c : io::jointCoordinates(j).q) s += (s.empty() ? "" : " ") + c.name;
  return s;
}

void printTree(const io::ModelSpec& m) {
  std::function<void(const std::string&, int)> children = [&](const std::string& parent, int depth) {
    for (const auto& b : m.bodies) {
      if (b.joint.parent != parent) continue;
      const std::string coords = coordinateList(b.joint);
      std::printf("  %*s%s  %.4g kg  [%s \"%s\"%s%s]%s\n", 2 * depth, "", b.name.c_str(), b.mass, b.joint.type.c_str(),
                  b.joint.name.c_str(), coords.empty() ? "" : ": ", coords.c_str(),
                  b.geometry.empty() ? "" : ("  " + std::to_string(b.geometry.size()) + " geometry").c_str());
      children(b.name, depth + 1);
    }
  };
  std::printf("Tree (body, mass, [joint type \"name\": coordinates]):\n  ground\n");
  children("ground", 1);
}

}  // namespace

int infoCommand(const std::string& file) {
  try {
    const io::ModelSpec m = io::loadModelFile(file);
    const io::BuiltModel built = io::buildModel(m, file);
    const auto& matter = built.system->getMatter();
    size_t geometry = 0;
    for (const auto& b : m.bodies) geometry += b.geometry.size();
    std::printf("Model %s (%s, %s format)\n", m.name.c_str(), file.c_str(), m.sourceFormat.c_str());
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
    for (const auto& f : m.forces) std::printf("  %s \"%s\"\n", f.type.c_str(), f.name.c_str());
    const auto& s = m.scenario;
    std::printf("Scenario: %g s, %s, %s %g, reports every %g s\n", s.duration, s.integrator.c_str(),
                s.fixedStep > 0 ? "fixed step" : "accuracy", s.fixedStep > 0 ? s.fixedStep : s.accuracy, s.reportInterval);
    for (const auto& w : m.warnings) std::printf("warning: %s\n", w.c_str());
    return kSuccess;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
}

int validateCommand(const std::string& file, bool quiet) {
  try {
    const io::ModelSpec m = io::loadModelFile(file);
    const io::BuiltModel built = io::buildModel(m, file);
    if (!quiet) {
      for (const auto& w : m.warnings) std::printf("warning: %s: %s\n", file.c_str(), w.c_str());
      std::printf("%s: valid (%zu bodies, %d degrees of freedom, %.4g kg)\n", file.c_str(), m.bodies.size(),
                  built.system->getMatter().getNU(), totalMass(m));
    }
    return kSuccess;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
}

int convertCommand(const std::string& input, const std::string& output, bool quiet) {
  io::ModelSpec m;
  try {
    m = io::loadModelFile(input);
    io::buildModel(m, input);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kBadInput;
  }
  try {
    io::saveModelFile(m, output);
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
