//===- PhasePlan.cpp - PREM modes and what a tile's phases do -------------===//
//
// USAGE:
//   opt -load-pass-plugin build/lib/PremPlugin.so
//       -passes=prem-tile,prem-les,prem-report -prem-mode=dae
//       -prem-report=report.json kernel.ll -S
//   (the plan is in each kernel's "prem": "mode" and "phases")
//
// Seed 001, Sec. 3.2.3: the modes differ only in how a tile's bytes reach
// the scratchpad and leave it. The registry says so per mode; planPhases
// applies it to a tile's slots together with the rules every mode shares:
//
//   - indirect loads are gathered element by element, indirect stores
//     scattered element by element (they have no interval to copy);
//   - with gathered elements a written slot holds its whole interval, loaded
//     in the Load phase even when the tile only writes it (a gathered
//     element that lies in it is read from it, and sees the tile's writes);
//   - a slot is copied back by intervals only when the tile writes every
//     byte of it (else bytes the tile does not own would be overwritten);
//     otherwise each written element is stored;
//   - read-only slots are never stored.
//
//===----------------------------------------------------------------------===//

#include "prem/Analysis/PhasePlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;
using namespace prem;

static constexpr ModeInfo Modes[] = {
    {PremMode::Compatible, "cmpt",
     "compatible interval: the unmodified tile runs in the memory phase",
     /*Splits=*/false, /*unused:*/ Transfer::Elements, Transfer::Elements},
    {PremMode::DAE, "dae",
     "decoupled access/execute: phases stripped from copies of the tile",
     /*Splits=*/true, Transfer::Elements, Transfer::Elements},
    {PremMode::SoftDMA, "sdma",
     "SoftDMA: cooperative interval copies (default)",
     /*Splits=*/true, Transfer::Intervals, Transfer::Intervals},
};

ArrayRef<ModeInfo> prem::premModes() { return Modes; }

const ModeInfo &prem::modeInfo(PremMode M) {
  for (const ModeInfo &I : Modes)
    if (I.Mode == M)
      return I;
  llvm_unreachable("a mode missing from the registry");
}

StringRef SlotPhases::loadName() const {
  if (scatters())
    return "none";
  if (gathers())
    return "gather";
  if (CopyIn)
    return Use.Rows ? "rows" : "interval";
  return LoadElements ? "element-wise" : "none";
}

StringRef SlotPhases::storeName() const {
  if (scatters())
    return "scatter";
  if (CopyOut)
    return Use.Rows ? "rows" : "interval";
  return StoreElements ? "element-wise" : "none";
}

json::Value PhasePlan::toJSON() const {
  if (!Mode->Splits)
    return "the tile itself, in the memory phase";
  json::Array Phases;
  for (const SlotPhases &S : Slots)
    Phases.push_back(json::Object{{"name", S.Use.Name},
                                  {"load", S.loadName()},
                                  {"store", S.storeName()}});
  return Phases;
}

PhasePlan prem::planPhases(unsigned Tile, PremMode M, ArrayRef<SlotUse> Slots) {
  PhasePlan Plan;
  Plan.Tile = Tile;
  Plan.Mode = &modeInfo(M);
  // Unsplit, the tile touches no slot.
  if (!Plan.Mode->Splits)
    return Plan;
  bool Gathers = any_of(Slots, [](const SlotUse &U) {
    return U.Kind == SlotUse::Indirect::Gather;
  });
  for (const SlotUse &U : Slots) {
    SlotPhases S{U};
    if (U.Kind == SlotUse::Indirect::None) {
      bool Whole = Gathers && U.Written;
      S.CopyIn = (Plan.Mode->Load == Transfer::Intervals && U.Read) || Whole;
      S.LoadElements = Plan.Mode->Load == Transfer::Elements && U.Read;
    }
    S.CopyOut = Plan.Mode->Store == Transfer::Intervals && U.Written &&
                U.WriteHasNoHoles;
    S.StoreElements = U.Written && !S.CopyOut;
    Plan.StrippedLoad |= U.Kind != SlotUse::Indirect::None;
    Plan.StrippedStore |= S.StoreElements;
    Plan.Slots.push_back(std::move(S));
  }
  // An element-wise mode's Load phase is the stripped copy even in a tile
  // that reads nothing (its control flow still runs there).
  Plan.StrippedLoad |= Plan.Mode->Load == Transfer::Elements;
  return Plan;
}
