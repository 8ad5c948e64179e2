// A test mesh: the icosahedron subdivided `levels` times and projected onto the unit sphere
// (20 · 4^levels faces, counter-clockwise seen from outside). Midpoints are not shared between
// faces; the duplicated vertices are harmless for contact.
#pragma once
#include <array>
#include <cmath>
#include <vector>

#include "articula/math/Types.h"

namespace articula::testing {

struct Icosphere {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> faces;
};

inline Icosphere makeIcosphere(int levels) {
  const Real t = (1 + std::sqrt(5.0)) / 2;
  Icosphere m;
  m.vertices = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  m.faces = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
             {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
             {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (auto& p : m.vertices) p.normalize();
  for (int l = 0; l < levels; ++l) {
    std::vector<std::array<int, 3>> next;
    for (const auto& tri : m.faces) {
      int mid[3];
      for (int e = 0; e < 3; ++e) {
        m.vertices.push_back((m.vertices[tri[e]] + m.vertices[tri[(e + 1) % 3]]).normalized());
        mid[e] = static_cast<int>(m.vertices.size()) - 1;
      }
      next.push_back({tri[0], mid[0], mid[2]});
      next.push_back({tri[1], mid[1], mid[0]});
      next.push_back({tri[2], mid[2], mid[1]});
      next.push_back({mid[0], mid[1], mid[2]});
    }
    m.faces = std::move(next);
  }
  return m;
}

}  // namespace articula::testing
