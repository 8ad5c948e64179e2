// CameraRig: the subject (moving trees of bodies), the view direction ("auto" looks across the
// main horizontal motion) and, per frame, the target and distance that fit the subject's shape
// vertices in the picture exactly under perspective; follow smooths them over time.
#include "articula/render/CameraRig.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>

#include "articula/Error.h"
#include "articula/render/ShapeTessellation.h"

namespace articula::render {
namespace {

using Eigen::Vector3d;

constexpr double kDegree = std::numbers::pi / 180;
// "auto": the eye is turned from square-on to the motion towards where the subject goes, and
// raised above the horizon, by one of these angles: the pair under which the subject's
// silhouette is tallest relative to its width in its flattest frame (a body lying along the
// motion needs some of each to keep its height in the picture).
constexpr double kAutoAzimuths[] = {30 * kDegree, 40 * kDegree, 50 * kDegree, 60 * kDegree, 70 * kDegree};
constexpr double kAutoElevations[] = {25 * kDegree, 32 * kDegree, 40 * kDegree, 48 * kDegree, 56 * kDegree};
constexpr int kMaxPointsPerBody = 240;

// Horizontal axes of the presets: for z-up scenes "front" looks along +y, "side" along -x.
void presetAxes(const Vector3d& up, Vector3d& front, Vector3d& side) {
  if (std::abs(up.z()) > 0.9) {
    front = -Vector3d::UnitY();
    side = Vector3d::UnitX();
  } else if (std::abs(up.y()) > 0.9) {
    front = Vector3d::UnitZ();
    side = Vector3d::UnitX();
  } else {
    const Vector3d seed = std::abs(up.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
    side = (seed - seed.dot(up) * up).normalized();
    front = up.cross(side);
  }
}

bool parseVector(const std::string& text, Vector3d& out) {
  std::istringstream in(text);
  char comma1 = 0, comma2 = 0;
  double x, y, z;
  if (!(in >> x >> comma1 >> y >> comma2 >> z) || comma1 != ',' || comma2 != ',') return false;
  in >> std::ws;
  if (!in.eof() || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) return false;
  out = {x, y, z};
  return true;
}

Vector3d worldPoint(const run::BodyPose& pose, const Vector3d& local) {
  return pose.position + pose.orientation * local;
}

// The shapes' vertices of every body in its own frame (at most kMaxPointsPerBody per body).
std::vector<std::vector<Vector3d>> bodyShapePoints(const run::RunTrajectory& run) {
  std::vector<std::vector<Vector3d>> points(run.bodies.size());
  for (std::size_t b = 0; b < run.bodies.size(); ++b) {
    const run::TrajectoryBody& body = run.bodies[b];
    std::vector<Vector3d> all;
    for (const run::TrajectoryShape& shape : body.geometry) {
      const TriangleMesh mesh = tessellateShape(shape, 12);
      for (const Vector3d& p : mesh.positions) all.push_back(shape.position + shape.orientation * p);
    }
    if (all.empty()) all.push_back(body.massCenter);  // drawn as a small ball there
    const std::size_t stride = (all.size() + kMaxPointsPerBody - 1) / kMaxPointsPerBody;
    for (std::size_t i = 0; i < all.size(); i += stride) points[b].push_back(all[i]);
  }
  return points;
}

// Bodies of the trees (bodies sharing a root attached to Ground) in which some shape point moves
// by more than 1 % of the scene's size; every body when nothing moves.
std::vector<int> movingBodies(const run::RunTrajectory& run, const std::vector<run::TrajectoryFrame>& frames,
                              const std::vector<std::vector<Vector3d>>& points) {
  const std::size_t n = run.bodies.size();
  std::vector<double> moved(n, 0);
  Vector3d lo = Vector3d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (const run::TrajectoryFrame& frame : frames)
    for (std::size_t b = 0; b < n; ++b)
      for (const Vector3d& p : points[b]) {
        const Vector3d w = worldPoint(frame.poses[b], p);
        lo = lo.cwiseMin(w);
        hi = hi.cwiseMax(w);
        moved[b] = std::max(moved[b], (w - worldPoint(frames.front().poses[b], p)).norm());
      }
  const double threshold = std::max(1e-9, 0.01 * (hi - lo).norm());
  auto rootOf = [&](std::size_t b) {
    for (std::size_t hops = 0; hops < n && !run.bodies[b].parent.empty(); ++hops) {
      const auto it = std::find_if(run.bodies.begin(), run.bodies.end(),
                                   [&](const run::TrajectoryBody& x) { return x.name == run.bodies[b].parent; });
      if (it == run.bodies.end()) break;
      b = std::size_t(it - run.bodies.begin());
    }
    return b;
  };
  std::vector<std::size_t> root(n);
  std::vector<char> treeMoves(n, 0);
  for (std::size_t b = 0; b < n; ++b) {
    root[b] = rootOf(b);
    if (moved[b] > threshold) treeMoves[root[b]] = 1;
  }
  std::vector<int> subject;
  for (std::size_t b = 0; b < n; ++b)
    if (treeMoves[root[b]]) subject.push_back(int(b));
  if (subject.empty())
    for (std::size_t b = 0; b < n; ++b) subject.push_back(int(b));
  return subject;
}

// The height of the points' silhouette (orthographic, along `d`) that fits a picture of
// `aspect`, as a fraction of the height it would have if only the height counted: 1 when the
// height limits, aspect H / W when the width does.
double heightShare(const std::vector<Vector3d>& points, const Vector3d& d, const Vector3d& up, double aspect) {
  const Vector3d u = (up - up.dot(d) * d).normalized(), r = u.cross(d);
  double rlo = 1e300, rhi = -1e300, ulo = 1e300, uhi = -1e300;
  for (const Vector3d& p : points) {
    rlo = std::min(rlo, p.dot(r));
    rhi = std::max(rhi, p.dot(r));
    ulo = std::min(ulo, p.dot(u));
    uhi = std::max(uhi, p.dot(u));
  }
  return rhi > rlo ? std::min(1.0, aspect * (uhi - ulo) / (rhi - rlo)) : 1.0;
}

// "auto": square-on to the principal axis of the subject's horizontal mass-centre displacements,
// turned towards where it goes and raised (kAutoAzimuths, kAutoElevations); the "iso" preset
// when the subject hardly moves sideways.
Vector3d autoDirection(const run::RunTrajectory& run, const std::vector<run::TrajectoryFrame>& frames,
                       const std::vector<int>& subject, const std::vector<std::vector<Vector3d>>& points,
                       const Vector3d& up, double aspect) {
  Vector3d front, side;
  presetAxes(up, front, side);
  Eigen::Matrix2d covariance = Eigen::Matrix2d::Zero();
  Eigen::Vector2d net = Eigen::Vector2d::Zero();
  for (int b : subject) {
    const Vector3d c0 = worldPoint(frames.front().poses[b], run.bodies[b].massCenter);
    for (const run::TrajectoryFrame& frame : frames) {
      const Vector3d d = worldPoint(frame.poses[b], run.bodies[b].massCenter) - c0;
      const Eigen::Vector2d h(d.dot(side), d.dot(front));
      covariance += h * h.transpose();
    }
    const Vector3d last = worldPoint(frames.back().poses[b], run.bodies[b].massCenter) - c0;
    net += Eigen::Vector2d(last.dot(side), last.dot(front));
  }
  covariance /= double(subject.size() * frames.size());
  // Principal axis of the symmetric 2x2 covariance.
  const double a = covariance(0, 0), c = covariance(1, 1), b = covariance(0, 1);
  const double largest = 0.5 * (a + c) + std::hypot(0.5 * (a - c), b);
  if (!(largest > 1e-6)) return *presetViewDirection("iso", up);  // under 1 mm of sideways motion
  const double angle = 0.5 * std::atan2(2 * b, a - c);
  Vector3d motion = std::cos(angle) * side + std::sin(angle) * front;
  const double along = net.x() * std::cos(angle) + net.y() * std::sin(angle);
  if (along < 0 || (along == 0 && motion.dot(side) < 0)) motion = -motion;
  Vector3d across = up.cross(motion).normalized();
  if (across.dot(front) < 0) across = -across;

  // The subject's points in (up to) 40 frames spread over the run.
  std::vector<std::vector<Vector3d>> sampled;
  const std::size_t stride = std::max<std::size_t>(1, frames.size() / 40);
  for (std::size_t k = 0; k < frames.size(); k += stride) {
    sampled.emplace_back();
    for (int body : subject)
      for (const Vector3d& p : points[body]) sampled.back().push_back(worldPoint(frames[k].poses[body], p));
  }
  Vector3d best;
  double bestShare = -1;
  for (double azimuth : kAutoAzimuths)
    for (double elevation : kAutoElevations) {
      const Vector3d horizontal = std::cos(azimuth) * across + std::sin(azimuth) * motion;
      const Vector3d d = (std::cos(elevation) * horizontal + std::sin(elevation) * up).normalized();
      double share = 1;
      for (const auto& frame : sampled) share = std::min(share, heightShare(frame, d, up, aspect));
      if (share > bestShare + 0.01) {  // the first (most square-on, lowest) of nearly equal ones
        bestShare = share;
        best = d;
      }
    }
  return best;
}

// Triangular weights over frames [k - w, k + w] of n. Beyond the ends the values are clipped
// away, or with `reflect` mirrored through the end value (2 v(0) - v(-j)), which keeps steady
// motion steady up to the last frame.
template <class T, class Get>
T smoothed(std::size_t k, std::size_t n, int w, bool reflect, Get&& get) {
  T sum = get(k) * 0.0;
  double weights = 0;
  const long last = long(n) - 1;
  for (int i = -w; i <= w; ++i) {
    const long j = long(k) + i;
    const double weight = w + 1 - std::abs(i);
    if (j >= 0 && j <= last) sum += weight * get(std::size_t(j));
    else if (!reflect) continue;
    else if (j < 0) sum += weight * (2 * get(0) - get(std::size_t(std::min(-j, last))));
    else sum += weight * (2 * get(std::size_t(last)) - get(std::size_t(std::max(2 * last - j, 0L))));
    weights += weight;
  }
  return sum / weights;
}

}  // namespace

CameraMode parseCameraMode(const std::string& text) {
  if (text == "follow") return CameraMode::Follow;
  if (text == "fixed") return CameraMode::Fixed;
  if (text == "fit-all") return CameraMode::FitAll;
  throw Error("--camera \"" + text + "\": expected follow, fixed or fit-all (view presets are --view)");
}

std::optional<Vector3d> presetViewDirection(const std::string& view, const Vector3d& up) {
  Vector3d front, side;
  presetAxes(up, front, side);
  if (view == "iso") return (front + 0.75 * side + 0.55 * up).normalized();
  if (view == "front") return (front + 0.12 * up).normalized();
  if (view == "side") return (side + 0.12 * up).normalized();
  if (view == "top") return (up + 0.02 * front).normalized();
  return std::nullopt;
}

std::optional<Camera> parseExplicitView(const std::string& view, const Vector3d& defaultTarget, const Vector3d& up) {
  const auto colon = view.find(':');
  Camera camera;
  camera.up = up;
  camera.target = defaultTarget;
  if (!parseVector(view.substr(0, colon), camera.eye) ||
      (colon != std::string::npos && !parseVector(view.substr(colon + 1), camera.target)))
    return std::nullopt;
  if ((camera.eye - camera.target).norm() < 1e-9) throw Error("--view \"" + view + "\": eye and target coincide");
  return camera;
}

CameraRig::CameraRig(const run::RunTrajectory& run, const std::vector<run::TrajectoryFrame>& frames,
                     const CameraRigOptions& options)
    : run_(run), frames_(frames), options_(options), bodyPoints_(bodyShapePoints(run)) {
  if (frames.empty()) throw Error("render: no frames to frame");
  if (!options.follow.empty()) {
    const auto it = std::find_if(run.bodies.begin(), run.bodies.end(),
                                 [&](const run::TrajectoryBody& b) { return b.name == options.follow; });
    if (it == run.bodies.end()) throw Error("--follow \"" + options.follow + "\": no such body");
    subject_ = {int(it - run.bodies.begin())};
  } else {
    subject_ = movingBodies(run, frames, bodyPoints_);
  }
  const Vector3d up = run.up.normalized();
  tanHalfV_ = std::tan(0.5 * options.fovYDegrees * kDegree);
  tanHalfH_ = tanHalfV_ * options.aspect;

  // The view: a preset, an explicit eye or auto; an explicit eye's target defaults to the centre
  // of the subject over the run.
  std::optional<Camera> literal;
  if (options.view == "auto") {
    direction_ = autoDirection(run, frames, subject_, bodyPoints_, up, options.aspect);
  } else if (const auto preset = presetViewDirection(options.view, up)) {
    direction_ = *preset;
  } else {
    std::vector<Vector3d> all;
    for (std::size_t k = 0; k < frames.size(); ++k)
      for (const Vector3d& p : subjectPoints(k)) all.push_back(p);
    Vector3d lo = all.front(), hi = all.front();
    for (const Vector3d& p : all) {
      lo = lo.cwiseMin(p);
      hi = hi.cwiseMax(p);
    }
    literal = parseExplicitView(options.view, 0.5 * (lo + hi), up);
    if (!literal)
      throw Error("--view \"" + options.view +
                  "\": expected auto, iso, front, side, top, \"ex,ey,ez\" or \"ex,ey,ez:tx,ty,tz\"");
    direction_ = (literal->eye - literal->target).normalized();
  }
  basis_.d = direction_;
  Vector3d screenUp = up - up.dot(direction_) * direction_;
  if (screenUp.norm() < 1e-6) screenUp = Vector3d::UnitX() - direction_.x() * direction_;  // looking straight down
  basis_.u = screenUp.normalized();
  basis_.r = basis_.u.cross(basis_.d);

  const std::size_t n = frames.size();
  auto cameraAt = [&](const Vector3d& target, double distance) {
    Camera c;
    c.up = up;
    c.fovYDegrees = options.fovYDegrees;
    c.target = target;
    c.eye = target + distance * direction_;
    return c;
  };
  if (options.mode == CameraMode::Follow) {
    // Centres smoothed first (over smoothSeconds); then per frame the distance that fits the frame
    // around its smoothed centre, its maximum over a window a quarter as long, smoothed with a
    // kernel no wider than that window: every frame's distance is a weighted mean of values that
    // all fit that frame. The short window keeps the zoom's lag short (a fall takes 0.3 s).
    const double dt = n > 1 ? (frames.back().t - frames.front().t) / double(n - 1) : 1;
    const int w = std::max(0, int(std::lround(0.5 * options.smoothSeconds / dt)));
    const int wd = std::max(0, int(std::lround(0.125 * options.smoothSeconds / dt)));
    std::vector<std::vector<Vector3d>> points(n);
    std::vector<Vector3d> centre(n), target(n);
    for (std::size_t k = 0; k < n; ++k) {
      points[k] = subjectPoints(k);
      centre[k] = balancedCentre(points[k]);
    }
    for (std::size_t k = 0; k < n; ++k)
      target[k] = smoothed<Vector3d>(k, n, w, true, [&](std::size_t j) { return centre[j]; });
    std::vector<double> need(n), windowMax(n, 0);
    for (std::size_t k = 0; k < n; ++k) need[k] = requiredDistance(target[k], points[k]);
    for (std::size_t k = 0; k < n; ++k)
      for (long j = std::max(0L, long(k) - wd); j <= std::min(long(n) - 1, long(k) + wd); ++j)
        windowMax[k] = std::max(windowMax[k], need[std::size_t(j)]);
    for (std::size_t k = 0; k < n; ++k)
      cameras_.push_back(
          cameraAt(target[k], smoothed<double>(k, n, wd, false, [&](std::size_t j) { return windowMax[j]; })));
    return;
  }
  // fixed and fit-all: one camera around the union of every frame.
  std::vector<int> framed = subject_;
  if (options.mode == CameraMode::FitAll) {
    framed.clear();
    for (std::size_t b = 0; b < run.bodies.size(); ++b) framed.push_back(int(b));
  }
  std::vector<Vector3d> all;
  for (const run::TrajectoryFrame& frame : frames)
    for (int b : framed)
      for (const Vector3d& p : bodyPoints_[b]) all.push_back(worldPoint(frame.poses[b], p));
  Camera camera = literal && options.mode == CameraMode::Fixed ? *literal : Camera{};
  if (!(literal && options.mode == CameraMode::Fixed)) {
    const Vector3d target = balancedCentre(all);
    camera = cameraAt(target, requiredDistance(target, all));
  }
  camera.fovYDegrees = options.fovYDegrees;
  cameras_.assign(n, camera);
}

std::vector<Vector3d> CameraRig::subjectPoints(std::size_t k) const {
  std::vector<Vector3d> out;
  for (int b : subject_)
    for (const Vector3d& p : bodyPoints_[b]) out.push_back(worldPoint(frames_[k].poses[b], p));
  return out;
}

// The centre of the points' bounding box with edges along the screen axes and the view direction.
Vector3d CameraRig::boxCentre(const std::vector<Vector3d>& points) const {
  Vector3d lo = Vector3d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (const Vector3d& p : points) {
    const Vector3d s(p.dot(basis_.r), p.dot(basis_.u), p.dot(basis_.d));
    lo = lo.cwiseMin(s);
    hi = hi.cwiseMax(s);
  }
  const Vector3d c = 0.5 * (lo + hi);
  return c.x() * basis_.r + c.y() * basis_.u + c.z() * basis_.d;
}

// The box centre moved across the view until the perspective picture of the points is centred:
// points nearer the eye project larger, so the box's own centre leaves the picture lopsided (the
// feet of a body seen from above at the bottom edge, its head well short of the top).
Vector3d CameraRig::balancedCentre(const std::vector<Vector3d>& points) const {
  Vector3d c = boxCentre(points);
  for (int pass = 0; pass < 3; ++pass) {
    const double distance = requiredDistance(c, points);
    const Vector3d eye = c + distance * basis_.d;
    double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
    for (const Vector3d& p : points) {
      const Vector3d q = p - eye;
      const double depth = -q.dot(basis_.d);
      if (depth <= 0) continue;
      xlo = std::min(xlo, q.dot(basis_.r) / depth), xhi = std::max(xhi, q.dot(basis_.r) / depth);
      ylo = std::min(ylo, q.dot(basis_.u) / depth), yhi = std::max(yhi, q.dot(basis_.u) / depth);
    }
    if (!(xhi >= xlo && yhi >= ylo)) break;
    c += distance * (0.5 * (xlo + xhi) * basis_.r + 0.5 * (ylo + yhi) * basis_.u);
  }
  return c;
}

// The least eye distance from `target` along the view direction at which every point lies within
// `fill` of the picture's half-width and half-height: a point at offset q has depth
// distance - q.d and must satisfy |q.u| <= fill tan(fovY/2) depth (and likewise across).
double CameraRig::requiredDistance(const Vector3d& target, const std::vector<Vector3d>& points) const {
  const double tv = options_.fill * tanHalfV_, th = options_.fill * tanHalfH_;
  double distance = 0, extent = 0;
  for (const Vector3d& p : points) {
    const Vector3d q = p - target;
    extent = std::max(extent, q.norm());
    distance = std::max(distance,
                        q.dot(basis_.d) + std::max(std::abs(q.dot(basis_.u)) / tv, std::abs(q.dot(basis_.r)) / th));
  }
  return std::max(distance, 0.05 + extent);  // never inside the subject
}

double CameraRig::subjectHeightFraction(std::size_t k) const {
  const Camera& c = cameras_[k];
  const Vector3d f = (c.target - c.eye).normalized();
  Vector3d upAxis = c.up.normalized();
  if (std::abs(f.dot(upAxis)) > 0.999) upAxis = std::abs(f.x()) < 0.9 ? Vector3d::UnitX() : Vector3d::UnitY();
  const Vector3d r = f.cross(upAxis).normalized(), u = r.cross(f);  // as SoftwareRenderer::render
  double lo = 1, hi = -1;
  for (const Vector3d& p : subjectPoints(k)) {
    const Vector3d q = p - c.eye;
    if (q.dot(f) <= 0) continue;
    const double y = std::clamp(q.dot(u) / q.dot(f) / tanHalfV_, -1.0, 1.0);  // -1 bottom, 1 top
    lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  return hi > lo ? 0.5 * (hi - lo) : 0;
}

}  // namespace articula::render
