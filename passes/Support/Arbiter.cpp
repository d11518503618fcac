//===- Arbiter.cpp - The arbitration policy of the linked runtime ---------===//
//
// Part of prem-llvm (include/prem/Support/Arbiter.h). -prem-arbiter's values
// and help are the entries of include/prem/Policies.def, in its order: the
// policies, numbered as prem_arbiter_policy numbers them, then "launch".
//
//===----------------------------------------------------------------------===//

#include "prem/Support/Arbiter.h"
#include "prem/prem_rt.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace prem;

static const ArbiterPolicy Policies[] = {
#define PREM_POLICY(Name, Enumerator, Targets, State, Help)                    \
  {#Name, ArbiterPolicy::Targets, ArbiterPolicy::State},
// Every policy of the target: on NVPTX the device, host and rtgate ones
// keep a block's state.
#define PREM_POLICY_EVERY(Name, Help)                                          \
  {#Name, ArbiterPolicy::ALL_TARGETS, ArbiterPolicy::BLOCK_STATE},
#include "prem/Policies.def"
};

static constexpr unsigned NumPolicies = std::size(Policies) - 1;

/// An index into Policies; an enumeration, so that cl::opt takes names.
enum PolicyIndex : unsigned {};

static cl::opt<PolicyIndex> ArbiterIndex(
    "prem-arbiter",
    cl::desc("Memory-phase arbitration policy of the linked device runtime"),
    cl::ValuesClass({
#define PREM_POLICY(Name, Enumerator, Targets, State, Help)                    \
  clEnumValN(PREM_POLICY_##Enumerator, #Name, Help),
#define PREM_POLICY_EVERY(Name, Help) clEnumValN(NumPolicies, #Name, Help),
#include "prem/Policies.def"
    }),
    cl::init(PolicyIndex(PREM_POLICY_NONE)));

std::string ArbiterPolicy::runtimeSuffix() const {
  return this == &Policies[PREM_POLICY_NONE] ? "" : ("-" + Name).str();
}

const ArbiterPolicy &prem::arbiterPolicy() { return Policies[ArbiterIndex]; }

uint64_t prem::runtimeScratchpadBytes(const Module &M) {
  return arbiterPolicy().State == ArbiterPolicy::BLOCK_STATE &&
                 Triple(M.getTargetTriple()).isNVPTX()
             ? PREM_RT_BLOCK_STATE_BYTES
             : 0;
}
