// MJCF geoms (docs/mjcf.md, "What is read"): shapes and meshes placed in their body, the mass
// they give it (inertiafromgeom), contact materials from their friction, the world's first plane
// as the floor; <asset> meshes by name.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "MjcfContext.h"

namespace articula::model::mjcf {

class Geoms {
 public:
  explicit Geoms(Context& c) : c_(c) {}

  // <asset>: its <mesh> elements by name (unnamed: the file's stem); other assets are noted.
  void readAsset(const XMLElement* el);
  // The <geom> `el` of body `b` (the world if b.el is null): its shape into b.geometry, its mass
  // (if its group counts) combined into `fromGeoms`; a world plane becomes the floor.
  void read(const XMLElement* el, const std::string& cls, MjBody& b, MassBody& fromGeoms);
  // The contact material of a geom of this friction (one per distinct value).
  std::string materialFor(Real friction);

 private:
  struct Properties {
    std::optional<Real> mass;  // given, else from the density
    Real density = 1000;
    bool countsForMass = true;  // its group within inertiagrouprange
    bool contact = true;        // contype or conaffinity non-zero
    Real friction = 1;          // the sliding friction (the first of `friction`)
  };
  Properties properties(const XMLElement* el, const std::string& cls) const;
  std::optional<GeometrySpec> readMesh(const XMLElement* el, const std::string& cls, MassBody& massInGeom, Real density,
                                       std::optional<Real> mass);
  void setFloor(const Transform& X, bool contact, Real friction);
  Transform placement(const XMLElement* el, const std::string& cls, const std::string& type, bool fromto,
                      std::vector<Real>& size, const MjBody& b) const;
  MassBody shape(const XMLElement* el, const std::string& cls, const std::string& type, bool fromto, GeometrySpec& g,
                 const std::vector<Real>& size, Real density, std::optional<Real> mass, const Transform& X) const;
  void noteClassOnly(const XMLElement* el, const std::string& cls);

  Context& c_;
  std::map<std::string, std::pair<const XMLElement*, std::string>> meshes_;  // name -> (element, class)
  std::map<std::string, std::string> frictionMaterial_;
  bool groundSet_ = false;
};

}  // namespace articula::model::mjcf
