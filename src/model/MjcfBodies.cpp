// MJCF bodies into Articula bodies (MjcfBodies.h).
#include "MjcfBodies.h"

#include <Eigen/Eigenvalues>
#include <sstream>

#include "MjcfJoints.h"

namespace articula::model::mjcf {
namespace {

bool hasOrientation(const XMLElement* el) {
  for (const char* k : {"quat", "euler", "axisangle", "xyaxes", "zaxis"})
    if (el->Attribute(k)) return true;
  return false;
}

// The inertia tensor in the inertial frame, as given.
Mat33 givenInertia(const Context& c, const XMLElement* el, Real mass) {
  const std::string who = describe(el);
  if (el->Attribute("diaginertia") && el->Attribute("fullinertia"))
    c.xml.fail(el, who, "", "both diaginertia and fullinertia");
  Mat33 I = Mat33::Zero();
  if (el->Attribute("fullinertia")) {
    if (hasOrientation(el)) c.xml.fail(el, who, "", "fullinertia is in the body frame: it takes no orientation");
    const std::vector<Real> f = c.at.numbers(el, "", "fullinertia", 6, 6);
    I << f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2];
  } else if (el->Attribute("diaginertia")) {
    const std::vector<Real> d = c.at.numbers(el, "", "diaginertia", 3, 3);
    I = Vec3(d[0], d[1], d[2]).asDiagonal();
  } else if (mass > 0) {
    c.xml.fail(el, who, "", "missing diaginertia or fullinertia");
  }
  return I;
}

// Positive definite, and the principal moments a triangle (as MuJoCo 2.2.2 requires).
void checkInertia(const Context& c, const XMLElement* el, const Mat33& I) {
  const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(I).eigenvalues();
  std::ostringstream moments;
  moments << " (principal moments " << ev[0] << ", " << ev[1] << ", " << ev[2] << ")";
  const Real atol = 1e-10 * I.cwiseAbs().maxCoeff();
  const std::string value = el->Attribute("fullinertia") ? el->Attribute("fullinertia") : el->Attribute("diaginertia");
  if (!(ev[0] > 0)) c.xml.fail(el, describe(el), value, "the inertia is not positive definite" + moments.str());
  if (ev[0] + ev[1] < ev[2] - atol)
    c.xml.fail(el, describe(el), value, "the principal moments violate the triangle inequality" + moments.str());
}

// A massless body without joints: its frame and geometry go to its parent's Articula body.
void merge(Context& c, MjBody& b, const std::string& parentOwner, const Transform& X0) {
  b.owner = parentOwner;
  b.X_OB = X0;
  for (GeometrySpec g : b.geometry) {
    if (b.owner.empty()) {
      c.report.skip(b.el, "geometry of a massless body welded to the world");
      break;
    }
    g.pose = frameOf(X0 * g.pose.transform());
    c.m.bodies[static_cast<size_t>(c.m.findBody(b.owner))].geometry.push_back(g);
  }
}

void checkMass(const Context& c, const MjBody& b) {
  if (!(b.mass.mass > 0))
    c.xml.fail(b.el, describe(b.el), b.name, "a moving body without mass (give it an <inertial> or geoms with volume)");
  const Vec3 ev = Eigen::SelfAdjointEigenSolver<Mat33>(b.mass.inertia).eigenvalues();
  if (!(ev[0] > 1e-14 * ev[2]))
    c.xml.fail(b.el, describe(b.el), b.name, "the body's inertia is not positive definite (point mass or thin rod)");
}

BodySpec bodySpecOf(const MjBody& b) {
  BodySpec s;
  s.name = b.name;
  s.source = lineOf(b.el);
  s.mass = b.mass.mass;
  s.massCenter = b.mass.com;
  s.inertia = b.mass.inertia;
  s.geometry = b.geometry;
  return s;
}

// The body's children read: inertial, joints, geoms (child bodies returned, read after it).
std::vector<const XMLElement*> readContents(Context& c, Geoms& geoms, const XMLElement* el, const std::string& cls,
                                            MjBody& b, MassBody& fromGeoms, const XMLElement*& inertial) {
  std::vector<const XMLElement*> children;
  c.xml.forEachChild(el, [&](const XMLElement* e) {
    const std::string kind = e->Name();
    if (kind == "body") {
      children.push_back(e);
    } else if (kind == "inertial") {
      if (inertial) c.xml.fail(e, describe(el) + " <inertial>", "", "a second <inertial>");
      inertial = e;
    } else if (kind == "joint" || kind == "freejoint") {
      b.joints.push_back(readJoint(c, e, c.at.classOf(e, cls), b));
    } else if (kind == "geom") {
      geoms.read(e, c.at.classOf(e, cls), b, fromGeoms);
    } else {
      c.report.skip(e);
    }
  });
  return children;
}

// The body's mass: its <inertial>, or its geoms', as inertiafromgeom says.
void setMass(Context& c, MjBody& b, const XMLElement* inertial, const MassBody& fromGeoms) {
  const Compiler::FromGeom from = c.compiler.fromGeom;
  if (inertial && from != Compiler::FromGeom::True) readInertial(c, inertial, b);
  else if (from != Compiler::FromGeom::False) b.mass = fromGeoms;
  if (inertial && from == Compiler::FromGeom::True)
    c.report.skip(inertial, "inertial (replaced by the geoms': inertiafromgeom=\"true\")");
}

}  // namespace

void readInertial(Context& c, const XMLElement* el, MjBody& b) {
  c.report.unknownAttributes(
      el, {"pos", "quat", "axisangle", "euler", "xyaxes", "zaxis", "mass", "diaginertia", "fullinertia"});
  Transform X = c.at.frame(el, "");
  if (c.compiler.global) X = b.X_WB.inverse() * X;
  b.mass.mass = c.at.numbers(el, "", "mass", 1, 1)[0];
  if (b.mass.mass < 0) c.xml.fail(el, describe(el) + " mass", el->Attribute("mass"), "must not be negative");
  b.mass.com = X.p();
  const Mat33 I = givenInertia(c, el, b.mass.mass);
  if (b.mass.mass > 0) checkInertia(c, el, I);
  const Mat33& R = X.R().matrix();
  b.mass.inertia = R * I * R.transpose();
}

void readBody(Context& c, Geoms& geoms, const XMLElement* el, int parent, const std::string& inherited) {
  MjBody b;
  b.el = el;
  b.parent = parent;
  c.report.unknownAttributes(el, {"name", "childclass", "pos", "quat", "axisangle", "euler", "xyaxes", "zaxis"});
  const char* childclass = el->Attribute("childclass");
  if (childclass && !c.defaults.has(childclass))
    c.xml.fail(el, describe(el) + " childclass", childclass, "no <default> class of this name");
  const std::string cls = childclass ? childclass : inherited;
  const char* n = el->Attribute("name");
  b.name = n ? n : "body" + std::to_string(c.bodies.size() + 1);  // MuJoCo's body index
  for (const MjBody& o : c.bodies)
    if (o.name == b.name)
      c.xml.fail(el, describe(el) + " name", b.name, "a second body of this name (first at " + lineOf(o.el) + ")");
  const Transform X_WP = parent < 0 ? Transform() : c.bodies[static_cast<size_t>(parent)].X_WB;
  const Transform X = c.at.frame(el, "");
  b.X_PB = c.compiler.global ? X_WP.inverse() * X : X;
  b.X_WB = X_WP * b.X_PB;
  MassBody fromGeoms;
  const XMLElement* inertial = nullptr;
  const std::vector<const XMLElement*> children = readContents(c, geoms, el, cls, b, fromGeoms, inertial);
  setMass(c, b, inertial, fromGeoms);
  c.bodies.push_back(b);
  const int index = static_cast<int>(c.bodies.size()) - 1;
  for (const XMLElement* child : children) readBody(c, geoms, child, index, cls);
}

void addBody(Context& c, MjBody& b) {
  const MjBody* p = b.parent < 0 ? nullptr : &c.bodies[static_cast<size_t>(b.parent)];
  const std::string parentOwner = p ? p->owner : "";
  const Transform X0 = (p ? p->X_OB : Transform()) * b.X_PB;  // the rest pose in the parent's Articula body
  if (b.joints.empty() && !(b.mass.mass > 0)) return merge(c, b, parentOwner, X0);
  checkMass(c, b);
  b.owner = b.name;
  b.X_OB = Transform();
  BodySpec s = bodySpecOf(b);
  const std::string parentName = parentOwner.empty() ? "ground" : parentOwner;
  if (!b.joints.empty()) return addJoints(c, b, s, parentName, X0);
  s.joint.name = b.name;
  s.joint.type = JointType::Weld;
  s.joint.parent = parentName;
  s.joint.parentFrame = frameOf(X0);
  s.joint.source = s.source;
  c.m.bodies.push_back(s);
}

}  // namespace articula::model::mjcf
