// SoftwareRenderer: a z-buffered triangle rasterizer with perspective-correct normal
// interpolation and Blinn-Phong shading; the ground is ray-cast per pixel (checkerboard, fog),
// shadows are the shapes' triangles projected onto the ground along the light direction.
#include "articula/render/SoftwareRenderer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "articula/Counted.h"
#include "articula/Error.h"

namespace articula::render {
namespace {

using Eigen::Vector3d;

struct View {
  Vector3d eye, f, r, u;
  double focal, cx, cy, nearZ;

  Vector3d toCamera(const Vector3d& p) const {
    const Vector3d d = p - eye;
    return {d.dot(r), d.dot(u), d.dot(f)};
  }
  // Screen x, y and 1/z of a camera-space point (z > 0).
  Vector3d toScreen(const Vector3d& c) const {
    return {cx + focal * c.x() / c.z(), cy - focal * c.y() / c.z(), 1 / c.z()};
  }
};

// Clips a camera-space triangle (with attributes) against z >= nearZ; returns 0, 3 or 4 vertices.
struct ClipVertex {
  Vector3d cam, normal;
};

int clipNear(const ClipVertex in[3], double nearZ, ClipVertex out[4]) {
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    const ClipVertex& a = in[i];
    const ClipVertex& b = in[(i + 1) % 3];
    const bool ina = a.cam.z() >= nearZ, inb = b.cam.z() >= nearZ;
    if (ina) out[n++] = a;
    if (ina != inb) {
      const double s = (nearZ - a.cam.z()) / (b.cam.z() - a.cam.z());
      out[n++] = {a.cam + s * (b.cam - a.cam), a.normal + s * (b.normal - a.normal)};
    }
  }
  return n;
}

// Calls fn(x, y, l0, l1, l2) for every pixel centre inside the screen triangle (s0, s1, s2),
// with screen-space barycentric weights.
template <class Fn>
void rasterize(const Vector3d& s0, const Vector3d& s1, const Vector3d& s2, int width, int height, Fn&& fn) {
  const double area = (s1.x() - s0.x()) * (s2.y() - s0.y()) - (s2.x() - s0.x()) * (s1.y() - s0.y());
  if (std::abs(area) < 1e-12) return;
  const int x0 = std::max(0, int(std::floor(std::min({s0.x(), s1.x(), s2.x()}))));
  const int x1 = std::min(width - 1, int(std::ceil(std::max({s0.x(), s1.x(), s2.x()}))));
  const int y0 = std::max(0, int(std::floor(std::min({s0.y(), s1.y(), s2.y()}))));
  const int y1 = std::min(height - 1, int(std::ceil(std::max({s0.y(), s1.y(), s2.y()}))));
  const double inv = 1 / area;
  for (int y = y0; y <= y1; ++y) {
    const double py = y + 0.5;
    for (int x = x0; x <= x1; ++x) {
      const double px = x + 0.5;
      const double l0 = ((s1.x() - px) * (s2.y() - py) - (s2.x() - px) * (s1.y() - py)) * inv;
      const double l1 = ((s2.x() - px) * (s0.y() - py) - (s0.x() - px) * (s2.y() - py)) * inv;
      const double l2 = 1 - l0 - l1;
      if (l0 < 0 || l1 < 0 || l2 < 0) continue;
      fn(x, y, l0, l1, l2);
    }
  }
}

void horizontalBasis(const Vector3d& up, Vector3d& e1, Vector3d& e2) {
  const Vector3d seed = std::abs(up.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
  e1 = (seed - seed.dot(up) * up).normalized();
  e2 = up.cross(e1);
}

}  // namespace

SoftwareRenderer::SoftwareRenderer(const run::RunTrajectory& run, RenderOptions options)
    : run_(run), options_(options) {
  if (options_.width < 8 || options_.height < 8 || options_.width > 8192 || options_.height > 8192)
    throw Error("render: size " + std::to_string(options_.width) + "x" + std::to_string(options_.height) +
                ": width and height must be in 8..8192");
  if (options_.supersample < 1 || options_.supersample > 4)
    throw Error("render: supersample = " + std::to_string(options_.supersample) + ": must be in 1..4");
  if (run.frames.empty()) throw Error("render: the run has no frames");
  for (std::size_t b = 0; b < run.bodies.size(); ++b) {
    const run::TrajectoryBody& body = run.bodies[b];
    std::vector<run::TrajectoryShape> shapes = body.geometry;
    if (shapes.empty()) {  // a body without geometry shows as a small ball at its mass centre
      run::TrajectoryShape s;
      s.type = model::GeometryType::Sphere;
      s.dims.setConstant(0.03);
      s.position = body.massCenter;
      s.color = body.color;
      shapes.push_back(s);
    }
    for (const run::TrajectoryShape& shape : shapes) {
      BodyMesh m{int(b), tessellateShape(shape), shape.color};
      const Eigen::Matrix3d R = shape.orientation.toRotationMatrix();
      for (Vector3d& p : m.mesh.positions) p = shape.position + R * p;
      for (Vector3d& n : m.mesh.normals) n = R * n;
      meshes_.push_back(std::move(m));
    }
  }
  // Scene bounds from the shapes' vertices over (up to) 200 evenly spaced frames and the last.
  const std::size_t nf = run.frames.size();
  const std::size_t stride = std::max<std::size_t>(1, nf / 200);
  Vector3d lo = Vector3d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  double lowest = std::numeric_limits<double>::infinity();
  double maxForce = 0;
  for (std::size_t k = 0;; k += stride) {
    if (k >= nf) k = nf - 1;
    const run::TrajectoryFrame& frame = run.frames[k];
    for (const BodyMesh& m : meshes_) {
      const run::BodyPose& pose = frame.poses[m.body];
      const Eigen::Matrix3d R = pose.orientation.toRotationMatrix();
      for (const Vector3d& v : m.mesh.positions) {
        const Vector3d w = pose.position + R * v;
        lo = lo.cwiseMin(w);
        hi = hi.cwiseMax(w);
        lowest = std::min(lowest, w.dot(run.up));
      }
    }
    for (const run::ContactArrow& c : frame.contacts) maxForce = std::max(maxForce, c.force.norm());
    if (k == nf - 1) break;
  }
  centre_ = 0.5 * (lo + hi);
  radius_ = std::max(0.05, 0.5 * (hi - lo).norm());
  ground_ = std::min(0.0, lowest);
  for (const run::TrajectoryFrame& frame : run.frames)
    for (const run::ContactArrow& c : frame.contacts) maxForce = std::max(maxForce, c.force.norm());
  arrowScale_ = options_.newtonsPerMetre > 0 ? 1 / options_.newtonsPerMetre
                                             : (maxForce > 0 ? 0.4 * radius_ / maxForce : 0);
}

Image SoftwareRenderer::render(const run::TrajectoryFrame& frame, const Camera& camera) const {
  if (frame.poses.size() != run_.bodies.size())
    throw Error("render: frame at t = " + std::to_string(frame.t) + " has " + std::to_string(frame.poses.size()) +
                " poses for " + counted(static_cast<long long>(run_.bodies.size()), "body", "bodies"));
  const int ss = options_.supersample;
  const int W = options_.width * ss, H = options_.height * ss;
  View view;
  view.eye = camera.eye;
  view.f = camera.target - camera.eye;
  if (view.f.norm() < 1e-12) throw Error("render: camera eye and target coincide");
  view.f.normalize();
  Vector3d up = camera.up.normalized();
  if (std::abs(view.f.dot(up)) > 0.999) up = std::abs(view.f.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
  view.r = view.f.cross(up).normalized();
  view.u = view.r.cross(view.f);
  view.focal = 0.5 * H / std::tan(0.5 * camera.fovYDegrees * std::numbers::pi / 180);
  view.cx = 0.5 * W;
  view.cy = 0.5 * H;
  view.nearZ = 1e-3 * radius_;

  const Vector3d n = run_.up;
  Vector3d e1, e2;
  horizontalBasis(n, e1, e2);
  const Vector3d light = (2.0 * n + 0.6 * e1 - 0.9 * e2).normalized();  // towards the light, fixed in Ground

  std::vector<float> depth(std::size_t(W) * H, std::numeric_limits<float>::infinity());
  std::vector<Vector3d> color(std::size_t(W) * H);
  std::vector<std::uint8_t> isGround(std::size_t(W) * H, 0);

  // Sky and ground, per pixel.
  const Vector3d skyTop(0.86, 0.90, 0.96), horizon(0.96, 0.97, 0.98);
  const double tile = std::pow(10.0, std::floor(std::log10(radius_))) *
                      (radius_ / std::pow(10.0, std::floor(std::log10(radius_))) > 3 ? 1 : 0.5);
  const double eyeHeight = view.eye.dot(n) - ground_;
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x) {
      const Vector3d d = view.f + ((x + 0.5 - view.cx) / view.focal) * view.r -
                         ((y + 0.5 - view.cy) / view.focal) * view.u;
      const std::size_t i = std::size_t(y) * W + x;
      const double elevation = d.normalized().dot(n);
      color[i] = horizon + std::clamp(elevation, 0.0, 1.0) * (skyTop - horizon);
      const double denom = d.dot(n);
      if (std::abs(denom) < 1e-12) continue;
      const double t = -eyeHeight / denom;
      if (t <= 0) continue;
      const Vector3d p = view.eye + t * d;
      const long a = long(std::floor(p.dot(e1) / tile)), b = long(std::floor(p.dot(e2) / tile));
      const double contrast = 0.07 * std::exp(-t / (6 * radius_));
      Vector3d g = Vector3d::Constant(0.74 + (((a + b) & 1) ? contrast : -contrast));
      const double fog = 1 - std::exp(-t / (25 * radius_));
      color[i] = g + fog * (horizon - g);
      depth[i] = float(t);
      isGround[i] = 1;
    }
  }

  // World-space triangles of every body.
  struct WorldMesh {
    std::vector<Vector3d> p, nrm;
    const BodyMesh* source;
  };
  std::vector<WorldMesh> world;
  world.reserve(meshes_.size());
  for (const BodyMesh& m : meshes_) {
    const run::BodyPose& pose = frame.poses[m.body];
    const Eigen::Matrix3d R = pose.orientation.toRotationMatrix();
    WorldMesh w{{}, {}, &m};
    w.p.reserve(m.mesh.positions.size());
    w.nrm.reserve(m.mesh.normals.size());
    for (const Vector3d& v : m.mesh.positions) w.p.push_back(pose.position + R * v);
    for (const Vector3d& v : m.mesh.normals) w.nrm.push_back(R * v);
    world.push_back(std::move(w));
  }

  // Shadows: triangles projected onto the ground along the light, marked where ground is seen.
  if (options_.shadows && eyeHeight > 0 && light.dot(n) > 1e-6) {
    std::vector<std::uint8_t> shadow(std::size_t(W) * H, 0);
    for (const WorldMesh& w : world) {
      for (const auto& tri : w.source->mesh.triangles) {
        ClipVertex cv[3];
        for (int k = 0; k < 3; ++k) {
          const Vector3d& v = w.p[tri[k]];
          const Vector3d onGround = v - light * ((v.dot(n) - ground_) / light.dot(n));
          cv[k] = {view.toCamera(onGround), Vector3d::Zero()};
        }
        ClipVertex poly[4];
        const int count = clipNear(cv, view.nearZ, poly);
        for (int k = 1; k + 1 < count; ++k) {
          rasterize(view.toScreen(poly[0].cam), view.toScreen(poly[k].cam), view.toScreen(poly[k + 1].cam), W, H,
                    [&](int x, int y, double, double, double) { shadow[std::size_t(y) * W + x] = 1; });
        }
      }
    }
    for (std::size_t i = 0; i < shadow.size(); ++i)
      if (shadow[i] && isGround[i]) color[i] *= 0.62;
  }

  // Bodies.
  const double ambient = 0.30, diffuseWeight = 0.70, specularWeight = 0.22;
  for (const WorldMesh& w : world) {
    const Vector3d base = w.source->color;
    for (const auto& tri : w.source->mesh.triangles) {
      ClipVertex cv[3];
      for (int k = 0; k < 3; ++k) cv[k] = {view.toCamera(w.p[tri[k]]), w.nrm[tri[k]]};
      ClipVertex poly[4];
      const int count = clipNear(cv, view.nearZ, poly);
      for (int k = 1; k + 1 < count; ++k) {
        const ClipVertex* v[3] = {&poly[0], &poly[k], &poly[k + 1]};
        const Vector3d s0 = view.toScreen(v[0]->cam), s1 = view.toScreen(v[1]->cam), s2 = view.toScreen(v[2]->cam);
        rasterize(s0, s1, s2, W, H, [&](int x, int y, double l0, double l1, double l2) {
          const double a0 = l0 * s0.z(), a1 = l1 * s1.z(), a2 = l2 * s2.z();
          const double invZ = a0 + a1 + a2;
          const double z = 1 / invZ;
          const std::size_t i = std::size_t(y) * W + x;
          if (!(z < depth[i])) return;
          depth[i] = float(z);
          isGround[i] = 0;
          Vector3d nrm = (a0 * v[0]->normal + a1 * v[1]->normal + a2 * v[2]->normal).normalized();
          const Vector3d toEye = -(view.f + ((x + 0.5 - view.cx) / view.focal) * view.r -
                                   ((y + 0.5 - view.cy) / view.focal) * view.u)
                                      .normalized();
          if (nrm.dot(toEye) < 0) nrm = -nrm;
          const double diffuse = std::max(0.0, nrm.dot(light));
          const double specular = std::pow(std::max(0.0, nrm.dot((light + toEye).normalized())), 40);
          color[i] = base * (ambient + diffuseWeight * diffuse) + Vector3d::Constant(specularWeight * specular);
        });
      }
    }
  }

  // Markers: flat discs where the sphere the viewer draws is in front of what is there.
  if (options_.markers) {
    const double worldRadius = std::min(0.012, 0.01 * radius_);
    for (const run::TrajectoryMarker& marker : run_.markers) {
      Vector3d p = marker.location;
      if (marker.body >= 0) {
        const run::BodyPose& pose = frame.poses[std::size_t(marker.body)];
        p = pose.position + pose.orientation * p;
      }
      const Vector3d c = view.toCamera(p);
      if (c.z() - worldRadius < view.nearZ) continue;
      const Vector3d s = view.toScreen(c);
      const double half = std::max(2.5 * ss, view.focal * worldRadius / c.z());
      const float front = float(c.z() - worldRadius);
      for (int y = int(std::floor(s.y() - half)); y <= int(std::ceil(s.y() + half)); ++y)
        for (int x = int(std::floor(s.x() - half)); x <= int(std::ceil(s.x() + half)); ++x) {
          if (x < 0 || y < 0 || x >= W || y >= H) continue;
          const double dx = x + 0.5 - s.x(), dy = y + 0.5 - s.y();
          const std::size_t i = std::size_t(y) * W + x;
          if (dx * dx + dy * dy <= half * half && front < depth[i]) color[i] = kMarkerColor;
        }
    }
  }

  // Contact arrows and the centre of pressure, drawn over everything.
  if (options_.contactArrows && !frame.contacts.empty() && arrowScale_ > 0) {
    auto plot = [&](double px, double py, double half, const Vector3d& c) {
      for (int y = int(std::floor(py - half)); y <= int(std::ceil(py + half)); ++y)
        for (int x = int(std::floor(px - half)); x <= int(std::ceil(px + half)); ++x)
          if (x >= 0 && y >= 0 && x < W && y < H &&
              (x + 0.5 - px) * (x + 0.5 - px) + (y + 0.5 - py) * (y + 0.5 - py) <= half * half)
            color[std::size_t(y) * W + x] = c;
    };
    auto line = [&](const Vector3d& a, const Vector3d& b, double half, const Vector3d& c) {
      const double len = (b - a).head<2>().norm();
      const int steps = std::max(1, int(len * 2));
      for (int s = 0; s <= steps; ++s) {
        const Vector3d p = a + (double(s) / steps) * (b - a);
        plot(p.x(), p.y(), half, c);
      }
    };
    const Vector3d red(0.85, 0.12, 0.08), yellow(1.0, 0.82, 0.1), dark(0.15, 0.15, 0.15);
    Vector3d cop = Vector3d::Zero();
    double normalSum = 0;
    for (const run::ContactArrow& contact : frame.contacts) {
      const double fn = std::max(0.0, contact.force.dot(n));
      cop += fn * contact.point;
      normalSum += fn;
      const Vector3d a = view.toCamera(contact.point), b = view.toCamera(contact.point + arrowScale_ * contact.force);
      if (a.z() < view.nearZ || b.z() < view.nearZ) continue;
      const Vector3d sa = view.toScreen(a), sb = view.toScreen(b);
      line(sa, sb, 1.2 * ss, red);
      const Eigen::Vector2d dir = (sb - sa).head<2>();
      if (dir.norm() > 1e-9) {
        const Eigen::Vector2d back = -dir.normalized() * (9.0 * ss);
        for (double angle : {0.45, -0.45}) {
          const Eigen::Vector2d wing(back.x() * std::cos(angle) - back.y() * std::sin(angle),
                                     back.x() * std::sin(angle) + back.y() * std::cos(angle));
          line(sb, Vector3d(sb.x() + wing.x(), sb.y() + wing.y(), 0), 1.2 * ss, red);
        }
      }
    }
    if (normalSum > 0) {
      const Vector3d c = view.toCamera(cop / normalSum);
      if (c.z() >= view.nearZ) {
        const Vector3d s = view.toScreen(c);
        plot(s.x(), s.y(), 5.0 * ss, dark);
        plot(s.x(), s.y(), 3.8 * ss, yellow);
      }
    }
  }

  // Average the supersamples down.
  Image out;
  out.width = options_.width;
  out.height = options_.height;
  out.rgb.resize(std::size_t(out.width) * out.height * 3);
  const double norm = 1.0 / (ss * ss);
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      Vector3d sum = Vector3d::Zero();
      for (int dy = 0; dy < ss; ++dy)
        for (int dx = 0; dx < ss; ++dx) sum += color[std::size_t(y * ss + dy) * W + (x * ss + dx)];
      sum *= norm;
      for (int c = 0; c < 3; ++c)
        out.rgb[(std::size_t(y) * out.width + x) * 3 + c] = std::uint8_t(
            std::lround(255 * std::clamp(sum[c], 0.0, 1.0)));
    }
  }
  return out;
}

}  // namespace articula::render
