// FramePipeline: hands report states from the integrator to the frame work, in order. Threaded, a
// worker takes them from a bounded queue, so the integrator only waits when the worker falls
// `capacity` states behind; otherwise push() does the work inline. Either way the consumer sees
// the same states in the same order, and its first exception is the one reported.
#pragma once
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "articula/system/State.h"

namespace articula::run {

class FramePipeline {
 public:
  using Consumer = std::function<void(State&)>;
  // `prepare`, if given, is work on a state that either side may do (it must leave nothing for the
  // consumer to redo, e.g. realizing the state): the producer does it on its copy when the worker
  // is at least `helpAt` states behind, so neither side idles while the other has work.
  FramePipeline(Consumer consumer, bool threaded, size_t capacity, Consumer prepare = nullptr, size_t helpAt = 2);
  ~FramePipeline();  // without finish(): stops the worker, dropping what is queued
  FramePipeline(const FramePipeline&) = delete;
  FramePipeline& operator=(const FramePipeline&) = delete;

  // Queues a copy of `s` (waits while the queue is full); throws the consumer's exception once it failed.
  void push(const State& s);
  // Waits until every queued state was consumed, then rethrows the consumer's exception if any.
  void finish();
  bool threaded() const { return worker_.joinable(); }
  // Time the producer spent in push(): copying, helping, waiting for room (or, inline, the work).
  double pushSeconds() const { return pushSeconds_; }

 private:
  void work();
  void rethrowIfFailed();
  Consumer consumer_, prepare_;
  size_t capacity_, helpAt_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;
  std::deque<State> queue_;
  // Consumed states kept for reuse: copying into one of the same layout assigns in place
  // (State::operator=) instead of cloning every cache entry. `inline_` serves the unthreaded path.
  std::vector<State> spare_;
  State inline_;
  bool closed_ = false, drop_ = false;
  double pushSeconds_ = 0;  // the producer's own: only push() touches it
  std::exception_ptr error_;
  std::thread worker_;
};

}  // namespace articula::run
