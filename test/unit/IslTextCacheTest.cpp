//===- IslTextCacheTest.cpp - Unit tests of the isl text cache ------------===//
//
// Part of prem-llvm. parseSet and parseMap read through the IslTextCache
// of their context while one is open (FootprintInfo opens one beside its
// context): the same text gives the same isl object, which operations never
// change; a read that failed is tried again; without a cache, or once it is
// gone, every read is isl's.
//
//===----------------------------------------------------------------------===//

#include "prem/Support/IslSet.h"

#include "isl/options.h"

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
  isl::set First = parseSet(Ctx, Tile), Second = parseSet(Ctx, Tile);
  ASSERT_FALSE(First.is_null());
  EXPECT_NE(First.get(), Second.get());
  EXPECT_TRUE(First.is_equal(Second));
}

TEST_F(TextCache, TheSameTextGivesTheKeptObject) {
  std::optional<isl::set> Kept;
  {
    IslTextCache Cache(Ctx);
    isl::set First = parseSet(Ctx, Tile), Second = parseSet(Ctx, Tile);
    ASSERT_FALSE(First.is_null());
    EXPECT_EQ(First.get(), Second.get());
    EXPECT_NE(parseSet(Ctx, "{ [i] : 0 <= i < 8 }").get(), First.get());
    isl::map Rows = parseMap(Ctx, "{ [b] -> [floor(b / 512)] }");
    EXPECT_EQ(Rows.get(), parseMap(Ctx, "{ [b] -> [floor(b / 512)] }").get());
    Kept = First;
  }
  // The cache is gone: reads are isl's again, and the set taken from it is
  // still a valid set.
  EXPECT_NE(parseSet(Ctx, Tile).get(), Kept->get());
  EXPECT_TRUE(Kept->is_equal(parseSet(Ctx, Tile)));
}

TEST_F(TextCache, OperationsLeaveAKeptSetAsItWas) {
  IslTextCache Cache(Ctx);
  isl::set Read = parseSet(Ctx, Tile);
  isl::set Reference = isl::set(isl::ctx(Ctx), Tile);
  // Operations that isl may do in place on an object it owns alone.
  isl::set Fixed = Read.fix_si(isl::dim::param, 0, 3)
                       .intersect(parseSet(Ctx, "[n, lb] -> { A[o] : o < 9 }"));
  isl::set Coalesced = Read.coalesce();
  EXPECT_FALSE(Fixed.is_equal(Reference));
  EXPECT_TRUE(parseSet(Ctx, Tile).is_equal(Reference));
  EXPECT_EQ(parseSet(Ctx, Tile).get(), Read.get());
}

TEST_F(TextCache, AReadThatFailedIsTriedAgain) {
  IslTextCache Cache(Ctx);
  EXPECT_TRUE(parseSet(Ctx, "{ [i] : i <").is_null());
  // Under an exhausted quota isl reads nothing; the text is not marked bad.
  std::string Hard = "[n] -> { [i, j] : exists k : 0 <= i < n and 0 <= j < n "
                     "and i + j = 3k }";
  {
    IslQuota Quota(Ctx, 1);
    EXPECT_TRUE(parseSet(Ctx, Hard).is_null());
  }
  EXPECT_FALSE(parseSet(Ctx, Hard).is_null());
}

TEST_F(TextCache, ContextsKeepTheirOwnCaches) {
  isl_ctx *Other = isl_ctx_alloc();
  {
    IslTextCache Cache(Ctx), OtherCache(Other);
    isl::set Here = parseSet(Ctx, Tile), There = parseSet(Other, Tile);
    EXPECT_NE(Here.get(), There.get());
    EXPECT_EQ(There.get(), parseSet(Other, Tile).get());
    EXPECT_EQ(There.ctx().get(), Other);
  }
  isl_ctx_free(Other);
}

} // namespace
