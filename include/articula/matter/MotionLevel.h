// The level at which a prescribed motion gives a mobilizer's motion (Motion.h): its q, its u or its
// udot follow the functions of time. A header of its own so plain data (model specs) can name it.
#pragma once

namespace articula {

enum class MotionLevel { Position, Velocity, Acceleration };

}  // namespace articula
