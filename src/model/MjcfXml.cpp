// MJCF documents, includes and XML paths (MjcfXml.h).
#include "MjcfXml.h"

#include <algorithm>

#include "JsonParse.h"
#include "ReadHelpers.h"
#include "XmlSyntaxError.h"
#include "articula/model/ModelError.h"

namespace articula::model::mjcf {

namespace fs = std::filesystem;

std::string describe(const XMLElement* el) {
  std::string d = std::string("<") + el->Name();
  if (const char* n = el->Attribute("name")) d += std::string(" name=\"") + n + "\"";
  return d + ">";
}

void XmlSource::fail(const XMLElement* el, const std::string& what, const std::string& value,
                     const std::string& problem) const {
  throw ModelError(fileOf(el) + ":" + std::to_string(el ? el->GetLineNum() : 0), what, value, problem);
}

std::string XmlSource::fileOf(const XMLElement* el) const {
  if (!el) return file_;
  const auto it = docFile_.find(el->GetDocument());
  return it == docFile_.end() ? file_ : it->second;
}

const XMLElement* XmlSource::parse(const std::string& text, const std::string& file) {
  tinyxml2::XMLDocument& doc = docs_.emplace_back();
  docFile_[&doc] = file;
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) throw xmlSyntaxError(doc, file);
  const XMLElement* root = doc.RootElement();
  if (!root || root->Name() != root_)
    throw ModelError(file + ":" + std::to_string(root ? root->GetLineNum() : 1), root ? describe(root) : "", "",
                     format_ + " file's root element must be <" + root_ + ">");
  return root;
}

bool XmlSource::allowed(const fs::path& p) const {
  bool ok = isWithin(p, fs::path(file_).parent_path());
  for (const std::string& a : options_.allowedPaths) ok = ok || isWithin(p, a);
  return ok;
}

const XMLElement* XmlSource::include(const XMLElement* el) {
  const char* name = el->Attribute("file");
  if (!name) fail(el, "<include> file", "", "missing attribute \"file\"");
  if (includeStack_.size() >= kMaxIncludeDepth)
    fail(el, "<include> file", name, "includes nest more than " + std::to_string(kMaxIncludeDepth) + " deep");
  const fs::path p = fs::path(fileOf(el)).parent_path() / name;
  if (!fs::is_regular_file(p)) fail(el, "<include> file", name, "no such file " + p.string());
  if (!allowed(p))
    fail(el, "<include> file", name, "outside the model file's folder (allow its folder with --allow-path)");
  const std::string canonical = fs::weakly_canonical(p).string();
  if (std::find(includeStack_.begin(), includeStack_.end(), canonical) != includeStack_.end())
    fail(el, "<include> file", name, "includes itself (a cycle of includes)");
  includeStack_.push_back(canonical);
  return parse(readJsonFileText(p.string()), p.string());
}

std::string XmlSource::path(const XMLElement* el) const {
  std::vector<std::string> parts;
  for (const tinyxml2::XMLNode* n = el; n && n->ToElement(); n = n->Parent()) {
    const XMLElement* e = n->ToElement();
    std::string part = e->Name();
    if (const char* nm = e->Attribute("name")) part += std::string("[") + nm + "]";
    else if (const char* c = e->Attribute("class")) part += std::string("[class=") + c + "]";
    parts.push_back(part);
  }
  std::string s;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) s += (s.empty() ? "" : "/") + *it;
  const std::string f = fileOf(el);
  return (f == file_ ? "" : fs::path(f).filename().string() + ":") + s + " (line " + std::to_string(el->GetLineNum()) +
         ")";
}

}  // namespace articula::model::mjcf
