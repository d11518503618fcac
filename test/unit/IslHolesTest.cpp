//===- IslHolesTest.cpp - Unit tests of prem::hasNoHoles ------------------===//
//
// Part of prem-llvm. A tile's written bytes may be stored back as one
// interval only where, for every parameter value, they have no hole
// (IslCodegen.cpp). Each case states its answer; the last is a triangle
// over a runtime size whose parametric minimum ran isl for minutes before
// the test became an emptiness test.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslCodegen.h"

#include <gtest/gtest.h>

#include <string>

using namespace prem;

namespace {

class NoHoles : public ::testing::Test {
protected:
  isl_ctx *Ctx = isl_ctx_alloc();
  ~NoHoles() override { isl_ctx_free(Ctx); }

  bool noHoles(const std::string &Set, const std::string &Context = "{ : }") {
    return hasNoHoles(Ctx, Set, Context);
  }
};

TEST_F(NoHoles, Interval) {
  EXPECT_TRUE(noHoles("{ B[o] : 16 <= o <= 1039 }"));
}

TEST_F(NoHoles, TwoIntervalsWithAGap) {
  EXPECT_FALSE(noHoles("{ B[o] : 0 <= o <= 63 or 128 <= o <= 191 }"));
}

TEST_F(NoHoles, TwoIntervalsThatTouch) {
  EXPECT_TRUE(noHoles("{ B[o] : 0 <= o <= 63 or 64 <= o <= 191 }"));
}

// Rows of n floats at a pitch of 512 bytes: whole rows only when n = 128.
TEST_F(NoHoles, RowsOfARuntimeLength) {
  std::string Rows = "[n] -> { B[o] : exists (r : 0 <= r < 4 and "
                     "512r <= o < 512r + 4n) }";
  EXPECT_FALSE(noHoles(Rows, "[n] -> { : 1 <= n <= 128 }"));
  EXPECT_TRUE(noHoles(Rows, "[n] -> { : n = 128 }"));
}

// One run per parameter value, though the runs differ between values.
TEST_F(NoHoles, OneRunPerParameterValue) {
  EXPECT_TRUE(noHoles("[t] -> { B[o] : 64t <= o < 64t + 64 }",
                      "[t] -> { : 0 <= t < 100 }"));
}

// B[(i * 128 + j) * 128 + k], k < m - j (prem-tile's write set of
// for j < m, for k < m - j, one i per SIMT iteration): a triangle of rows
// whose lengths shrink, so holes wherever m > 1.
TEST_F(NoHoles, TriangleOverARuntimeSize) {
  EXPECT_FALSE(noHoles(
      "[m0, m1, simt_n, simt_lb] -> { B[o] : exists (e0, e1: simt_lb <= e0 < "
      "simt_n + simt_lb and 0 <= e1 < m0 and 508e1 > -4m1 + o - 65536e0 and "
      "512e1 <= o - 65536e0) }",
      "[simt_n, simt_lb, m0, m1] -> { : simt_n >= 1 }"));
}

} // namespace
