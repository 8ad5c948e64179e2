// What the parts of the MJCF import (MjcfImport.cpp) share while reading one file: the XML, the
// report of what is not represented, compiler settings and default classes, the MuJoCo bodies
// and joints as read, and the Articula model being built.
#pragma once
#include <string>
#include <vector>

#include "MjcfDefaults.h"
#include "MjcfInertia.h"
#include "MjcfReport.h"
#include "MjcfXml.h"
#include "articula/model/ModelSpec.h"

namespace articula::model::mjcf {

enum class MjJointType { Hinge, Slide, Ball, Free };

struct MjJoint {
  const XMLElement* el = nullptr;
  std::string name;
  MjJointType type = MjJointType::Hinge;
  Vec3 pos = Vec3::Zero(), axis = Vec3::UnitZ();  // in the body frame
  Real damping = 0, stiffness = 0, springref = 0, ref = 0;
  bool limited = false;
  Real lower = 0, upper = 0;
  // Where it ends up: the Articula body and joint, and the coordinate of a hinge or slide.
  std::string body, joint, coordinate;
};

struct MjBody {
  const XMLElement* el = nullptr;  // nullptr: the world
  std::string name;
  int parent = -1;  // index in Context::bodies, -1: the world
  Transform X_PB, X_WB;
  std::vector<MjJoint> joints;
  MassBody mass;
  std::vector<GeometrySpec> geometry;
  // The Articula body holding it ("" = ground) and this body's frame in it.
  std::string owner;
  Transform X_OB;
};

struct Context {
  Context(const std::string& file, const LoadOptions& options)
      : xml(file, options), report(xml), at(xml, defaults, compiler) {}
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  XmlSource xml;
  Report report;
  Compiler compiler;
  Defaults defaults;
  Attributes at;
  ModelSpec m;
  std::vector<MjBody> bodies;  // in the file's order (parents first), as MuJoCo numbers them
};

inline FrameSpec frameOf(const Transform& X) {
  FrameSpec f;
  f.position = X.p();
  f.orientation = X.R().toQuaternion();
  return f;
}

// "line 12" of an element, for BodySpec::source and JointSpec::source.
inline std::string lineOf(const XMLElement* el) { return "line " + std::to_string(el->GetLineNum()); }

}  // namespace articula::model::mjcf
