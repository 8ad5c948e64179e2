// Prescribed mobilizer motion: the State's per-body motion specs (in the lock discrete variable),
// imposing prescribed q and u at Position, and the known udot used by every dynamics sweep.
#include "articula/matter/Motion.h"

#include "MatterImpl.h"
#include "articula/Counted.h"

namespace articula {

namespace {

std::string bodyLabel(const MatterSubsystem& m, int body) {
  const MobilizedBodyInfo& b = m.getInfo(body);
  return "MobilizedBody " + std::to_string(body) + (b.name.empty() ? std::string() : " '" + b.name + "'");
}

LockInfo& updLocks(const MatterSubsystem& m, State& s) { return s.updDiscreteVariable<LockInfo>(m.impl().locks); }

void refreshFlags(LockInfo& locks) {
  locks.any = locks.anyMotion = false;
  for (size_t b = 0; b < locks.locked.size(); ++b) {
    locks.any = locks.any || locks.locked[b];
    locks.anyMotion = locks.anyMotion || locks.motion[b].level >= 0;
  }
}

// f, f' and f'' of each mobility's function at t.
void evaluate(const MotionSpec& spec, Real t, int n, SmallVector& f0, SmallVector& f1, SmallVector& f2) {
  f0.resize(n);
  f1.resize(n);
  f2.resize(n);
  for (int i = 0; i < n; ++i) {
    f0[i] = spec.f[i]->value(t);
    f1[i] = spec.f[i]->derivative(t);
    f2[i] = spec.f[i]->secondDerivative(t);
  }
}

}  // namespace

void prescribeMotion(const MatterSubsystem& matter, State& s, int body, MotionLevel level,
                     std::vector<FunctionPtr> functions) {
  if (body <= 0 || body >= matter.getNumBodies())
    throw Error("prescribeMotion: body index " + std::to_string(body) + " does not exist or is Ground");
  const MobilizedBodyInfo& info = matter.getInfo(body);
  const std::string label = bodyLabel(matter, body);
  if (static_cast<int>(functions.size()) != info.nu)
    throw Error(label + ": prescribed motion needs " + counted(info.nu, "function", "functions") +
                " (one per mobility), got " + std::to_string(functions.size()));
  for (size_t i = 0; i < functions.size(); ++i)
    if (!functions[i] || functions[i]->argumentSize() != 1)
      throw Error(label + ": prescribed motion function " + std::to_string(i) +
                  " must be a function of time (1 argument)");
  if (level == MotionLevel::Position && info.nq != info.nu)
    throw Error(label + ": position-level motion needs as many coordinates as speeds (the " +
                matter.getMobilizer(body).typeName() + " mobilizer has " + std::to_string(info.nq) + " q and " +
                std::to_string(info.nu) + " u); prescribe its velocity or acceleration");
  LockInfo& locks = updLocks(matter, s);
  locks.locked[body] = 1;
  locks.motion[body] = MotionSpec{static_cast<int>(level), std::move(functions)};
  refreshFlags(locks);
}

void removeMotion(const MatterSubsystem& matter, State& s, int body) {
  if (!hasMotion(matter, s, body)) return;
  LockInfo& locks = updLocks(matter, s);
  locks.locked[body] = 0;
  locks.motion[body] = MotionSpec{};
  refreshFlags(locks);
}

bool hasMotion(const MatterSubsystem& matter, const State& s, int body) {
  return lockInfo(matter, s).motion.at(body).level >= 0;
}

bool isPrescribed(const MatterSubsystem& matter, const State& s, int body) {
  return lockInfo(matter, s).locked.at(body) != 0;
}

void imposePrescribedPositionsAndSpeeds(const MatterSubsystem& m, State& s) {
  const LockInfo& locks = lockInfo(m, s);
  const Real t = s.getTime();
  SmallVector f0, f1, f2, u(6);
  for (int b = 1; b < m.getNumBodies(); ++b) {
    const MotionSpec& spec = locks.motion[b];
    if (spec.level < 0 || spec.level > 1) continue;
    const MobilizedBodyInfo& info = m.getInfo(b);
    evaluate(spec, t, info.nu, f0, f1, f2);
    if (spec.level == 0) {
      // q = f(t), then u = N^-1 f'(t) at that q. Written only if different: a write invalidates.
      if (m.getQ(s).segment(info.qStart, info.nq) != f0) m.updQ(s).segment(info.qStart, info.nq) = f0;
      u.resize(info.nu);
      m.getMobilizer(b).multiplyByNInv(m.getQ(s).data() + info.qStart, f1.data(), u.data());
    } else {
      u = f0;
    }
    if (m.getU(s).segment(info.uStart, info.nu) != u) m.updU(s).segment(info.uStart, info.nu) = u;
  }
}

void calcPrescribedUDot(const MatterSubsystem& m, const State& s, Real* knownUdot) {
  const LockInfo& locks = lockInfo(m, s);
  const Real t = s.getTime();
  SmallVector f0, f1, f2, ndotu, rhs;
  for (int b = 1; b < m.getNumBodies(); ++b) {
    const MotionSpec& spec = locks.motion[b];
    if (spec.level < 0) continue;
    const MobilizedBodyInfo& info = m.getInfo(b);
    evaluate(spec, t, info.nu, f0, f1, f2);
    Real* ud = knownUdot + info.uStart;
    if (spec.level == 2) {
      for (int i = 0; i < info.nu; ++i) ud[i] = f0[i];
    } else if (spec.level == 1) {
      for (int i = 0; i < info.nu; ++i) ud[i] = f1[i];
    } else {
      // qddot = N udot + NDot u  =>  udot = N^-1 (f'' - NDot u).
      const Real* q = m.getQ(s).data() + info.qStart;
      const Real* u = m.getU(s).data() + info.uStart;
      ndotu.resize(info.nq);
      m.getMobilizer(b).multiplyByNDot(q, u, u, ndotu.data());
      rhs = f2 - ndotu;
      m.getMobilizer(b).multiplyByNInv(q, rhs.data(), ud);
    }
  }
}

}  // namespace articula
