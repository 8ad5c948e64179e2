// A one-line progress bar on stderr: simulated time, real-time factor and ETA. It draws only when
// stderr is a terminal and it is enabled, and redraws at most ten times a second.
#pragma once

namespace articula::app {

class ProgressBar {
 public:
  explicit ProgressBar(bool enabled);
  ~ProgressBar();
  void update(double simulated, double duration, double wallSeconds);
  void finish();  // clears the line

 private:
  bool active_;
  double lastDraw_ = -1;
  bool drawn_ = false;
};

}  // namespace articula::app
