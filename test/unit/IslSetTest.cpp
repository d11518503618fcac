//===- IslSetTest.cpp - Unit tests of the footprint's point counting ------===//
//
// Part of prem-llvm. prem::countPoints counts a union of boxes (a stencil's
// shifted accesses) by cutting it into cells instead of letting isl make
// the pieces disjoint and enumerate them; isl's own count is the reference
// on stencils, random unions of boxes, and sets that are not boxes (which
// still go to isl). The footprint's own enumeration of access images
// (countImagePoints) is checked by the footprint lit tests.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslSet.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace prem;

namespace {

class CountPoints : public ::testing::Test {
protected:
  // isl::ctx is a handle: the test owns the context, as FootprintInfo does.
  isl_ctx *Ctx = isl_ctx_alloc();
  ~CountPoints() override { isl_ctx_free(Ctx); }

  isl::set set(const std::string &Text) {
    isl::set S = parseSet(Ctx, Text);
    EXPECT_FALSE(S.is_null()) << Text;
    return S;
  }

  /// isl's count, by enumeration.
  static uint64_t islCount(const isl::set &S) {
    return uint64_t(countVal(S).get_num_si());
  }
};

// A 3-D stencil's 27 accesses A[i+a][j+b][k+c], a, b, c in -1..1, over a
// 6 x 5 x 4 tile: an 8 x 7 x 6 box, but a union isl does not see as one.
TEST_F(CountPoints, StencilOfShiftedBoxes) {
  std::string Text = "{ ";
  for (int A = -1; A <= 1; ++A)
    for (int B = -1; B <= 1; ++B)
      for (int C = -1; C <= 1; ++C)
        Text += std::string(Text.size() > 2 ? "; " : "") +
                "[i, j, k] : " + std::to_string(10 + A) +
                " <= i <= " + std::to_string(15 + A) + " and " +
                std::to_string(20 + B) + " <= j <= " + std::to_string(24 + B) +
                " and " + std::to_string(30 + C) +
                " <= k <= " + std::to_string(33 + C);
  isl::set S = set(Text + " }");
  bool Exact = false;
  EXPECT_EQ(countPoints(S, 27 * 120, Exact), std::optional<uint64_t>(336));
  EXPECT_TRUE(Exact);
  EXPECT_EQ(islCount(S), 336u);
}

// A cross: two boxes that overlap in the middle and leave the corners out.
TEST_F(CountPoints, OverlappingBoxesWithHoles) {
  isl::set S = set("{ [i, j] : 0 <= i <= 9 and 3 <= j <= 5; "
                   "[i, j] : 3 <= i <= 5 and 0 <= j <= 9 }");
  bool Exact = false;
  EXPECT_EQ(countPoints(S, 60, Exact), std::optional<uint64_t>(51));
  EXPECT_TRUE(Exact);
}

// Random unions of up to 6 boxes in 1 to 3 dimensions, against isl.
TEST_F(CountPoints, RandomUnionsOfBoxesMatchIsl) {
  std::mt19937 Random(2026);
  for (int Case = 0; Case < 300; ++Case) {
    unsigned Dims = 1 + Random() % 3, Boxes = 1 + Random() % 6;
    std::string Text = "{ ";
    uint64_t Bound = 0;
    for (unsigned B = 0; B < Boxes; ++B) {
      Text += B ? "; [" : "[";
      std::string Cs;
      uint64_t Volume = 1;
      for (unsigned D = 0; D < Dims; ++D) {
        int Lo = int(Random() % 12) - 4, Len = 1 + int(Random() % 7);
        Text += (D ? ", o" : "o") + std::to_string(D);
        Cs += (D ? " and " : "") + std::to_string(Lo) + " <= o" +
              std::to_string(D) + " <= " + std::to_string(Lo + Len - 1);
        Volume *= Len;
      }
      Text += "] : " + Cs;
      Bound += Volume;
    }
    isl::set S = set(Text + " }");
    bool Exact = false;
    EXPECT_EQ(countPoints(S, Bound, Exact),
              std::optional<uint64_t>(islCount(S)))
        << Text;
    EXPECT_TRUE(Exact) << Text;
  }
}

// Pieces that are not boxes (a triangle, a stride) are isl's to count.
TEST_F(CountPoints, OtherSetsStillCountedByIsl) {
  isl::set Triangle = set("{ [i, j] : 0 <= j <= i <= 9; "
                          "[i, j] : 20 <= i <= 21 and 0 <= j <= 1 }");
  bool Exact = false;
  EXPECT_EQ(countPoints(Triangle, 100, Exact), std::optional<uint64_t>(59));
  EXPECT_TRUE(Exact);
  isl::set Even = set("{ [i] : exists k : i = 2k and 0 <= i <= 99; "
                      "[i] : 200 <= i <= 201 }");
  EXPECT_EQ(countPoints(Even, 100, Exact), std::optional<uint64_t>(52));
  EXPECT_TRUE(Exact);
}

// Past -prem-footprint-max-count points a set isl would have to enumerate
// is bounded instead: the smaller of the bound and its box hull.
TEST_F(CountPoints, LargeSetsThatAreNotBoxesAreBounded) {
  isl::set Triangle = set("{ [i, j] : 0 <= j <= i <= 9999 }");
  bool Exact = true;
  EXPECT_EQ(countPoints(Triangle, 1ull << 40, Exact),
            std::optional<uint64_t>(100000000));
  EXPECT_FALSE(Exact);
}

} // namespace
