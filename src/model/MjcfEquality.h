// MJCF <equality> (docs/mjcf.md, "What is read"): connect -> ball constraint, weld -> weld
// constraint, joint -> coordinate coupler (linear polycoef only), held at the model's pose
// (qpos0); tendon and distance equalities and inactive ones are noted, not represented.
#pragma once
#include "MjcfContext.h"

namespace articula::model::mjcf {

// One child of <equality>, after every body has been added (it refers to their Articula owners).
void readEquality(Context& c, const XMLElement* el);

}  // namespace articula::model::mjcf
