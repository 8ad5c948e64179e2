// Triangle mesh readers. Errors are articula::Error naming the file, the line (text formats) and
// the problem; a reader never returns a partial mesh.
//   OBJ: "v x y z" vertices and "f" faces (indices 1-based or negative, forms i, i/t, i/t/n, i//n);
//        polygons are fanned into triangles; other statements (vn, vt, g, o, s, usemtl...) are ignored.
//   STL: ASCII ("solid" ... "facet normal" ... "vertex" x3 ... "endsolid") or binary (80-byte header,
//        triangle count, 50 bytes per triangle), told apart by the file size. Coincident vertices are
//        merged so the mesh is connected; stored normals are ignored (the vertex order defines them).
#pragma once
#include <memory>
#include <string>

#include "articula/contact/TriangleMesh.h"

namespace articula {

std::shared_ptr<TriangleMesh> readObjMesh(const std::string& path);
std::shared_ptr<TriangleMesh> readStlMesh(const std::string& path);
// Chooses the reader by extension (.obj or .stl, any case).
std::shared_ptr<TriangleMesh> readMesh(const std::string& path);

}  // namespace articula
