//===- Footprint.h - Memory footprint of kernel loop nests ------*- C++ -*-===//
//
// Part of prem-llvm. The prem-footprint analysis (seed 001, Algorithm 1, then
// beyond it): for each SIMT loop nest of each kernel, per array, the elements
// the nest touches as an exact integer set (isl), how they are accessed, and
// the bytes one tile of given size moves.
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_FOOTPRINT_H
#define PREM_ANALYSIS_FOOTPRINT_H

#include "prem/Analysis/KernelInfo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "isl/isl-noexceptions.h"

namespace llvm {
class ScalarEvolution;
class BasicBlock;
class BranchInst;
class ICmpInst;
class Instruction;
class SCEV;
class Value;
} // namespace llvm

namespace prem {

class IslTextCache;

/// Why a nest's footprint is not exact. Each becomes an analysis remark.
/// The isl parameters of a tile's byte sets (ArrayFootprint's
/// TileAccessBytes and the inner tiles' sets): the tile's first SIMT value
/// and its count of SIMT values, and for an inner tile the first iteration
/// and the count of iterations of the depth-1 and depth-2 loops. prem-tile
/// binds them to each tile's values.
namespace tileparam {
inline constexpr llvm::StringLiteral SIMTLower = "simt_lb";
inline constexpr llvm::StringLiteral SIMTCount = "simt_n";
inline constexpr llvm::StringLiteral Tile1Lower = "tile1_lb";
inline constexpr llvm::StringLiteral Tile1Count = "tile1_n";
inline constexpr llvm::StringLiteral Tile2Lower = "tile2_lb";
inline constexpr llvm::StringLiteral Tile2Count = "tile2_n";
} // namespace tileparam

/// Why a footprint is not exact: X(Enumerator, remark name, what the
/// STATISTIC counting it says).
#define PREM_FOOTPRINT_ISSUES(X)                                               \
  X(UnknownTripCount, "UnknownTripCount", "unknown trip count")                \
  X(NonAffineSubscript, "NonAffineSubscript", "non-affine subscript")          \
  X(IndirectAccess, "IndirectAccess", "indirect access")                       \
  X(UnknownCall, "UnknownCall", "call that may touch memory")                  \
  X(Atomic, "Atomic", "atomic access")                                         \
  X(Volatile, "Volatile", "volatile access")                                   \
  X(ParametricStride, "ParametricStride", "runtime stride")                    \
  X(IrreducibleControlFlow, "IrreducibleControlFlow",                          \
    "irreducible control flow")                                                \
  X(NoSIMT, "NoSIMTLoop", "no SIMT loop or thread index")                     \
  X(OwnBarriers, "OwnBarriers", "block barriers of the kernel's own")

enum class FootprintIssue {
#define PREM_FOOTPRINT_ISSUE_ENUMERATOR(Enumerator, Name, Description)         \
  Enumerator,
  PREM_FOOTPRINT_ISSUES(PREM_FOOTPRINT_ISSUE_ENUMERATOR)
#undef PREM_FOOTPRINT_ISSUE_ENUMERATOR
};
/// The remark name of an issue.
llvm::StringRef footprintIssueName(FootprintIssue I);

struct FootprintReason {
  FootprintIssue Issue;
  std::string Message;
  const llvm::Instruction *At = nullptr;
};

/// One loop of a nest, outermost first. Depth 0 is the SIMT dimension: the
/// worksharing loop, or the x thread index of a CUDA kernel (Header null).
struct NestLoop {
  llvm::BasicBlock *Header = nullptr;
  unsigned Depth = 0;
  bool IsSIMT = false;
  /// Iterations, when a compile-time constant.
  std::optional<uint64_t> TripCount;
  /// Largest trip count over the nest (triangular loops), when bounded.
  std::optional<uint64_t> MaxTripCount;
  /// Trip count as SCEV prints it (or "simt_n" for the SIMT loop).
  std::string TripCountText;
  /// A loop of the SIMT loop's body (depth 1) whose only way in is one way
  /// of this branch, which isl proves is taken exactly on the iterations
  /// where the footprint's trip count is positive (symm's `if (i > 0)`
  /// before `for (k = 0; k < i; k++)` under collapse(2), i = iv / NJ): the
  /// loop then runs where its domain is not empty. prem-tile's own test
  /// (firstTripGuard) compares the two expressions as written.
  const llvm::BranchInst *EntryTest = nullptr;
  unsigned Line = 0;
};

/// One subscript of an access: an affine form in the nest's loop dimensions.
/// For arrays kept flat (the usual case) there is one subscript, in units of
/// the array's granule (gcd of all strides, offsets and access sizes, in
/// bytes); delinearised arrays have one per dimension, in elements.
struct AffineSubscript {
  /// Coefficient per dimension (loop depth) of the access's loop chain.
  llvm::SmallVector<int64_t, 4> DimCoeffs;
  /// Constant part, and the part that depends on loop-invariant runtime
  /// values (kept as text: accesses with equal text are translates of each
  /// other and are merged exactly; different ones are summed).
  int64_t Constant = 0;
  std::string ParamPart;
  /// Floor terms (collapse(n) loops: floor(i0/64)) as isl text, and per
  /// dimension the lcm of the divisors of the floors it appears in (0: none).
  std::string FloorPart;
  llvm::SmallVector<int64_t, 4> FloorPeriod;
  /// Per floor term of one dimension (floor(i0/32), a 2-D block's row),
  /// how far the subscript moves when it steps by one, the dimension with
  /// it: a row's pitch (i0 + 38*floor(i0/32) is x + 70*y), which a 2-D
  /// transfer may use.
  llvm::SmallVector<int64_t, 2> FloorStrides;
  /// How many floor terms FloorPart holds.
  unsigned FloorTerms = 0;
  bool hasDims() const;
};

struct AffineAccess {
  llvm::SmallVector<AffineSubscript, 2> Subscripts;
  /// For people to read: an access of an array in a virtual layout
  /// (ArrayFootprint::VirtualRowBytes) as its row and column subscripts.
  std::string RowColumnText;
  /// Index into NestFootprint::Loops of the loop at each depth.
  llvm::SmallVector<unsigned, 4> LoopOfDepth;
  /// Granules the access covers from its address (last subscript).
  unsigned SizeInGranules = 1;
  bool IsWrite = false;
  const llvm::Instruction *Inst = nullptr;
  /// The branches of its innermost loop's body (of the kernel, at depth 0 of
  /// a thread-index nest) whose one edge leads to the access, outermost
  /// first, with the successor it takes. Empty for an access that runs on
  /// every iteration; prem-tile checks that the access runs exactly where
  /// they all go its way (a branch taken is no join of other paths).
  llvm::SmallVector<std::pair<const llvm::BranchInst *, unsigned>, 2> Guards;
  /// The guards' conditions as isl constraints over i0.. and the nest's
  /// parameters, part of the access's domain; empty without guards. Where
  /// one is not affine, ConditionWhy says why and the domain has none of
  /// them (an over-estimate prem-tile does not use).
  std::string Condition, ConditionWhy;
};

struct ArrayFootprint {
  std::string Name;
  const llvm::Value *Base = nullptr;
  unsigned ElementBytes = 0;
  unsigned GranuleBytes = 0;
  bool Read = false, Written = false;
  /// Sizes of the inner dimensions of a delinearised array (A[*][n]: "n");
  /// empty for a flat array.
  llvm::SmallVector<std::string, 2> DimSizes;
  /// A delinearised 2-D array with a runtime row length (A[i*n + j]) is
  /// kept flat in a virtual layout: element (r, c) at byte
  /// r * VirtualRowBytes + c * ElementBytes, rows VirtualRowBytes apart
  /// whatever n is. Its byte sets are then affine, and distinct elements
  /// have distinct virtual bytes wherever 0 <= c < n and n * ElementBytes
  /// <= MaxRowBytes, which prem-tile proves (columns) and checks at run
  /// time (row length) before a tile takes the scratchpad path; its copies
  /// are 2-D transfers whose rows are RowLength (a parameter, in elements)
  /// times ElementBytes apart in memory. 0: not virtual.
  uint64_t VirtualRowBytes = 0;
  std::string RowLength;
  static constexpr uint64_t VirtualLayoutRowBytes = uint64_t(1) << 32;
  static constexpr uint64_t MaxRowBytes = uint64_t(1) << 31;
  /// Every access address is invariant in the nest (a scalar, Alg. 1 l. 10).
  bool Invariant = false;
  llvm::SmallVector<AffineAccess, 4> Accesses;
  /// The accesses with equal linear and runtime parts fused into contiguous
  /// runs (unrolled or vectorised code: A[i+0] x4, A[i+4] x4, ... become one
  /// A[i] x8). The same elements as Accesses, in fewer isl pieces; counts
  /// use these.
  llvm::SmallVector<AffineAccess, 4> Pieces;
  /// Elements touched by the whole nest, in granule units, over parameters
  /// (runtime values and the SIMT bounds simt_lb, simt_n): isl's text of
  /// Elements made readable (simplify). Only people read it
  /// (print<prem-footprint>, the report), and a readable form may take isl a
  /// convex hull (a sixth of conv3d's compile, issue 27): it is worked out
  /// when first asked for, and kept (isl may rewrite Elements in place while
  /// simplifying it, which a second simplification could print otherwise).
  /// Where there is no set, ElementText says why ("unknown (...)").
  const std::string &elementSet() const;
  isl::set Elements;
  mutable std::optional<std::string> ElementText;
  /// First and last byte touched, as offsets from the base over the same
  /// parameters (isl piecewise-affine text).
  std::string ByteRange;
  /// Bytes one tile of the worksharing loop touches through each access
  /// (equal sets once), and bytes it writes (the union), as offsets from the
  /// base: isl sets over the nest's parameters where the tile is
  /// simt_lb <= i0 < simt_lb + simt_n (simt_lb symbolic even when the loop
  /// starts at a constant; for a thread-index kernel, the block's threads
  /// 0 <= i0 < block size). Empty when not expressible (delinearised or
  /// floor subscripts); what prem-tile builds on.
  llvm::SmallVector<std::string, 4> TileAccessBytes;
  std::string TileWriteBytes;
  /// The same for a tile of the depth-d loop (index d - 1) within one
  /// iteration of each loop around it (simt_n = 1): for d = 1, iterations
  /// tile1_lb <= i1 < tile1_lb + tile1_n; for d = 2, i1 = tile1_lb and
  /// tile2_lb <= i2 < tile2_lb + tile2_n (seed 001, Algorithm 2, one level
  /// deeper). Empty when an access is outside that loop.
  std::array<llvm::SmallVector<std::string, 4>, 2> InnerTileAccessBytes;
  std::array<std::string, 2> InnerTileWriteBytes;
  /// The accesses that are translates of each other (equal but for a
  /// constant offset), with the sets among TileAccessBytes /
  /// InnerTileAccessBytes that bound them: an array read through accesses of
  /// different shapes (A[i][k] and A[j][k]) can be copied as one interval per
  /// shape instead of one interval spanning them all.
  struct AccessGroup {
    llvm::SmallVector<const llvm::Instruction *, 4> Insts;
    llvm::SmallVector<std::string, 2> TileSets;
    std::array<llvm::SmallVector<std::string, 2>, 2> InnerTileSets;
    /// Translates, per tile depth 0..2 (see below).
    std::array<llvm::SmallVector<std::string, 2>, 3> Translates;
  };
  llvm::SmallVector<AccessGroup, 2> Groups;
  /// Per tile depth 0..2, the bytes of the accesses
  /// the sets above leave out (a translate between the first and the last
  /// of its group). They widen no interval, but they may widen the columns
  /// of a 2-D transfer: in a tile of j, A[i*n + j - 1] lies between
  /// A[(i-1)*n + j] and A[(i+1)*n + j] yet reaches a column neither does.
  std::array<llvm::SmallVector<std::string, 4>, 3> TranslateBytes;
};

/// A load or store whose address the nest computes from data it loads
/// (x[idx[i]], or through a pointer loaded in the nest): it has no affine
/// form and no interval, so PREM tiles move it element by element (issue 3:
/// dae for that access) through a slot of one element per execution: a load
/// is gathered in the Load phase, a store (a scatter) stored in the Store
/// phase.
struct IndirectSite {
  const llvm::Instruction *Inst = nullptr;
  /// The array read or written, as far as it is known ("x"), for reports.
  std::string Name;
  unsigned Bytes = 0;
  /// Index into NestFootprint::Loops of the loop at each depth.
  llvm::SmallVector<unsigned, 4> LoopOfDepth;
  /// Why the address is not affine.
  std::string Why;
};

class FootprintInfo;

struct NestFootprint {
  const KernelRecord *Kernel = nullptr;
  llvm::Function *Region = nullptr;
  llvm::SmallVector<NestLoop, 4> Loops;
  std::vector<ArrayFootprint> Arrays;
  /// Indirect loads and stores, not in Arrays (their array may be there
  /// too, through its affine accesses).
  llvm::SmallVector<IndirectSite, 2> Gathers, Scatters;
  llvm::SmallVector<FootprintReason, 2> Reasons;
  /// Assumptions the affine forms rest on (no wrap of narrow index math).
  bool AssumesNoWrap = false;
  /// The loop-invariant runtime values the isl sets name, by name.
  llvm::SmallVector<std::pair<std::string, const llvm::SCEV *>, 4> Params;
  /// Branches of the SIMT loop's body (outside its inner loops) that isl
  /// proves go one way on every iteration of the kernel's iteration space,
  /// each with the successor it never takes: a rotated loop's guard that the
  /// bounds imply (symm's `for (k = i; k < NI; k++)` under collapse(2):
  /// i < NI always holds). prem-tile reads the body as if those edges were
  /// not there when it asks whether a block runs on every iteration.
  llvm::SmallVector<std::pair<const llvm::BranchInst *, unsigned>, 1>
      NeverTaken;

  bool isExact() const { return Reasons.empty(); }

  /// Bytes one tile touches, each unique byte counted once: Iterations[d] is
  /// the number of iterations of loop d in the tile (missing or 0: the whole
  /// loop, which needs a constant or bounded trip count). nullopt with
  /// *Why set when it cannot be known at compile time. A set too large to
  /// enumerate that is not a box gives an upper bound and clears *IsExact.
  std::optional<uint64_t> bytesPerTile(llvm::ArrayRef<uint64_t> Iterations,
                                       std::string *Why = nullptr,
                                       bool *IsExact = nullptr) const;
  /// Executions of an indirect load or store in such a tile (loops it is in
  /// that the tile does not cut run whole: their largest trip count); nullopt
  /// when a loop around it is unbounded.
  std::optional<uint64_t>
  indirectExecutionsPerTile(const IndirectSite &G,
                            llvm::ArrayRef<uint64_t> Iterations) const;
  /// Same, for one array.
  std::optional<uint64_t> arrayBytesPerTile(const ArrayFootprint &A,
                                            llvm::ArrayRef<uint64_t> Iterations,
                                            std::string *Why = nullptr,
                                            bool *IsExact = nullptr) const;

  const FootprintInfo *Owner = nullptr;

private:
  /// Counts already made: the printer, the report, the remarks and the
  /// tiling search ask for the same tiles.
  struct CachedCount {
    std::optional<uint64_t> Bytes;
    bool Exact = true;
    std::string Why;
  };
  /// Keyed by the array's index in Arrays and the tile.
  mutable std::map<std::pair<size_t, std::vector<uint64_t>>, CachedCount>
      Counts;
  CachedCount countArray(const ArrayFootprint &A,
                         llvm::ArrayRef<uint64_t> Iterations) const;
};

class FootprintInfo {
  /// The bindings' isl::ctx is a handle that frees nothing: the context is
  /// owned here, through the C API, as Polly's Scop owns its own.
  struct IslCtxDeleter {
    void operator()(isl_ctx *Ctx) const;
  };
  /// Declared first so that it is destroyed last.
  std::unique_ptr<isl_ctx, IslCtxDeleter> Ctx;
  /// What was read in Ctx (a pointer: the cache is registered by address).
  std::unique_ptr<IslTextCache> Texts;

public:
  FootprintInfo();
  FootprintInfo(FootprintInfo &&Other);
  ~FootprintInfo();
  FootprintInfo &operator=(FootprintInfo &&) = delete;

  std::vector<NestFootprint> Nests;

  isl::ctx ctx() const;
  void print(llvm::raw_ostream &OS, llvm::ArrayRef<uint64_t> TileSizes) const;
  llvm::json::Array toJSON(llvm::ArrayRef<uint64_t> TileSizes) const;
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &);
};

class FootprintAnalysis : public llvm::AnalysisInfoMixin<FootprintAnalysis> {
  friend llvm::AnalysisInfoMixin<FootprintAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = FootprintInfo;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

/// print<prem-footprint>; tile sizes from -prem-footprint-tile.
class FootprintPrinterPass : public llvm::PassInfoMixin<FootprintPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit FootprintPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// A call whose only effect is to write errno: a math function under
/// -fmath-errno (sqrtf on host offload; GPU targets have no errno). It
/// touches no array of the kernel and no value the kernel reads back, so
/// the footprint and the phases treat it as computation.
bool writesOnlyErrno(const llvm::Instruction &I);

/// An instruction LLVM counts as touching memory that touches none of the
/// kernel's data: an errno-only call (writesOnlyErrno), an llvm.assume
/// (clang's unrolled loops assume their remainder's trip count), a
/// lifetime marker or a pseudo probe. The footprint, prem-tile's legality
/// and the Execute phase's check treat it as computation.
bool touchesNoProgramData(const llvm::Instruction &I);

/// The value a footprint parameter names: S without its sign extensions,
/// and without zero extensions of what is not negative (parameters are
/// expanded sign-extended). sext(n) and n are one parameter, so that isl
/// sees a row length n, a trip count n and a bound j < n alike.
const llvm::SCEV *parameterValue(const llvm::SCEV *S,
                                 llvm::ScalarEvolution &SE);

/// The footprint's reading of an integer cast (AffineForm's translate):
/// one that passes through this many bits or fewer is its operand only
/// where no bit is lost, else low bits or not modelled; a wider one is its
/// operand (the no-wrap assumption it records). prem-tile compares trip
/// counts the same way (firstTripGuard in the model).
constexpr unsigned NarrowCastBits = 16;

/// Whether Cmp compares an index's low bits (x & (2^k - 1): seidel's colour
/// ((i + j) & 1) == c). Such a test is a condition of the accesses after
/// it (Guards.cpp), never part of a thread block's bounds guard: half of
/// every block fails it.
bool comparesLowBits(const llvm::ICmpInst &Cmp);

/// "[32,8]": iterations per depth of a tile, as printers show them.
std::string tileText(llvm::ArrayRef<uint64_t> Iterations);

/// Tile sizes given with -prem-footprint-tile=N[,N...] (validated).
llvm::ArrayRef<uint64_t> footprintTileSizes();

} // namespace prem

#endif // PREM_ANALYSIS_FOOTPRINT_H
