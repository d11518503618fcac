//===- IslTextCacheTest.cpp - Unit tests of the isl text cache ------------===//
//
// Part of prem-llvm. parseSetToMeasure reads through the IslTextCache of
// its context while one is open (FootprintInfo opens one beside its
// context): the same text gives the same isl object, whose points
// operations never change; a read that failed is tried again; without a
// cache, or once it is gone, and always for parseSet, every read is isl's.
// keptResult keeps a computation's whole result by its key while the cache
// lives; IntervalLength::get and ByteIntervalExprs::build go through it.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslCodegen.h"
#include "prem/Support/IslSet.h"

#include "isl/options.h"
#include "llvm/Support/CommandLine.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

using namespace prem;

namespace {

const std::string Tile =
    "[n, lb] -> { A[o] : exists i, e : lb <= i < lb + n and 0 <= e < 4 and "
    "o = 512i + e and n >= 1 }";

class TextCache : public ::testing::Test {
protected:
  // isl::ctx is a handle: the test owns the context, as FootprintInfo does.
  // Failed reads say nothing, as under FootprintInfo.
  isl_ctx *Ctx = isl_ctx_alloc();
  TextCache() { isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE); }
  ~TextCache() override { isl_ctx_free(Ctx); }
};

TEST_F(TextCache, WithoutACacheEveryReadIsIsls) {
  isl::set First = parseSetToMeasure(Ctx, Tile),
           Second = parseSetToMeasure(Ctx, Tile);
  ASSERT_FALSE(First.is_null());
  EXPECT_NE(First.get(), Second.get());
  EXPECT_TRUE(First.is_equal(Second));
}

TEST_F(TextCache, TheSameTextToMeasureGivesTheKeptSet) {
  std::optional<isl::set> Kept;
  {
    IslTextCache Cache(Ctx);
    isl::set First = parseSetToMeasure(Ctx, Tile),
             Second = parseSetToMeasure(Ctx, Tile);
    ASSERT_FALSE(First.is_null());
    EXPECT_EQ(First.get(), Second.get());
    EXPECT_NE(parseSetToMeasure(Ctx, "{ [i] : 0 <= i < 8 }").get(),
              First.get());
    // Sets whose text or code is made are read afresh.
    EXPECT_NE(parseSet(Ctx, Tile).get(), First.get());
    Kept = First;
  }
  // The cache is gone: reads are isl's again, and the set taken from it is
  // still a valid set.
  EXPECT_NE(parseSetToMeasure(Ctx, Tile).get(), Kept->get());
  EXPECT_TRUE(Kept->is_equal(parseSet(Ctx, Tile)));
}

// isl may rewrite a shared set in place, but never its points: what is
// measured on a kept set is what a fresh read gives.
TEST_F(TextCache, AKeptSetKeepsItsPoints) {
  IslTextCache Cache(Ctx);
  isl::set Read = parseSetToMeasure(Ctx, Tile);
  isl::set Reference = parseSet(Ctx, Tile);
  isl::set Fixed = Read.fix_si(isl::dim::param, 0, 3)
                       .intersect(parseSet(Ctx, "[n, lb] -> { A[o] : o < 9 }"));
  isl::pw_aff Least = Read.dim_min(0), Greatest = Read.dim_max(0);
  EXPECT_FALSE(Fixed.is_equal(Reference));
  EXPECT_TRUE(parseSetToMeasure(Ctx, Tile).is_equal(Reference));
  EXPECT_TRUE(Least.is_equal(Reference.dim_min(0)));
  EXPECT_TRUE(Greatest.is_equal(Reference.dim_max(0)));
  EXPECT_EQ(parseSetToMeasure(Ctx, Tile).get(), Read.get());
}

TEST_F(TextCache, AReadThatFailedIsTriedAgain) {
  IslTextCache Cache(Ctx);
  EXPECT_TRUE(parseSetToMeasure(Ctx, "{ [i] : i <").is_null());
  // Under an exhausted quota isl reads nothing; the text is not marked bad.
  std::string Hard = "[n] -> { [i, j] : exists k : 0 <= i < n and 0 <= j < n "
                     "and i + j = 3k }";
  {
    IslQuota Quota(Ctx, 1);
    EXPECT_TRUE(parseSetToMeasure(Ctx, Hard).is_null());
  }
  isl::set Read = parseSetToMeasure(Ctx, Hard);
  EXPECT_FALSE(Read.is_null());
  EXPECT_EQ(parseSetToMeasure(Ctx, Hard).get(), Read.get());
}

TEST_F(TextCache, ContextsKeepTheirOwnCaches) {
  isl_ctx *Other = isl_ctx_alloc();
  {
    IslTextCache Cache(Ctx), OtherCache(Other);
    isl::set Here = parseSetToMeasure(Ctx, Tile),
             There = parseSetToMeasure(Other, Tile);
    EXPECT_NE(Here.get(), There.get());
    EXPECT_EQ(There.get(), parseSetToMeasure(Other, Tile).get());
    EXPECT_EQ(There.ctx().get(), Other);
  }
  isl_ctx_free(Other);
}

TEST_F(TextCache, AWholeResultIsComputedOnce) {
  unsigned Runs = 0;
  auto Count = [&] { return ++Runs; };
  auto Whole = [](unsigned) { return true; };
  // Without a cache every caller computes.
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, Whole), 1u);
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, Whole), 2u);
  {
    IslTextCache Cache(Ctx);
    auto First = keptResult<unsigned>(Ctx, "count", Count, Whole);
    EXPECT_EQ(*First, 3u);
    EXPECT_EQ(keptResult<unsigned>(Ctx, "count", Count, Whole), First);
    EXPECT_EQ(*keptResult<unsigned>(Ctx, "other", Count, Whole), 4u);
    EXPECT_EQ(Runs, 4u);
  }
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, Whole), 5u);
}

TEST_F(TextCache, AResultCutShortIsComputedAgain) {
  IslTextCache Cache(Ctx);
  unsigned Runs = 0;
  auto Count = [&] { return ++Runs; };
  auto WholeFromTheSecond = [](unsigned Run) { return Run >= 2; };
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, WholeFromTheSecond), 1u);
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, WholeFromTheSecond), 2u);
  EXPECT_EQ(*keptResult<unsigned>(Ctx, "count", Count, WholeFromTheSecond), 2u);
  EXPECT_EQ(Runs, 2u);
}

// The tile-size search asks for the lengths of the same sets for every
// slot, pitch and depth: one length per sets and context, and its answers
// are those of a length built afresh.
TEST_F(TextCache, IntervalLengthsAreShared) {
  std::string Bounds = "[n, lb] -> { : n >= 1 }";
  std::string One = "[n, lb] -> { : n = 1 }", Four = "[n, lb] -> { : n = 4 }";
  IntervalLength Fresh(Ctx, {Tile}, Bounds);
  IslTextCache Cache(Ctx);
  auto Length = IntervalLength::get(Ctx, {Tile}, Bounds);
  EXPECT_EQ(IntervalLength::get(Ctx, {Tile}, Bounds), Length);
  EXPECT_NE(IntervalLength::get(Ctx, {Tile}, One), Length);
  for (int Ask = 0; Ask < 2; ++Ask) {
    EXPECT_EQ(Length->largest(One), std::optional<uint64_t>(4));
    EXPECT_EQ(Length->largest(Four), std::optional<uint64_t>(3 * 512 + 4));
    EXPECT_EQ(Length->largest(Four), Fresh.largest(Four));
  }
  // Unbounded: no largest length, however often asked.
  EXPECT_EQ(Length->largest(Bounds), std::nullopt);
  EXPECT_EQ(Length->largest(Bounds), std::nullopt);
}

// A kept interval's code is the code of a fresh build, and a set without
// one gives the same reason each time.
TEST_F(TextCache, ByteIntervalCodeIsKeptWithItsReason) {
  IslTextCache Cache(Ctx);
  llvm::StringSet<> Known{"n", "lb"};
  std::string Context = "[n, lb] -> { : n >= 1 }", Why;
  auto Code = ByteIntervalExprs::build(Ctx, Tile, Context, Known, Why);
  ASSERT_TRUE(Code.has_value());
  EXPECT_TRUE(Why.empty());
  EXPECT_TRUE(ByteIntervalExprs::build(Ctx, Tile, Context, Known, Why));
  // Without the parameter lb the code cannot be emitted.
  llvm::StringSet<> OnlyN{"n"};
  EXPECT_FALSE(ByteIntervalExprs::build(Ctx, Tile, Context, OnlyN, Why));
  std::string FirstWhy = Why;
  EXPECT_NE(FirstWhy.find("no code form"), std::string::npos);
  Why.clear();
  EXPECT_FALSE(ByteIntervalExprs::build(Ctx, Tile, Context, OnlyN, Why));
  EXPECT_EQ(Why, FirstWhy);
}

// A length that could not be built (its quota ran out while isl read the
// sets, which isl may report as a syntax error) is built again by the next
// caller, who may have the budget; so is a largest value that was not found.
TEST_F(TextCache, AFailureIsNotKept) {
  auto &Options = llvm::cl::getRegisteredOptions();
  auto *Quota = static_cast<llvm::cl::opt<unsigned> *>(
      Options.lookup("prem-isl-max-operations"));
  ASSERT_NE(Quota, nullptr);
  unsigned Default = *Quota;
  std::string Bounds = "[n, lb] -> { : n >= 1 }";
  std::string Four = "[n, lb] -> { : n = 4 }";
  IslTextCache Cache(Ctx);
  // (IntervalLength takes a twentieth of the budget: one operation.)
  *Quota = 20;
  auto Starved = IntervalLength::get(Ctx, {Tile}, Bounds);
  *Quota = Default;
  EXPECT_EQ(Starved->largest(Four), std::nullopt);
  auto Length = IntervalLength::get(Ctx, {Tile}, Bounds);
  EXPECT_NE(Length, Starved);
  EXPECT_EQ(Length->largest(Four), std::optional<uint64_t>(3 * 512 + 4));
  EXPECT_EQ(IntervalLength::get(Ctx, {Tile}, Bounds), Length);
  // The largest value under a starved quota is asked again.
  std::string Two = "[n, lb] -> { : n = 2 }";
  *Quota = 1;
  EXPECT_EQ(Length->largest(Two), std::nullopt);
  *Quota = Default;
  EXPECT_EQ(Length->largest(Two), std::optional<uint64_t>(512 + 4));
}

// Quotas nest (rowsAndColumns' simplify): the inner one gives the outer one
// back its limit and its error when it ends; outside every quota there is
// neither.
TEST_F(TextCache, AnInnerQuotaGivesTheOuterOneBack) {
  std::string Hard = "[n] -> { [i, j] : exists k : 0 <= i < n and 0 <= j < n "
                     "and i + j = 3k }";
  {
    IslQuota Outer(Ctx, 1);
    {
      IslQuota Inner(Ctx, 1000000);
      EXPECT_FALSE(parseSet(Ctx, Hard).is_null());
      EXPECT_FALSE(Inner.failed());
    }
    EXPECT_FALSE(Outer.failed());
    EXPECT_TRUE(parseSet(Ctx, Hard).is_null());
    EXPECT_TRUE(Outer.failed());
    {
      IslQuota Inner(Ctx, 1000000);
      EXPECT_FALSE(Inner.failed());
    }
    // (The outer computation's failure is still seen.)
    EXPECT_TRUE(Outer.failed());
  }
  EXPECT_EQ(isl_ctx_last_error(Ctx), isl_error_none);
  EXPECT_FALSE(parseSet(Ctx, Hard).is_null());
}

} // namespace
