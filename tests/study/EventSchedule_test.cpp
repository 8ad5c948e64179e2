// EventSchedule: listed and periodic times, inclusive and exclusive next-time queries, exact
// periodic times far into a run.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "articula/Error.h"
#include "articula/study/EventSchedule.h"

namespace articula {
namespace {

TEST(EventSchedule, ListedTimesAreSortedAndDeduplicated) {
  const EventSchedule s = EventSchedule::at({0.7, 0.05, 0.3, 0.3});
  ASSERT_EQ(s.getTimes().size(), 3u);
  EXPECT_EQ(s.firstAtOrAfter(0.0), 0.05);
  EXPECT_EQ(s.firstAtOrAfter(0.3), 0.3);
  EXPECT_EQ(s.firstAfter(0.3), 0.7);
  EXPECT_EQ(s.firstAfter(0.7), EventSchedule::kNever);
  EXPECT_EQ(s.firstAtOrAfter(std::nan("")), EventSchedule::kNever);
  EXPECT_FALSE(s.isPeriodic());
  EXPECT_THROW(EventSchedule::at({1.0, std::numeric_limits<Real>::infinity()}), Error);
}

TEST(EventSchedule, PeriodicTimesAreExactMultiples) {
  const EventSchedule s = EventSchedule::every(0.1);
  EXPECT_EQ(s.firstAtOrAfter(-5.0), 0.0);
  EXPECT_EQ(s.firstAtOrAfter(0.0), 0.0);
  EXPECT_EQ(s.firstAfter(0.0), 0.1);
  // Walking the schedule gives k * 0.1 exactly, however far, and inclusive queries at those
  // times return them.
  Real t = s.firstAtOrAfter(0.0);
  for (int k = 0; k < 100000; ++k) {
    ASSERT_EQ(t, 0.1 * k) << k;
    ASSERT_EQ(s.firstAtOrAfter(t), t) << k;
    t = s.firstAfter(t);
  }
  // Just past a time: the next one. Just before: that time.
  EXPECT_EQ(s.firstAfter(0.30000000000000004), 0.4);
  EXPECT_EQ(s.firstAtOrAfter(std::nextafter(0.1 * 3, 0.0)), 0.1 * 3);
}

TEST(EventSchedule, PeriodicWithStartAndErrors) {
  const EventSchedule s = EventSchedule::every(0.25, 0.1);
  EXPECT_EQ(s.firstAtOrAfter(0), 0.1);
  EXPECT_EQ(s.firstAfter(0.1), 0.1 + 0.25);
  EXPECT_EQ(s.firstAtOrAfter(0.6), 0.1 + 2 * 0.25);
  EXPECT_TRUE(s.isPeriodic());
  EXPECT_THROW(EventSchedule::every(0), Error);
  EXPECT_THROW(EventSchedule::every(-1), Error);
  EXPECT_THROW(EventSchedule::every(0.1, std::nan("")), Error);
}

}  // namespace
}  // namespace articula
