// counted(): "1 body", "2 bodies", "0 bodies" (English uses the plural for zero).
#include <gtest/gtest.h>

#include "articula/Counted.h"

using articula::counted;

TEST(Counted, SingularForOneOnly) {
  EXPECT_EQ(counted(1, "body", "bodies"), "1 body");
  EXPECT_EQ(counted(2, "body", "bodies"), "2 bodies");
  EXPECT_EQ(counted(0, "body", "bodies"), "0 bodies");
  EXPECT_EQ(counted(1, "degree of freedom", "degrees of freedom"), "1 degree of freedom");
  EXPECT_EQ(counted(39, "degree of freedom", "degrees of freedom"), "39 degrees of freedom");
  EXPECT_EQ(counted(10000000000LL, "frame", "frames"), "10000000000 frames");
}
