//===- PhasePlan.h - PREM modes and what a tile's phases do -----*- C++ -*-===//
//
// Part of prem-llvm. The one registry of prem-les's modes (-prem-mode) and
// the PhasePlan: per tiled loop, what its Load and Store phases do with each
// scratchpad slot under a mode. prem-les computes the plan once, follows it
// and records it; the report reads the record. Adding a mode is a row of
// the registry (and, for a new kind of copy, the rewriting in PremLES.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PREM_ANALYSIS_PHASEPLAN_H
#define PREM_ANALYSIS_PHASEPLAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace prem {

enum class PremMode { Compatible, DAE, SoftDMA };

/// How a mode moves a slot's bytes between the array and the scratchpad.
enum class Transfer {
  /// Element by element, in a copy of the tile stripped to its loads (its
  /// stores).
  Elements,
  /// The slot's byte interval (a 2-D slot's rows) by the runtime's
  /// cooperative copies; stores only when the tile writes every byte of it,
  /// element by element otherwise.
  Intervals,
};

/// One row of the registry.
struct ModeInfo {
  PremMode Mode;
  /// The -prem-mode value, and the report's "mode".
  llvm::StringRef Name;
  /// -prem-mode's help.
  llvm::StringRef Description;
  /// False: the tile is not split; it runs unchanged in one memory phase.
  bool Splits;
  /// How read slots reach the scratchpad and written slots leave it.
  Transfer Load, Store;
};

/// Every mode, in -prem-mode's order.
llvm::ArrayRef<ModeInfo> premModes();
const ModeInfo &modeInfo(PremMode M);

/// A scratchpad slot as the tile's contract describes it (PremTile.h).
struct SlotUse {
  enum class Indirect { None, Gather, Scatter };
  std::string Name;
  bool Read = false, Written = false, WriteHasNoHoles = false;
  /// A 2-D slot: its interval is copied as rows.
  bool Rows = false;
  Indirect Kind = Indirect::None;
};

/// What the phases do with one slot.
struct SlotPhases {
  SlotUse Use;
  /// The Load phase copies the slot's interval (rows) into the scratchpad.
  bool CopyIn = false;
  /// The Load phase's stripped copy stores each element it loads into the
  /// slot.
  bool LoadElements = false;
  /// The Store phase copies the slot's written interval (rows) back.
  bool CopyOut = false;
  /// The Store phase's stripped copy stores each element the tile writes
  /// (a scattered slot's: where the original stored it) from the slot.
  bool StoreElements = false;

  bool gathers() const { return Use.Kind == SlotUse::Indirect::Gather; }
  bool scatters() const { return Use.Kind == SlotUse::Indirect::Scatter; }
  /// What the report calls the Load (Store) phase's transfer: none,
  /// element-wise, interval, rows, gather (scatter).
  llvm::StringRef loadName() const;
  llvm::StringRef storeName() const;
};

/// What prem-les does to one tiled loop.
struct PhasePlan {
  /// The tile's id (prem.tile's first operand: the index of its nest).
  unsigned Tile = 0;
  const ModeInfo *Mode = nullptr;
  /// In slot order (the contract's slot index).
  llvm::SmallVector<SlotPhases, 4> Slots;
  /// The Load phase runs a copy of the tile stripped to its loads (its
  /// element-wise copies, its gathers, or the checks of its scattered
  /// addresses).
  bool StrippedLoad = false;
  /// The Store phase runs a copy of the tile stripped to its stores.
  bool StrippedStore = false;
  /// Why prem-les could not follow the plan (the tile was left as prem-tile
  /// made it); empty when it did.
  std::string Error;

  /// The phases as the report shows them: per slot its name and Load and
  /// Store transfers, or for an unsplit tile what its memory phase runs.
  llvm::json::Value toJSON() const;
};

/// The plan for a tile with these slots under mode M.
PhasePlan planPhases(unsigned Tile, PremMode M, llvm::ArrayRef<SlotUse> Slots);

} // namespace prem

#endif // PREM_ANALYSIS_PHASEPLAN_H
