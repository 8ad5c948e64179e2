// EventWitness: which side changes trigger which direction, the localization window, validation.
#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/study/EventWitness.h"

namespace articula {
namespace {

EventWitness make(EventDirection d) {
  return EventWitness("w", Stage::Position, d, [](const State& s) { return s.getTime() - 1; });
}

TEST(EventWitness, DirectionsAndZeros) {
  const EventWitness rising = make(EventDirection::Rising), falling = make(EventDirection::Falling),
                     both = make(EventDirection::Both);
  EXPECT_TRUE(rising.isTriggeredBy(-1, 1));
  EXPECT_FALSE(rising.isTriggeredBy(1, -1));
  EXPECT_TRUE(falling.isTriggeredBy(1, -1));
  EXPECT_FALSE(falling.isTriggeredBy(-1, 1));
  EXPECT_TRUE(both.isTriggeredBy(1, -1));
  EXPECT_TRUE(both.isTriggeredBy(-1, 1));
  // Zero is no side: reaching it, leaving it, or staying are not crossings.
  for (const EventWitness* w : {&rising, &falling, &both}) {
    for (int s : {-1, 0, 1}) {
      EXPECT_FALSE(w->isTriggeredBy(0, s));
      EXPECT_FALSE(w->isTriggeredBy(s, 0));
      EXPECT_FALSE(w->isTriggeredBy(s, s));
    }
  }
  EXPECT_EQ(witnessSide(-2.0), -1);
  EXPECT_EQ(witnessSide(0.0), 0);
  EXPECT_EQ(witnessSide(-0.0), 0);
  EXPECT_EQ(witnessSide(1e-300), 1);
  EXPECT_STREQ(eventDirectionName(EventDirection::Falling), "Falling");
}

TEST(EventWitness, WindowIsAccuracyTimesCharacteristicTimeUnlessSet) {
  EventWitness w = make(EventDirection::Both);
  EXPECT_DOUBLE_EQ(w.calcLocalizationWindow(1e-3), 1e-4);
  w.setCharacteristicTime(2.0);
  EXPECT_DOUBLE_EQ(w.calcLocalizationWindow(1e-3), 2e-3);
  w.setLocalizationWindow(1e-9);
  EXPECT_DOUBLE_EQ(w.calcLocalizationWindow(1e-3), 1e-9);
  w.setLocalizationWindow(0);
  EXPECT_DOUBLE_EQ(w.calcLocalizationWindow(1e-3), 2e-3);
}

TEST(EventWitness, Validation) {
  auto f = [](const State&) { return 1.0; };
  EXPECT_THROW(EventWitness("early", Stage::Instance, EventDirection::Both, f), Error);
  EventWitness w("w", Stage::Acceleration, EventDirection::Both, f);
  EXPECT_THROW(w.setCharacteristicTime(0), Error);
  EXPECT_THROW(w.setCharacteristicTime(-1), Error);
  EXPECT_THROW(w.setLocalizationWindow(-1), Error);
  EventWitness empty("empty", Stage::Time, EventDirection::Both, nullptr);
  try {
    empty.calcValue(State());
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'empty'"), std::string::npos);
  }
}

}  // namespace
}  // namespace articula
