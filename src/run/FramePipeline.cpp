// The frame queue between the integrator and the frame work (see FramePipeline.h).
#include "FramePipeline.h"

#include <chrono>

namespace articula::run {

FramePipeline::FramePipeline(Consumer consumer, bool threaded, size_t capacity, Consumer prepare, size_t helpAt)
    : consumer_(std::move(consumer)),
      prepare_(std::move(prepare)),
      capacity_(capacity > 0 ? capacity : 1),
      helpAt_(helpAt) {
  if (threaded) worker_ = std::thread([this] { work(); });
}

FramePipeline::~FramePipeline() {
  if (!worker_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    closed_ = drop_ = true;
  }
  ready_.notify_all();
  worker_.join();
}

void FramePipeline::rethrowIfFailed() {
  if (error_) std::rethrow_exception(error_);
}

void FramePipeline::push(const State& s) {
  const auto t0 = std::chrono::steady_clock::now();
  struct Clock {  // adds the time to pushSeconds_ however push() ends
    double& total;
    std::chrono::steady_clock::time_point t0;
    ~Clock() { total += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
  } clock{pushSeconds_, t0};
  if (!threaded()) {
    inline_ = s;  // the consumer realizes its own copy, as the worker does
    consumer_(inline_);
    return;
  }
  State copy;
  bool help = false;
  {
    std::lock_guard lock(mutex_);
    if (!spare_.empty()) {
      copy = std::move(spare_.back());
      spare_.pop_back();
    }
    help = prepare_ && queue_.size() >= helpAt_;
  }
  copy = s;  // copied outside the lock: the worker keeps going meanwhile
  if (help) prepare_(copy);
  std::unique_lock lock(mutex_);
  space_.wait(lock, [&] { return queue_.size() < capacity_ || error_; });
  rethrowIfFailed();
  queue_.push_back(std::move(copy));
  lock.unlock();
  ready_.notify_one();
}

void FramePipeline::finish() {
  if (threaded()) {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
    worker_.join();
  }
  rethrowIfFailed();
}

// After a failure the worker keeps emptying the queue (without consuming) so push() never blocks.
void FramePipeline::work() {
  for (;;) {
    State s;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
      if (queue_.empty() || drop_) return;
      s = std::move(queue_.front());
      queue_.pop_front();
    }
    space_.notify_one();
    if (error_) continue;  // only this thread writes error_
    try {
      consumer_(s);
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      space_.notify_all();
      continue;
    }
    std::lock_guard lock(mutex_);
    spare_.push_back(std::move(s));
  }
}

}  // namespace articula::run
