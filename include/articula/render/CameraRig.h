// The camera of `articula render`, one per rendered frame, framing the subject: the bodies that
// move (every body of a tree of which any body moves), or the body given with --follow.
//   follow   frames the subject's bounding box in every frame, smoothed over time (no jitter);
//   fixed    one camera for the whole run, framing the subject over all frames;
//   fit-all  one camera framing every body, static ones included, over all frames.
// The view direction is the same in every frame: a preset, an explicit eye, or "auto", which
// looks across the subject's main horizontal motion (so the motion crosses the picture), from
// the side and height under which the subject's silhouette stays tallest.
#pragma once
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "articula/render/SoftwareRenderer.h"
#include "articula/run/TrajectoryReader.h"

namespace articula::render {

enum class CameraMode { Follow, Fixed, FitAll };

// "follow", "fixed" or "fit-all"; throws articula::Error naming --camera and the value.
CameraMode parseCameraMode(const std::string& text);

// The direction from the target to the eye of the preset views "iso", "front", "side" and "top"
// in a scene whose vertical is `up`; nullopt for any other name.
std::optional<Eigen::Vector3d> presetViewDirection(const std::string& view, const Eigen::Vector3d& up);

// An explicit view "ex,ey,ez" (looking at `defaultTarget`) or "ex,ey,ez:tx,ty,tz", in metres;
// nullopt when `view` is not of that form, throws articula::Error when eye and target coincide.
std::optional<Camera> parseExplicitView(const std::string& view, const Eigen::Vector3d& defaultTarget,
                                        const Eigen::Vector3d& up);

struct CameraRigOptions {
  CameraMode mode = CameraMode::Follow;
  std::string view = "auto";  // auto, iso, front, side, top, "ex,ey,ez" or "ex,ey,ez:tx,ty,tz"
  std::string follow;         // a body name: the subject is that body alone
  double aspect = 4.0 / 3;    // image width / height
  double fovYDegrees = 40;
  double fill = 0.92;          // the subject spans at most this fraction of the image width and height
  double smoothSeconds = 0.3;  // follow: the centre is smoothed over windows of this length, the distance a quarter
};

class CameraRig {
 public:
  // `frames` are the frames to be rendered, in time order. An explicit view with `fixed` is used
  // as given; with the other modes only its direction counts. Throws articula::Error for a bad
  // view or an unknown --follow body.
  CameraRig(const run::RunTrajectory& run, const std::vector<run::TrajectoryFrame>& frames,
            const CameraRigOptions& options);

  std::size_t size() const { return cameras_.size(); }
  const Camera& camera(std::size_t k) const { return cameras_[k]; }
  const std::vector<int>& subject() const { return subject_; }         // body indices, ascending
  const Eigen::Vector3d& viewDirection() const { return direction_; }  // unit, from target to eye

  // Height of the subject's projected bounding box in frame k as a fraction of the image height
  // (the part inside the picture).
  double subjectHeightFraction(std::size_t k) const;

 private:
  struct Basis {
    Eigen::Vector3d r, u, d;  // screen right, screen up, towards the eye
  };
  std::vector<Eigen::Vector3d> subjectPoints(std::size_t k) const;
  double requiredDistance(const Eigen::Vector3d& target, const std::vector<Eigen::Vector3d>& points) const;
  Eigen::Vector3d boxCentre(const std::vector<Eigen::Vector3d>& points) const;
  Eigen::Vector3d balancedCentre(const std::vector<Eigen::Vector3d>& points) const;

  const run::RunTrajectory& run_;
  const std::vector<run::TrajectoryFrame>& frames_;
  CameraRigOptions options_;
  std::vector<std::vector<Eigen::Vector3d>> bodyPoints_;  // per body, in the body frame
  std::vector<int> subject_;
  Eigen::Vector3d direction_;
  Basis basis_;
  double tanHalfV_ = 0, tanHalfH_ = 0;
  std::vector<Camera> cameras_;
};

}  // namespace articula::render
