// interpolateFrame: poses between report times, for playback at any frame rate.
#include <algorithm>

#include "articula/run/TrajectoryReader.h"

namespace articula::run {

TrajectoryFrame interpolateFrame(const RunTrajectory& run, double t) {
  const auto& frames = run.frames;
  if (t <= frames.front().t) return frames.front();
  if (t >= frames.back().t) return frames.back();
  auto next = std::upper_bound(frames.begin(), frames.end(), t,
                               [](double time, const TrajectoryFrame& f) { return time < f.t; });
  const TrajectoryFrame& b = *next;
  const TrajectoryFrame& a = *(next - 1);
  const double s = (t - a.t) / (b.t - a.t);
  TrajectoryFrame out;
  out.t = t;
  out.contacts = a.contacts;
  out.poses.resize(a.poses.size());
  for (std::size_t i = 0; i < a.poses.size(); ++i) {
    out.poses[i].position = (1 - s) * a.poses[i].position + s * b.poses[i].position;
    Eigen::Vector4d qa = a.poses[i].orientation.coeffs(), qb = b.poses[i].orientation.coeffs();
    if (qa.dot(qb) < 0) qb = -qb;
    Eigen::Vector4d q = ((1 - s) * qa + s * qb).normalized();
    out.poses[i].orientation.coeffs() = q;
  }
  return out;
}

}  // namespace articula::run
