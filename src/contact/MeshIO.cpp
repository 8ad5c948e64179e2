#include "articula/contact/MeshIO.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>
#include <vector>

#include "articula/Error.h"
#include "articula/files/FileInput.h"

namespace articula {

namespace {

[[noreturn]] void fail(const std::string& path, int line, const std::string& what) {
  std::ostringstream os;
  os << "mesh file '" << path << "'";
  if (line > 0) os << ", line " << line;
  os << ": " << what;
  throw Error(os.str());
}

// Regular files only, within the input size limit (articula/files/FileInput.h).
std::string readBytes(const std::string& path) {
  try {
    return files::readInputFile(path);
  } catch (const files::InputFileError& e) {
    fail(path, 0, e.problem());
  }
}

Real parseReal(const std::string& token, const std::string& path, int line, const char* what) {
  size_t used = 0;
  Real value = 0;
  try {
    value = std::stod(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != token.size() || !std::isfinite(value))
    fail(path, line, std::string(what) + " '" + token + "' is not a finite number");
  return value;
}

Vec3 parseVec3(std::istringstream& words, const std::string& path, int line, const char* what) {
  Vec3 v;
  for (int k = 0; k < 3; ++k) {
    std::string token;
    if (!(words >> token)) fail(path, line, std::string(what) + " needs 3 coordinates, found " + std::to_string(k));
    v[k] = parseReal(token, path, line, what);
  }
  return v;
}

// A face is degenerate when its area is negligible against the squared size of the whole mesh:
// checked here so the error can name the line (TriangleMesh would name only the face).
void checkFaces(const std::string& path, const std::vector<Vec3>& v, const std::vector<std::array<int, 3>>& faces,
                const std::vector<int>& lines) {
  if (faces.empty()) fail(path, 0, "no faces");
  Vec3 lo = v[0], hi = v[0];
  for (const Vec3& p : v) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  const Real size2 = (hi - lo).squaredNorm();
  for (size_t f = 0; f < faces.size(); ++f) {
    const Vec3 &a = v[faces[f][0]], &b = v[faces[f][1]], &c = v[faces[f][2]];
    if (!((b - a).cross(c - a).norm() > 2e-14 * size2)) {
      std::ostringstream os;
      os << "degenerate triangle (zero area) with vertices (" << a.transpose() << "), (" << b.transpose() << "), ("
         << c.transpose() << ")";
      fail(path, lines[f], os.str());
    }
  }
}

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

int parseObjIndex(const std::string& token, int numVertices, const std::string& path, int line) {
  const std::string first = token.substr(0, token.find('/'));
  long value = 0;
  size_t used = 0;
  try {
    value = std::stol(first, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != first.size()) fail(path, line, "face vertex '" + token + "' is not an index");
  const long index = value > 0 ? value - 1 : numVertices + value;  // negative: relative to the end
  if (value == 0 || index < 0 || index >= numVertices) {
    std::ostringstream os;
    os << "face vertex index " << value << " is outside 1.." << numVertices << " (vertices defined so far)";
    fail(path, line, os.str());
  }
  return static_cast<int>(index);
}

// STL vertices are repeated per facet: merge exact duplicates.
struct VertexMerger {
  std::map<std::array<Real, 3>, int> index;
  std::vector<Vec3> vertices;
  int add(const Vec3& p) {
    const auto [it, inserted] = index.try_emplace({p.x(), p.y(), p.z()}, static_cast<int>(vertices.size()));
    if (inserted) vertices.push_back(p);
    return it->second;
  }
};

std::shared_ptr<TriangleMesh> readBinaryStl(const std::string& path, const std::vector<char>& bytes) {
  std::uint32_t count = 0;
  std::memcpy(&count, bytes.data() + 80, 4);
  VertexMerger merger;
  std::vector<std::array<int, 3>> faces(count);
  for (std::uint32_t t = 0; t < count; ++t) {
    const char* rec = bytes.data() + 84 + 50 * static_cast<size_t>(t);
    for (int k = 0; k < 3; ++k) {
      float xyz[3];
      std::memcpy(xyz, rec + 12 + 12 * k, 12);
      const Vec3 p(xyz[0], xyz[1], xyz[2]);
      if (!p.allFinite()) fail(path, 0, "binary triangle " + std::to_string(t) + " has a non-finite vertex");
      faces[t][k] = merger.add(p);
    }
  }
  std::vector<int> lines(count, 0);
  checkFaces(path, merger.vertices, faces, lines);
  return std::make_shared<TriangleMesh>(std::move(merger.vertices), std::move(faces), baseName(path));
}

std::shared_ptr<TriangleMesh> readAsciiStl(const std::string& path, const std::string& text) {
  std::istringstream in(text);
  VertexMerger merger;
  std::vector<std::array<int, 3>> faces;
  std::vector<int> faceLines;
  std::string raw;
  int line = 0, inFacet = 0, facetLine = 0;
  std::array<int, 3> face{};
  bool ended = false;
  while (std::getline(in, raw)) {
    ++line;
    std::istringstream words(raw);
    std::string key;
    if (!(words >> key)) continue;
    if (key == "solid" || key == "outer" || key == "endloop") continue;
    if (key == "facet") {
      if (inFacet) fail(path, line, "'facet' before the previous facet's 'endfacet'");
      inFacet = 1;
      facetLine = line;
    } else if (key == "vertex") {
      if (!inFacet) fail(path, line, "'vertex' outside a facet");
      if (inFacet > 3) fail(path, line, "facet has more than 3 vertices");
      face[inFacet - 1] = merger.add(parseVec3(words, path, line, "vertex"));
      ++inFacet;
    } else if (key == "endfacet") {
      if (inFacet != 4)
        fail(path, line, "facet has " + std::to_string(std::max(inFacet - 1, 0)) + " vertices, needs 3");
      faces.push_back(face);
      faceLines.push_back(facetLine);
      inFacet = 0;
    } else if (key == "endsolid") {
      ended = true;
      break;
    } else {
      fail(path, line, "unexpected keyword '" + key + "'");
    }
  }
  if (inFacet) fail(path, facetLine, "facet is not closed by 'endfacet'");
  if (!ended) fail(path, line, "missing 'endsolid'");
  checkFaces(path, merger.vertices, faces, faceLines);
  return std::make_shared<TriangleMesh>(std::move(merger.vertices), std::move(faces), baseName(path));
}

}  // namespace

std::shared_ptr<TriangleMesh> readObjMesh(const std::string& path) {
  std::istringstream in(readBytes(path));
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> faces;
  std::vector<int> faceLines;
  std::string raw;
  int line = 0;
  while (std::getline(in, raw)) {
    ++line;
    std::istringstream words(raw);
    std::string key;
    if (!(words >> key) || key[0] == '#') continue;
    if (key == "v") {
      vertices.push_back(parseVec3(words, path, line, "vertex"));
    } else if (key == "f") {
      std::vector<int> poly;
      std::string token;
      while (words >> token) poly.push_back(parseObjIndex(token, static_cast<int>(vertices.size()), path, line));
      if (poly.size() < 3) fail(path, line, "face has " + std::to_string(poly.size()) + " vertices, needs at least 3");
      for (size_t k = 1; k + 1 < poly.size(); ++k) {  // fan
        faces.push_back({poly[0], poly[k], poly[k + 1]});
        faceLines.push_back(line);
      }
    }
  }
  checkFaces(path, vertices, faces, faceLines);
  return std::make_shared<TriangleMesh>(std::move(vertices), std::move(faces), baseName(path));
}

std::shared_ptr<TriangleMesh> readStlMesh(const std::string& path) {
  const std::string text = readBytes(path);
  const std::vector<char> bytes(text.begin(), text.end());
  if (bytes.size() >= 84) {
    std::uint32_t count = 0;
    std::memcpy(&count, bytes.data() + 80, 4);
    if (bytes.size() == 84 + 50 * static_cast<size_t>(count)) return readBinaryStl(path, bytes);
  }
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text.compare(start, 5, "solid") != 0) {
    std::ostringstream os;
    os << "neither ASCII STL (no leading 'solid') nor binary STL (size " << bytes.size()
       << " bytes is not 84 + 50 x the triangle count in the header)";
    fail(path, 0, os.str());
  }
  return readAsciiStl(path, text);
}

std::shared_ptr<TriangleMesh> readMesh(const std::string& path) {
  const size_t dot = path.find_last_of('.');
  std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == "obj") return readObjMesh(path);
  if (ext == "stl") return readStlMesh(path);
  fail(path, 0, "unknown mesh extension '" + ext + "' (expected .obj or .stl)");
}

}  // namespace articula
