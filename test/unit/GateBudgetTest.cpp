//===- GateBudgetTest.cpp - Unit tests of the rtgate budget computation ---===//
//
// Part of prem-llvm. prem_gate_budget_ratio (prem_rt.h), seed 002's on-line
// budget computation with one cluster of blocks, on hand-computed cases:
//   x    = ((t - e1) M - R e0 + e1) / (e1 - e0)   tiles that may meet
//                                                 best-effort traffic
//   tmem = x e1 / M                               its memory time
//   FAIR   Q = tmem / t
//   GREEDY Q = (tmem - max(0, nominal (t - T))) / T
//   SMOOTH Q = min(x_g, a x_g + (1 - a) previous), x_g GREEDY's
// clamped to [0, 1]. t: time left to the deadline, R: tiles left, T: the
// regulation period, M: tiles at once, e0 / e1: a tile alone / beside
// unregulated best-effort work.
//
//===----------------------------------------------------------------------===//

#include "prem/prem_rt.h"

#include <gtest/gtest.h>

namespace {

// M = 4 tiles at once, e0 = 10, e1 = 30, 1000 tiles a launch.
prem_gate_governor governor(uint32_t Scheme, double Nominal = 0.9) {
  prem_gate_governor G = {};
  G.scheme = Scheme;
  G.concurrent = 4;
  G.work = 1000;
  G.deadline_ns = 5000;
  G.e0_ns = 10;
  G.e1_ns = 30;
  G.nominal = Nominal;
  G.smoothing = 0.3;
  return G;
}

double ratio(const prem_gate_governor &G, double Left, double Remaining,
             double Period = 100, double Previous = 0.5) {
  return prem_gate_budget_ratio(&G, Left, Remaining, Period, Previous);
}

// The case below: R = 100 tiles left, t = 600 left.
//   all 100 beside best effort: (100 x 30 - 30) / 4 + 30 = 772.5 > 600
//   x = ((600 - 30) 4 - 100 x 10 + 30) / (30 - 10) = 1310 / 20 = 65.5
//   tmem = 65.5 x 30 / 4 = 491.25
constexpr double TMem = 491.25;

TEST(GateBudget, NominalReturnsTheNominalRatio) {
  prem_gate_governor G = governor(PREM_BUDGET_NOMINAL, 0.25);
  EXPECT_EQ(ratio(G, 600, 100), 0.25);
  EXPECT_EQ(ratio(G, -5, 100), 0.25); // whatever the deadline
  EXPECT_EQ(ratio(G, 1e9, 1), 0.25);
}

// No governor (work 0), or no real-time launch running (no tiles left):
// the nominal ratio, whatever the scheme.
TEST(GateBudget, NoRealTimeLaunchKeepsTheNominalRatio) {
  for (uint32_t S :
       {PREM_BUDGET_FAIR, PREM_BUDGET_GREEDY, PREM_BUDGET_SMOOTH}) {
    prem_gate_governor G = governor(S, 0.4);
    EXPECT_EQ(ratio(G, 600, 0), 0.4) << "scheme " << S;
    G.work = 0;
    EXPECT_EQ(ratio(G, 600, 100), 0.4) << "scheme " << S;
  }
}

TEST(GateBudget, FullInterferenceMeetingTheDeadlineGivesOne) {
  prem_gate_governor G = governor(PREM_BUDGET_FAIR);
  EXPECT_EQ(ratio(G, 772.5, 100), 1.0); // exactly met
  EXPECT_EQ(ratio(G, 1e6, 100), 1.0);
  // Just short of it: x = (742.4 x 4 - 970) / 20 = 99.98,
  // Q = 99.98 x 7.5 / 772.4.
  EXPECT_NEAR(ratio(G, 772.4, 100), 99.98 * 7.5 / 772.4, 1e-12);
  EXPECT_LT(ratio(G, 772.4, 100), 1.0);
  // Best-effort traffic that slows no tile (e1 <= e0) is never held back.
  G.e1_ns = G.e0_ns;
  EXPECT_EQ(ratio(G, 1, 100), 1.0);
}

TEST(GateBudget, DeadlinePassedGivesZero) {
  for (uint32_t S :
       {PREM_BUDGET_FAIR, PREM_BUDGET_GREEDY, PREM_BUDGET_SMOOTH}) {
    prem_gate_governor G = governor(S);
    EXPECT_EQ(ratio(G, 0, 100), 0.0) << "scheme " << S;
    EXPECT_EQ(ratio(G, -1000, 1), 0.0) << "scheme " << S;
  }
}

TEST(GateBudget, FairHandComputed) {
  prem_gate_governor G = governor(PREM_BUDGET_FAIR);
  EXPECT_NEAR(ratio(G, 600, 100), TMem / 600, 1e-12); // 0.81875
  EXPECT_NEAR(ratio(G, 600, 100), 0.81875, 1e-12);
  // M = 1: x = ((600 - 30) - 1000 + 30) / 20 < 0: no tile may meet
  // best-effort traffic, so none may run.
  G.concurrent = 1;
  EXPECT_EQ(ratio(G, 600, 100), 0.0);
  // concurrent 0 counts as 1.
  G.concurrent = 0;
  EXPECT_EQ(ratio(G, 600, 100), 0.0);
  // M = 1, R = 10: x = (570 - 100 + 30) / 20 = 25 > R: clamped to 10 tiles,
  // but that case meets the deadline (9 x 30 + 30 = 300 <= 600): 1.
  G.concurrent = 1;
  EXPECT_EQ(ratio(G, 600, 10), 1.0);
  // M = 1, R = 25, t = 600: 24 x 30 + 30 = 750 > 600;
  // x = (570 - 250 + 30) / 20 = 17.5; tmem = 17.5 x 30 = 525.
  EXPECT_NEAR(ratio(G, 600, 25), 525.0 / 600, 1e-12);
}

TEST(GateBudget, GreedyHandComputed) {
  // nominal 0.9, T = 100: the periods after this one are owed
  // 0.9 x (600 - 100) = 450 of tmem; this one may use the rest:
  // (491.25 - 450) / 100.
  prem_gate_governor G = governor(PREM_BUDGET_GREEDY, 0.9);
  EXPECT_NEAR(ratio(G, 600, 100), (TMem - 450) / 100, 1e-12); // 0.4125
  EXPECT_NEAR(ratio(G, 600, 100), 0.4125, 1e-12);
  // The last period (t <= T): nothing owed later, tmem / T.
  // t = 100, R = 10: 9 x 30 / 4 + 30 = 97.5 <= 100: met, 1.
  EXPECT_EQ(ratio(G, 100, 10), 1.0);
  // t = 100, R = 20: x = (70 x 4 - 200 + 30) / 20 = 5.5,
  // tmem = 5.5 x 7.5 = 41.25, Q = 41.25 / 100.
  EXPECT_NEAR(ratio(G, 100, 20), 0.4125, 1e-12);
  // The same with T = 200: max(0, 0.9 (100 - 200)) = 0, Q = 41.25 / 200.
  EXPECT_NEAR(ratio(G, 100, 20, 200), 41.25 / 200, 1e-12);
}

TEST(GateBudget, GreedyClampsToZeroAndOne) {
  // nominal 0.5: (491.25 - 250) / 100 = 2.4125, clamped to 1.
  EXPECT_EQ(ratio(governor(PREM_BUDGET_GREEDY, 0.5), 600, 100), 1.0);
  // nominal 1: (491.25 - 500) / 100 < 0, clamped to 0.
  EXPECT_EQ(ratio(governor(PREM_BUDGET_GREEDY, 1.0), 600, 100), 0.0);
}

TEST(GateBudget, SmoothFiltersIncreasesOnly) {
  prem_gate_governor G = governor(PREM_BUDGET_SMOOTH, 0.9);
  // GREEDY's 0.4125 after a period at 0.2: 0.3 x 0.4125 + 0.7 x 0.2.
  EXPECT_NEAR(ratio(G, 600, 100, 100, 0.2), 0.3 * 0.4125 + 0.7 * 0.2, 1e-12);
  EXPECT_NEAR(ratio(G, 600, 100, 100, 0.2), 0.26375, 1e-12);
  // After a period at 0.9 the filter (0.75375) is above GREEDY's: y = x.
  EXPECT_NEAR(ratio(G, 600, 100, 100, 0.9), 0.4125, 1e-12);
  // a = 1: no smoothing, GREEDY's ratio.
  G.smoothing = 1;
  EXPECT_NEAR(ratio(G, 600, 100, 100, 0.0), 0.4125, 1e-12);
  // a = 0: never above the previous period's.
  G.smoothing = 0;
  EXPECT_NEAR(ratio(G, 600, 100, 100, 0.1), 0.1, 1e-12);
}

TEST(GateBudget, SmoothClampsToZeroAndOne) {
  // GREEDY's 2.4125 (nominal 0.5) after 1.0: min(2.4125, 0.3 x 2.4125 +
  // 0.7) = 1.42375, clamped to 1.
  EXPECT_EQ(ratio(governor(PREM_BUDGET_SMOOTH, 0.5), 600, 100, 100, 1.0), 1.0);
  // GREEDY's negative ratio (nominal 1) stays 0 whatever came before.
  EXPECT_EQ(ratio(governor(PREM_BUDGET_SMOOTH, 1.0), 600, 100, 100, 1.0), 0.0);
}

} // namespace
