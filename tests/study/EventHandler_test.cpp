// EventHandler, EventContext and the event records: termination requests, triggers, validation.
#include <gtest/gtest.h>

#include "articula/Error.h"
#include "articula/study/EventHandler.h"

namespace articula {
namespace {

TEST(EventHandler, ContextCarriesTriggersAndTermination) {
  EventWitness w("w", Stage::Time, EventDirection::Falling, [](const State&) { return 0.0; });
  std::vector<EventTrigger> triggers(1);
  triggers[0].witness = &w;
  triggers[0].crossing = EventDirection::Falling;
  EventContext ctx(1.5, 1e-3, &triggers);
  ctx.setCurrentTrigger(&triggers[0]);
  int calls = 0;
  EventHandler h("stopper", [&](State&, EventContext& c) {
    ++calls;
    EXPECT_EQ(c.getTime(), 1.5);
    EXPECT_EQ(c.getAccuracy(), 1e-3);
    EXPECT_EQ(c.getTrigger()->witness, &w);
    EXPECT_EQ(c.getTriggers().size(), 1u);
    c.requestTermination("done");
  });
  State s;
  h.handle(s, ctx);
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(ctx.isTerminationRequested());
  EXPECT_EQ(ctx.getTerminationReason(), "done");
  EventContext scheduled(2.0, 1e-3, nullptr);
  EXPECT_TRUE(scheduled.getTriggers().empty());
  EXPECT_EQ(scheduled.getTrigger(), nullptr);
}

TEST(EventHandler, Validation) {
  auto handler = std::make_shared<EventHandler>("h", [](State&, EventContext&) {});
  auto witness = std::make_shared<EventWitness>("w", Stage::Time, EventDirection::Both,
                                                [](const State&) { return 1.0; });
  EXPECT_THROW(TriggeredEvent(nullptr, handler), Error);
  EXPECT_THROW(TriggeredEvent(witness, nullptr), Error);
  EXPECT_THROW(ScheduledEvent({1.0}, nullptr), Error);
  EXPECT_THROW(PeriodicEvent(0.0, handler), Error);
  const PeriodicEvent p(0.5, handler, 0.25);
  EXPECT_EQ(p.getSchedule().firstAfter(0.25), 0.75);
  EXPECT_EQ(p.getHandler(), handler);
  EventHandler empty("empty", nullptr);
  State s;
  EventContext ctx(0, 1e-3, nullptr);
  EXPECT_THROW(empty.handle(s, ctx), Error);
}

}  // namespace
}  // namespace articula
