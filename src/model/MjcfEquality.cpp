// MJCF equality constraints (MjcfEquality.h).
#include "MjcfEquality.h"

#include "MjcfFrames.h"

namespace articula::model::mjcf {
namespace {

const MjBody& bodyNamed(const Context& c, const XMLElement* el, const char* key, const char* fallback) {
  static const MjBody world;
  const char* v = el->Attribute(key);
  if (!v && !fallback) c.xml.fail(el, describe(el) + " " + key, "", std::string("missing attribute \"") + key + "\"");
  const std::string name = v ? v : fallback;
  if (name == "world") return world;
  for (const MjBody& b : c.bodies)
    if (b.name == name) return b;
  c.xml.fail(el, describe(el) + " " + key, name, "no body of this name");
}

std::string ownerOf(const MjBody& b) { return b.owner.empty() ? std::string("ground") : b.owner; }

void putFrame(ConstraintSpec& s, const std::string& key, const Transform& X) {
  const Vec4 q = X.R().toQuaternion().asVec4();
  s.numbers[key + ".position"] = {X.p()[0], X.p()[1], X.p()[2]};
  s.numbers[key + ".orientation"] = {q[0], q[1], q[2], q[3]};
}

// connect: the anchor on body1 and the same point on body2 at the rest pose.
void connect(const Context& c, const XMLElement* el, const std::string& cls, const MjBody& b1, const MjBody& b2,
             ConstraintSpec& s) {
  s.type = ConstraintType::Ball;
  if (!c.at.get(el, cls, "anchor")) c.xml.fail(el, describe(el) + " anchor", "", "missing attribute \"anchor\"");
  const Vec3 anchor = c.at.vec3(el, cls, "anchor", Vec3::Zero());
  const Transform X_21 = b2.X_WB.inverse() * b1.X_WB;
  const Vec3 s1 = b1.X_OB * anchor, s2 = b2.X_OB * (X_21 * anchor);
  s.numbers["station1"] = {s1[0], s1[1], s1[2]};
  s.numbers["station2"] = {s2[0], s2[1], s2[2]};
}

// weld: body2's frame in body1's as at the rest pose, or as relpose gives it (a zero quaternion: the rest pose).
void weld(const Context& c, const XMLElement* el, const std::string& cls, const MjBody& b1, const MjBody& b2,
          ConstraintSpec& s) {
  s.type = ConstraintType::Weld;
  Transform X_12 = b1.X_WB.inverse() * b2.X_WB;
  if (c.at.get(el, cls, "relpose")) {
    const std::vector<Real> r = c.at.numbers(el, cls, "relpose", 7, 7);
    const Vec4 q(r[3], r[4], r[5], r[6]);
    if (q.norm() > 0) X_12 = Transform(fromQuat(q), Vec3(r[0], r[1], r[2]));
  }
  putFrame(s, "frame1", b1.X_OB * X_12);
  putFrame(s, "frame2", b2.X_OB);
}

const MjJoint* jointNamed(const Context& c, const XMLElement* el, const char* key) {
  const char* v = el->Attribute(key);
  if (!v) return nullptr;
  for (const MjBody& b : c.bodies)
    for (const MjJoint& j : b.joints)
      if (j.name == v) {
        if (j.type != MjJointType::Hinge && j.type != MjJointType::Slide)
          c.xml.fail(el, describe(el) + " " + key, v, "a joint equality couples hinge and slide joints only");
        return &j;
      }
  c.xml.fail(el, describe(el) + " " + key, v, "no joint of this name");
}

// joint: q1 - ref1 = a0 + a1 (q2 - ref2) (joint2 absent: q1 - ref1 = a0).
void couple(const Context& c, const XMLElement* el, const std::string& cls, ConstraintSpec& s) {
  s.type = ConstraintType::CoordinateCoupler;
  const MjJoint* j1 = jointNamed(c, el, "joint1");
  if (!j1) c.xml.fail(el, describe(el) + " joint1", "", "missing attribute \"joint1\"");
  const MjJoint* j2 = jointNamed(c, el, "joint2");
  const std::vector<Real> p = c.at.get(el, cls, "polycoef") ? c.at.numbers(el, cls, "polycoef", 5, 5)
                                                            : std::vector<Real>{0, 1, 0, 0, 0};
  if (j2 && (p[2] != 0 || p[3] != 0 || p[4] != 0))
    c.xml.fail(el, describe(el) + " polycoef", c.at.get(el, cls, "polycoef"),
               "only the linear part (a0 + a1 x) can be represented (a coordinate_coupler of linear form)");
  FunctionSpec fn;
  fn.type = FunctionType::Linear;
  fn.args = {j1->joint + "." + j1->coordinate};
  if (j2) {
    fn.args.push_back(j2->joint + "." + j2->coordinate);
    fn.coefficients = {1, -p[1], -(j1->ref + p[0]) + p[1] * j2->ref};
  } else {
    fn.coefficients = {1, -(j1->ref + p[0])};
  }
  s.function.push_back(fn);
}

}  // namespace

void readEquality(Context& c, const XMLElement* el) {
  const std::string kind = el->Name();
  const std::string cls = c.at.classOf(el, "main");
  if (kind != "connect" && kind != "weld" && kind != "joint") return c.report.skip(el);
  c.report.unknownAttributes(
      el, {"name", "class", "active", "body1", "body2", "anchor", "relpose", "joint1", "joint2", "polycoef"});
  for (const char* k : {"solref", "solimp"})
    if (!el->Attribute(k) && c.at.get(el, cls, k)) c.report.note(std::string("equality ") + k, el);
  if (!c.at.flag(el, cls, "active", true)) return c.report.skip(el, "equality active=\"false\"");
  ConstraintSpec s;
  const char* n = el->Attribute("name");
  s.name = n ? n : kind + std::to_string(c.m.constraints.size());
  if (kind == "joint") {
    couple(c, el, cls, s);
  } else {
    const MjBody& b1 = bodyNamed(c, el, "body1", nullptr);
    const MjBody& b2 = bodyNamed(c, el, "body2", "world");
    if (ownerOf(b1) == ownerOf(b2)) c.xml.fail(el, describe(el), "", "body1 and body2 are one rigid body");
    s.bodies["body1"] = ownerOf(b1);
    s.bodies["body2"] = ownerOf(b2);
    if (kind == "connect") connect(c, el, cls, b1, b2, s);
    else weld(c, el, cls, b1, b2, s);
  }
  c.m.constraints.push_back(s);
}

}  // namespace articula::model::mjcf
