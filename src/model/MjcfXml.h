// The XML of an MJCF model (MjcfImport): the file and its <include>d files, parsed with tinyxml2
// (which keeps every element's line number) and kept alive; each element's file and XML path for
// messages; errors naming file, line, element and value.
#pragma once
#include <filesystem>
#include <list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <tinyxml2.h>

#include "articula/model/LoadOptions.h"

namespace articula::model::mjcf {

using tinyxml2::XMLElement;

constexpr int kMaxIncludeDepth = 8;

// `<joint name="elbow">`: the element as messages name it.
std::string describe(const XMLElement* el);

class XmlSource {
 public:
  // `root` names the root element files of the format must have (OpenSim import: "OpenSimDocument").
  XmlSource(const std::string& file, const LoadOptions& options, std::string root = "mujoco",
            std::string format = "an MJCF")
      : file_(file), options_(options), root_(std::move(root)), format_(std::move(format)) {}

  // The root <mujoco> of `text` read from `file`; throws ModelError if not well formed or not MJCF.
  const XMLElement* parse(const std::string& text, const std::string& file);
  // Children in order, each <include> replaced by the included file's children.
  template <class F>
  void forEachChild(const XMLElement* el, F&& f) {
    for (const XMLElement* c = el->FirstChildElement(); c; c = c->NextSiblingElement()) {
      if (std::string(c->Name()) != "include") {
        f(c);
        continue;
      }
      forEachChild(include(c), f);
      includeStack_.pop_back();
    }
  }

  const std::string& file() const { return file_; }  // the model file
  std::string fileOf(const XMLElement* el) const;    // the file holding `el`
  // `mujoco/worldbody/body[torso] (line 12)`, prefixed by an included file's name.
  std::string path(const XMLElement* el) const;
  // Within the model file's folder or an allowed one (--allow-path).
  bool allowed(const std::filesystem::path& p) const;
  [[noreturn]] void fail(const XMLElement* el, const std::string& what, const std::string& value,
                         const std::string& problem) const;

 private:
  const XMLElement* include(const XMLElement* el);

  const std::string& file_;
  const LoadOptions& options_;
  std::string root_, format_;
  std::list<tinyxml2::XMLDocument> docs_;
  std::map<const tinyxml2::XMLDocument*, std::string> docFile_;
  std::vector<std::string> includeStack_;
};

}  // namespace articula::model::mjcf
